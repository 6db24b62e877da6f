import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the members area calls (its `uses`, index.ts). */
export const MEMBERS_USES = ["audit", "mail", "settings", "shop", "users"] as const;

export type MembersContext = ServiceContext<(typeof MEMBERS_USES)[number]>;
