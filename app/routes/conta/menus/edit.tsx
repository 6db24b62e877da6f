import { redirect, useActionData } from "react-router";
import { menuSchema } from "../../../../common/schemas/menu.ts";
import { MenuForm, type MenuOption } from "../../../components/conta/menu-form.tsx";
import { pageOptions } from "../../../components/conta/page-options.server.ts";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { idParam } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/edit";

export const MENU_SAVED = "Menu salvo com sucesso!";

export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = requireAdminPage(context);
  const { services, actor } = admin;
  const id = idParam(params);
  const menu = await services.menus.get(actor, id).catch((error: unknown) => {
    throw failureFrom(error);
  });
  const [menus, pages] = await Promise.all([services.menus.list(actor), pageOptions(admin, { current: menu.page_id })]);
  const parents: MenuOption[] = menus
    .filter((item) => item.id !== id)
    .map((item) => ({ value: String(item.id), label: item.name }));
  return { menu, parents, pages };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const submitted = await readSubmission(request);
  const checked = validate(menuSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.menus.update(actor, id, checked.data);
    return redirect("/conta/menus", { headers: { "Set-Cookie": await flashHeader("success", MENU_SAVED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar menu: ${loaderData.menu.name}` : "Editar menu" }];
}

export default function EditMenu({ loaderData }: Route.ComponentProps) {
  const { menu } = loaderData;
  return (
    <MenuForm
      // Another menu starts with a fresh form.
      key={menu.id}
      title="Editar menu"
      initialValues={{
        name: menu.name,
        url: menu.url,
        page_id: menu.page_id === null ? null : String(menu.page_id),
        parent_id: menu.parent_id === null ? null : String(menu.parent_id),
        enabled: menu.enabled,
        position: menu.position,
      }}
      pages={loaderData.pages}
      parents={loaderData.parents}
      hasSubmenus={menu.submenus.length > 0}
      withPosition
      answer={useActionData<typeof action>()}
    />
  );
}
