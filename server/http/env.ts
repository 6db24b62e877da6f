import type { Logger } from "pino";
import type { Actor } from "../kernel/access.ts";
import type { Services } from "../services.ts";

/** What every Hono handler can read from its context. */
export type AppEnv = {
  Variables: {
    services: Services;
    logger: Logger;
    requestId: string;
    clientAddress: string;
    actor: Actor | null;
    sessionToken: string | null;
    /** A session cookie came in but its session is gone (signed out elsewhere, expired). */
    sessionEnded: boolean;
    /** A page write that says it comes from another site: refused by React Router's root middleware. */
    crossSiteWrite: boolean;
  };
};
