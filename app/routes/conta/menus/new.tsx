import { redirect, useActionData } from "react-router";
import { menuSchema } from "../../../../common/schemas/menu.ts";
import { emptyMenu, MenuForm, type MenuOption } from "../../../components/conta/menu-form.tsx";
import { pageOptions } from "../../../components/conta/page-options.server.ts";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/new";

export const MENU_CREATED = "Menu criado com sucesso!";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdminPage(context);
  const { services, actor } = admin;
  const [menus, pages] = await Promise.all([services.menus.list(actor), pageOptions(admin)]);
  const parents: MenuOption[] = menus.map((menu) => ({ value: String(menu.id), label: menu.name }));
  return { parents, pages };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const submitted = await readSubmission(request);
  const checked = validate(menuSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.menus.create(actor, checked.data);
    return redirect("/conta/menus", { headers: { "Set-Cookie": await flashHeader("success", MENU_CREATED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta() {
  return [{ title: "Novo menu" }];
}

export default function NewMenu({ loaderData }: Route.ComponentProps) {
  return (
    <MenuForm
      title="Novo menu"
      initialValues={emptyMenu}
      pages={loaderData.pages}
      parents={loaderData.parents}
      answer={useActionData<typeof action>()}
    />
  );
}
