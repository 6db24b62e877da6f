import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the users area calls (its `uses`, index.ts). */
export const USERS_USES = ["audit", "mail", "users"] as const;

export type UsersContext = ServiceContext<(typeof USERS_USES)[number]>;
