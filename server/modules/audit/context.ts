import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the audit log area calls (its `uses`, index.ts). */
export const AUDIT_USES = ["audit"] as const;

export type AuditContext = ServiceContext<(typeof AUDIT_USES)[number]>;
