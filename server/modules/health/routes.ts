import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { HealthDown, HealthOk } from "../../../common/views/health.ts";
import type { AppEnv } from "../../http/env.ts";

export const healthRoutes: Hono<AppEnv> = new Hono<AppEnv>().get("/", async (c) => {
  const { database } = c.get("services");
  try {
    await database.db.execute(sql`select 1`);
    return c.json({ status: "ok", database: database.engine } satisfies HealthOk);
  } catch (error) {
    c.get("logger").error({ err: error }, "health check failed");
    return c.json({ status: "error", message: "Banco de dados indisponível." } satisfies HealthDown, 503);
  }
});
