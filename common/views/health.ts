import { z } from "../zod.ts";

/** GET /api/health when the process answers and the database responds. */
export const healthOkSchema = z.strictObject({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
export type HealthOk = z.infer<typeof healthOkSchema>;

/** GET /api/health when the database does not respond (503). */
export const healthDownSchema = z.strictObject({ status: z.literal("error"), message: z.string() });
export type HealthDown = z.infer<typeof healthDownSchema>;
