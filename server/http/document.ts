import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type AppContext, appContext, type Flows } from "../../app/lib/context.server.ts";
import { appFlows } from "../flows/index.ts";
import { runInRequest } from "../kernel/request-context.ts";
import type { DocumentHandler } from "./app.ts";
import { newCspNonce, withContentSecurityPolicy } from "./content-security-policy.ts";
import { clearedSessionCookie, clearedSessionEndedCookie, sessionCookie } from "./session-cookie.ts";

/** The flows loaders and actions call: server code the app's bundles never import. */
const flows: Flows = appFlows;

/**
 * Hands a request to React Router with the services, the flows, the signed-in user and the request's id in
 * its context. The render runs in the request's context (server/kernel/request-context.ts) wherever it
 * runs: a render worker's log lines name the request as the main thread's do.
 */
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
      flows,
      actor: env.actor,
      sessionToken: env.sessionToken,
      sessionEnded: env.sessionEnded,
      clientAddress: env.clientAddress,
      requestId: env.requestId,
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
    const userAgent = (request.headers.get("user-agent") ?? "").slice(0, 400);
    const response = await runInRequest({ id: env.requestId, address: env.clientAddress, userAgent }, () =>
      handle(request, context),
    );
    return withContentSecurityPolicy(response, cspNonce, async () => Boolean((await services.settings.get())?.gtag));
  };
}
