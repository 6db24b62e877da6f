import { data, type RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "../../common/app-context.ts";
import { isAdmin } from "../../server/modules/access.ts";

type AdminApp = AppContext & { actor: NonNullable<AppContext["actor"]> };

/** Account screens for admin and super only; others get the error page with 403. */
export function requireAdminPage(context: Readonly<RouterContextProvider>): AdminApp {
  const app = context.get(appContext);
  if (!app.actor) throw data(null, { status: 401 });
  if (!isAdmin(app.actor)) throw data(null, { status: 403 });
  return { ...app, actor: app.actor };
}
