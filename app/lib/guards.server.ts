import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { type AppContext, appContext } from "../../common/app-context.ts";
import { isAdmin } from "../../server/kernel/access.ts";
import { flashHeader } from "./flash.server.ts";
import { SESSION_ENDED } from "./session-ended.ts";

type AdminApp = AppContext & { actor: NonNullable<AppContext["actor"]> };

/**
 * The account area's middleware: every loader and action there needs a live session (spec §4).
 * Without one the browser goes to /login with the page to come back to, for a form post as well
 * as a page load. A page load with a session that ended (signed out elsewhere, expired) is told
 * why through a flash; on a navigation or a save the open page says it (useSessionEndedNotice),
 * as the browser may have dropped the cookie on an earlier request by then.
 */
export const requireSession: MiddlewareFunction<Response> = async ({ context, request, url }) => {
  const app = context.get(appContext);
  if (app.actor) return;
  const pageLoad = !new URL(request.url).pathname.endsWith(".data");
  const headers = new Headers();
  if (pageLoad && app.sessionEnded) {
    headers.append("Set-Cookie", await flashHeader("error", SESSION_ENDED));
    headers.append("Set-Cookie", app.clearedSessionEndedCookie());
  }
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers });
};

/** Account screens for admin and super only; others get the error page with 403. */
export function requireAdminPage(context: Readonly<RouterContextProvider>): AdminApp {
  const app = context.get(appContext);
  if (!app.actor) throw data(null, { status: 401 });
  if (!isAdmin(app.actor)) throw data(null, { status: 403 });
  return { ...app, actor: app.actor };
}
