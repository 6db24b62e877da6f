import { customType, timestamp } from "drizzle-orm/pg-core";

/** Columns every area's tables share. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's full-text document type (Drizzle has no column for it). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Bytes, as PostgreSQL's bytea (a Buffer from pg, a Uint8Array from PGlite). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
