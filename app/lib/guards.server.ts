import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { isAdmin } from "../../common/roles.ts";
import { sitePaths } from "../../common/site-paths.ts";
import { type AppContext, getApp } from "./context.server.ts";
import { flashHeader } from "./flash.server.ts";
import { SESSION_ENDED } from "./session-ended.ts";

/** The load context of a signed-in request: its actor is known. */
export type SignedInApp = AppContext & { actor: NonNullable<AppContext["actor"]> };

/**
 * The account area's middleware: every loader and action there needs a live session (docs/spec.md §4).
 * Without one the browser goes to /login with the page to come back to, for a form post as well
 * as a page load. A page load with a session that ended (signed out elsewhere, expired) is told
 * why through a flash; on a navigation or a save the open page says it (useSessionEndedNotice),
 * as the browser may have dropped the cookie on an earlier request by then.
 */
export const requireSession: MiddlewareFunction<Response> = async ({ context, request, url }) => {
  const app = getApp(context);
  if (app.actor) return;
  const pageLoad = !new URL(request.url).pathname.endsWith(".data");
  const headers = new Headers();
  if (pageLoad && app.sessionEnded) {
    headers.append("Set-Cookie", await flashHeader("error", SESSION_ENDED));
    headers.append("Set-Cookie", app.clearedSessionEndedCookie());
  }
  throw redirect(sitePaths.loginThenBack(url.pathname + url.search), { headers });
};

/**
 * Account screens for any signed-in person (their own data). The account layout's middleware has
 * already sent visitors to /login; a request that still has no actor gets the error page with 401.
 */
export function requireUser(context: Readonly<RouterContextProvider>): SignedInApp {
  const app = getApp(context);
  if (!app.actor) throw data(null, { status: 401 });
  return { ...app, actor: app.actor };
}

/** Account screens for admin and super only; others get the error page with 403. */
export function requireAdmin(context: Readonly<RouterContextProvider>): SignedInApp {
  const app = requireUser(context);
  if (!isAdmin(app.actor)) throw data(null, { status: 403 });
  return app;
}

/** The login page is for visitors: a signed-in user opening it is sent home (docs/spec.md §4). */
export function requireVisitor(context: Readonly<RouterContextProvider>): void {
  if (getApp(context).actor) throw redirect("/");
}
