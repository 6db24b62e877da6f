import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the mail area calls (its `uses`, index.ts). */
export const MAIL_USES = ["audit", "settings", "mail"] as const;

export type MailContext = ServiceContext<(typeof MAIL_USES)[number]>;
