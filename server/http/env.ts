import type { Logger } from "pino";
import type { Actor } from "../modules/access.ts";
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
    /** How the session came in: cookies need a same-origin check on writes. */
    authSource: "header" | "cookie" | null;
  };
};
