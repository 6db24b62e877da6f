/** A committed import is pending while its items are written (they stay hidden) and done once all are in. */
export const mediaImportStatuses = ["pending", "done"] as const;
export type MediaImportStatus = (typeof mediaImportStatuses)[number];
