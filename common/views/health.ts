import { z } from "../zod.ts";

/** GET /api/health: the process answers (liveness; the database is not asked). */
export const healthOkSchema = z.strictObject({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
export type HealthOk = z.infer<typeof healthOkSchema>;

/** GET /api/ready: the database answers and has every migration of this code. */
export const readyOkSchema = z.strictObject({
  status: z.literal("ready"),
  database: z.enum(["pglite", "postgres"]),
  migrations: z.number().int(),
});
export type ReadyOk = z.infer<typeof readyOkSchema>;
