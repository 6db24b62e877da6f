import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the contact messages area calls (its `uses`, index.ts). */
export const CONTACTS_USES = ["audit", "mail", "shop", "contacts"] as const;

export type ContactsContext = ServiceContext<(typeof CONTACTS_USES)[number]>;
