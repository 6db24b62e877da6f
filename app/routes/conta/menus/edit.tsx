import { useActionData } from "react-router";
import { MenuForm } from "../../../components/conta/menu-form.tsx";
import { menuEditor } from "../../../lib/account-editors.server.ts";
import type { Route } from "./+types/edit";

export const loader = menuEditor.edit.loader;
export const action = menuEditor.edit.action;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar menu: ${loaderData.item.name}` : "Editar menu" }];
}

export default function EditMenu({ loaderData }: Route.ComponentProps) {
  const { item: menu } = loaderData;
  return (
    <MenuForm
      // Another menu starts with a fresh form.
      key={menu.id}
      title="Editar menu"
      defaultValue={{
        name: menu.name,
        url: menu.url,
        page_id: menu.page_id,
        parent_id: menu.parent_id,
        enabled: menu.enabled,
        position: menu.position,
      }}
      pages={loaderData.pages}
      parents={loaderData.parents}
      hasSubmenus={menu.submenus.length > 0}
      withPosition
      answer={useActionData()}
    />
  );
}
