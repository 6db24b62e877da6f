import { Hono } from "hono";
import type { FailureBody } from "../../../common/failure.ts";
import type { HealthOk, ReadyOk } from "../../../common/views/health.ts";
import { migrationStatus } from "../../db/migration-status.ts";
import type { AppEnv } from "../../http/env.ts";

export const DATABASE_DOWN = "Banco de dados indisponível.";
export const MIGRATIONS_MISSING = "O banco de dados não tem todas as migrações desta versão.";
export const DATABASE_NEWER = "O banco de dados já foi atualizado por uma versão mais nova do sistema.";

/** Liveness: the process answers. A database outage must not get every process restarted. */
export const healthRoutes: Hono<AppEnv> = new Hono<AppEnv>().get("/", (c) =>
  c.json({ status: "ok", database: c.get("services").database.engine } satisfies HealthOk),
);

/** Readiness: a load balancer sends requests only while the database answers with exactly this code's migrations. */
export const readyRoutes: Hono<AppEnv> = new Hono<AppEnv>().get("/", async (c) => {
  const { database } = c.get("services");
  let status: Awaited<ReturnType<typeof migrationStatus>>;
  try {
    status = await migrationStatus(database.db);
  } catch (error) {
    c.get("logger").error({ err: error }, "readiness check failed");
    return c.json({ message: DATABASE_DOWN } satisfies FailureBody, 503);
  }
  if (status.missing.length > 0) {
    c.get("logger").warn({ missing: status.missing }, "readiness check: migrations missing");
    return c.json({ message: MIGRATIONS_MISSING } satisfies FailureBody, 503);
  }
  // A machine still on the previous version during a rolling upgrade: the balancer sends visitors elsewhere.
  if (status.newer > 0) return c.json({ message: DATABASE_NEWER } satisfies FailureBody, 503);
  return c.json({ status: "ready", database: database.engine, migrations: status.applied } satisfies ReadyOk);
});
