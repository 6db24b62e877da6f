import { isSuper } from "../../common/roles.ts";
import { mediaFormSchema } from "../../common/schemas/media.ts";
import { menuSchema } from "../../common/schemas/menu.ts";
import { redirectSchema } from "../../common/schemas/redirects.ts";
import { userCreateSchema, userUpdateSchema } from "../../common/schemas/user.ts";
import { accountPaths } from "../../common/site-paths.ts";
import type { MenuItem } from "../../common/views/menus.ts";
import type { MenuOption } from "../components/conta/menu-form.tsx";
import { pageOptions } from "../components/conta/page-options.server.ts";
import { mediaSuggestions } from "../components/medias/media-form.tsx";
import type { SignedInApp } from "./guards.server.ts";
import { editRecordRoutes, newRecordRoutes, recordEditor } from "./record-routes.server.ts";

/** The parent menus a menu may go under (not itself) and the pages it may link to. */
async function menuChoices(app: SignedInApp, menu: MenuItem | null) {
  const [menus, pages] = await Promise.all([
    app.services.menus.list(app.actor),
    pageOptions(app, { current: menu?.page_id }),
  ]);
  const parents: MenuOption[] = menus
    .filter((item) => item.id !== menu?.id)
    .map((item) => ({ value: String(item.id), label: item.name }));
  return { parents, pages };
}

/** /conta/menus/new and /conta/menus/:id/edit. */
export const menuEditor = recordEditor({
  service: (services) => services.menus,
  schema: menuSchema,
  list: accountPaths.area("menus"),
  created: "Menu criado com sucesso!",
  saved: "Menu salvo com sucesso!",
  newData: (app) => menuChoices(app, null),
  editData: menuChoices,
});

/** /conta/redirects/new and /conta/redirects/:id/edit. */
export const redirectEditor = recordEditor({
  service: (services) => services.redirects,
  schema: redirectSchema,
  list: accountPaths.area("redirects"),
  created: "Redirecionamento criado com sucesso!",
  saved: "Redirecionamento salvo com sucesso!",
  newData: () => ({}),
  editData: () => ({}),
});

/** Only a super may grant the Super role (the service refuses it too). */
const canGrantSuper = ({ actor }: SignedInApp) => isSuper(actor);

/** /conta/users/new and /conta/users/:id/edit. */
export const userEditor = {
  new: newRecordRoutes({
    schema: userCreateSchema,
    list: accountPaths.area("users"),
    message: "Usuário criado com sucesso!",
    create: ({ services, actor }, input) => services.users.create(actor, input),
    data: (app) => ({ canGrantSuper: canGrantSuper(app) }),
  }),
  edit: editRecordRoutes({
    schema: userUpdateSchema,
    list: accountPaths.area("users"),
    message: "Usuário salvo com sucesso!",
    load: ({ services, actor }, id) => services.users.get(actor, id),
    // The session token keeps this session when administrators change their own password.
    update: ({ services, flows, actor, sessionToken }, id, input) =>
      flows.updateUser(services, actor, id, input, sessionToken),
    data: (app, user) => ({ canGrantSuper: canGrantSuper(app), editingSelf: user.id === app.actor.id }),
  }),
};

/** The categories, tags and languages already in use, offered while typing. */
const mediaChoices = async ({ services, actor }: SignedInApp) => ({
  suggestions: mediaSuggestions(await services.medias.filters(actor)),
});

/** /conta/medias/new and /conta/medias/:id/edit. */
export const mediaEditor = recordEditor({
  service: (services) => services.medias,
  schema: mediaFormSchema,
  list: accountPaths.area("medias"),
  created: "Item criado com sucesso!",
  saved: "Item salvo com sucesso!",
  newData: mediaChoices,
  editData: mediaChoices,
});
