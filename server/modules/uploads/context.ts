import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the uploads area calls (its `uses`, index.ts). */
export const UPLOADS_USES = ["audit", "uploads"] as const;

export type UploadsContext = ServiceContext<(typeof UPLOADS_USES)[number]>;
