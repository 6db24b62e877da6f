import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type AppContext, appContext } from "../../common/app-context.ts";
import type { DocumentHandler } from "./app.ts";
import { clearedSessionCookie, sessionCookie } from "./session-cookie.ts";

/** Hands a request to React Router with the services and the signed-in user in its context. */
export function createDocumentHandler(
  getBuild: () => Promise<ServerBuild>,
  mode: "development" | "production",
): DocumentHandler {
  const handle = createRequestHandler(getBuild, mode);
  return (request, env) => {
    const { services } = env;
    const secure = services.config.secureCookies;
    const context = new RouterContextProvider();
    const value: AppContext = {
      services,
      actor: env.actor,
      sessionToken: env.sessionToken,
      clientAddress: env.clientAddress,
      sessionCookie: (token) => sessionCookie(token, secure),
      clearedSessionCookie: () => clearedSessionCookie(secure),
    };
    context.set(appContext, value);
    return handle(request, context);
  };
}
