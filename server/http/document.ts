import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type AppContext, appContext } from "../../app/lib/context.server.ts";
import type { DocumentHandler } from "./app.ts";
import { newCspNonce, withContentSecurityPolicy } from "./content-security-policy.ts";
import { clearedSessionCookie, clearedSessionEndedCookie, sessionCookie } from "./session-cookie.ts";

/** Hands a request to React Router with the services and the signed-in user in its context. */
export function createDocumentHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: "development" | "production",
): DocumentHandler {
  // Given the build itself (production), React Router derives its route tables once; given a function
  // (development), it derives them again on every request to pick up changes.
  const handle = createRequestHandler(build, mode);
  return async (request, env) => {
    const { services } = env;
    const cspNonce = newCspNonce();
    const secure = services.config.secureCookies;
    const context = new RouterContextProvider();
    const value: AppContext = {
      services,
      actor: env.actor,
      sessionToken: env.sessionToken,
      sessionEnded: env.sessionEnded,
      clientAddress: env.clientAddress,
      crossSiteWrite: env.crossSiteWrite,
      cspNonce,
      // React Router's single fetch asks for a route's data at its address plus ".data".
      documentRequest: !new URL(request.url).pathname.endsWith(".data"),
      keptRichText: new Map(),
      sessionCookie: (token) => sessionCookie(token, secure),
      clearedSessionCookie: () => clearedSessionCookie(secure),
      clearedSessionEndedCookie: () => clearedSessionEndedCookie(secure),
    };
    context.set(appContext, value);
    const response = await handle(request, context);
    return withContentSecurityPolicy(response, cspNonce, async () => Boolean((await services.settings.get())?.gtag));
  };
}
