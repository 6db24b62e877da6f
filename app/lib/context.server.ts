import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
// The app's one door to the server: types only, so no server code reaches the app's bundles
// (biome.json forbids app/ from importing server/ everywhere else).
import type { AppFlows } from "../../server/flows/index.ts";
import type { Actor } from "../../server/kernel/access.ts";
import type { Services } from "../../server/services.ts";

/**
 * What loaders and actions receive from the server (server/http/document.ts builds it). The key
 * lives on a global symbol because the React Router build is a separate bundle: both sides must
 * hold the very same context object.
 */
export type AppContext = {
  services: Services;
  /** The work across areas actions call, each given `services` first (server/flows/). */
  flows: Flows;
  actor: Actor | null;
  sessionToken: string | null;
  /** The browser sent a session cookie whose session is gone: the account area says so on /login. */
  sessionEnded: boolean;
  clientAddress: string;
  /** This request's id (its X-Request-Id, in its log lines); a server error's page shows it. */
  requestId: string;
  /** A write sent from another site (server/http/same-origin.ts): answered with the 403 error page. */
  crossSiteWrite: boolean;
  /** Marks this render's own inline scripts; the Content-Security-Policy allows them by hash. */
  cspNonce: string;
  /** A whole HTML document is being rendered, not the data of a client navigation (a `.data` address). */
  documentRequest: boolean;
  /** Rich texts this document's HTML carries and its hydration data does not (app/lib/rich-text.ts). */
  keptRichText: Map<string, string>;
  /** Set-Cookie values for signing in and out, built by the server. */
  sessionCookie(token: string): string;
  clearedSessionCookie(): string;
  /** Forgets the ended-session mark once the account area has said so. */
  clearedSessionEndedCookie(): string;
};

/** The modules' services, as loaders and actions call them. */
export type { Services };

/** The flows the server hands in, by name (server/flows/index.ts). */
export type Flows = AppFlows;

const key = Symbol.for("cms.app-context");
const registry = globalThis as typeof globalThis & { [key]?: RouterContext<AppContext> };

registry[key] ??= createContext<AppContext>();

export const appContext: RouterContext<AppContext> = registry[key];

export const getApp = (context: Readonly<RouterContextProvider>): AppContext => context.get(appContext);
