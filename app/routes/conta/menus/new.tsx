import { useActionData } from "react-router";
import { emptyMenu, MenuForm } from "../../../components/conta/menu-form.tsx";
import { menuEditor } from "../../../lib/account-editors.server.ts";
import type { Route } from "./+types/new";

export const loader = menuEditor.new.loader;
export const action = menuEditor.new.action;

export function meta() {
  return [{ title: "Novo menu" }];
}

export default function NewMenu({ loaderData }: Route.ComponentProps) {
  return (
    <MenuForm
      title="Novo menu"
      defaultValue={emptyMenu}
      pages={loaderData.pages}
      parents={loaderData.parents}
      answer={useActionData()}
    />
  );
}
