import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the sign-in area calls (its `uses`, index.ts). */
export const AUTH_USES = ["audit", "mail", "settings", "users", "auth"] as const;

export type AuthContext = ServiceContext<(typeof AUTH_USES)[number]>;
