import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "../../app/lib/context.server.ts";
import type { Flash } from "../../app/lib/flash.server.ts";
import { FLASH_COOKIE } from "../../common/cookie-names.ts";
import type { Database } from "../../server/db/client.ts";
import { appFlows } from "../../server/flows/index.ts";
import { clearedSessionCookie, clearedSessionEndedCookie, sessionCookie } from "../../server/http/session-cookie.ts";
import type { Actor } from "../../server/kernel/access.ts";
import { users } from "../../server/modules/users/tables.ts";
import type { Services } from "../../server/services.ts";

/*
 * A page's loader or action run as the document handler runs it (server/http/document.ts): the services and
 * who is signed in in the React Router context, on the test app's database, with no HTTP in between.
 */

type PageRequest = {
  /** Who is signed in; nobody by default. */
  actor?: Actor | null;
  /** The cookies the browser holds (the cart, a sign-in challenge), as its Cookie header. */
  cookie?: string;
};

/** What a route's loader and action get from React Router. */
export type PageArgs<P> = { request: Request; context: RouterContextProvider; params: P; url: URL; pattern: string };

/** The account with this e-mail as who is signed in (the session's actor), for pages and services alike. */
export async function actorByEmail(database: Database, email: string): Promise<Actor> {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** The document handler's context for one request over plain HTTP from a documentation address. */
export function pageContext(services: Services, actor: Actor | null = null): RouterContextProvider {
  const value: AppContext = {
    services,
    flows: appFlows,
    actor,
    sessionToken: null,
    sessionEnded: false,
    clientAddress: "203.0.113.9",
    requestId: "test-request",
    crossSiteWrite: false,
    cspNonce: "",
    documentRequest: false,
    keptRichText: new Map(),
    sessionCookie: (token) => sessionCookie(token, false),
    clearedSessionCookie: () => clearedSessionCookie(false),
    clearedSessionEndedCookie: () => clearedSessionEndedCookie(false),
  };
  const context = new RouterContextProvider();
  context.set(appContext, value);
  return context;
}

/**
 * The arguments of a page's loader or action for `request`: `pattern` is the route's path in app/routes.ts
 * and `params` what it matched.
 */
export function pageArgs<P extends Record<string, string>>(
  services: Services,
  request: Request,
  { actor = null, params, pattern }: { actor?: Actor | null; params: P; pattern: string },
): PageArgs<P> {
  return { request, context: pageContext(services, actor), params, url: new URL(request.url), pattern };
}

const headersOf = (cookie: string | undefined): Record<string, string> => (cookie ? { cookie } : {});

/** A page's GET, as a browser asks for it. */
export const pageGet = (path: string, { cookie }: PageRequest = {}) =>
  new Request(`http://localhost${path}`, { headers: headersOf(cookie) });

/** A form posted to a page, as a browser without JavaScript posts it. */
export const pagePost = (path: string, fields: Record<string, string>, { cookie }: PageRequest = {}) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: headersOf(cookie),
  });

/** The redirect a page answered (a loader or action may return it or throw it); a test fails on anything else. */
export function redirectOf(answer: unknown): Response {
  if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
  return answer;
}

/** The Set-Cookie values of a page's answer: a redirect's, or those of `data(…, { headers })`. */
export function cookiesOf(answer: unknown): string[] {
  if (answer instanceof Response) return answer.headers.getSetCookie();
  const init = typeof answer === "object" && answer !== null && "init" in answer ? answer.init : undefined;
  const headers = typeof init === "object" && init !== null && "headers" in init ? init.headers : undefined;
  return headers instanceof Headers ? headers.getSetCookie() : [];
}

/** The value of the cookie `name` among Set-Cookie values, when one sets it. */
export const cookieValue = (cookies: string[], name: string) =>
  cookies.map((cookie) => new RegExp(`^${name}=([^;]*)`).exec(cookie)?.[1]).find((value) => value !== undefined);

/** The toast a page's answer carries for the next page (app/lib/flash.server.ts's cookie), when it sets one. */
export function flashOf(answer: unknown): Pick<Flash, "type" | "message"> | undefined {
  const value = cookieValue(cookiesOf(answer), FLASH_COOKIE);
  if (!value) return undefined;
  const { type, message }: Flash = JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
  return { type, message };
}
