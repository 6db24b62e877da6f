import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { listQuerySchema } from "../../../common/pagination.ts";
import { auditListQuerySchema } from "../../../common/schemas/audit.ts";
import type { AppEnv } from "../../http/env.ts";
import { readQuery } from "../../http/input.ts";
import { requireSuper } from "./audit-service.ts";

/** Super users only (401 signed out, 403 for everyone else), before the query is read. */
const superOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireSuper(c.get("actor"));
  await next();
});

/** The audit log: read and exported, never written, changed or deleted through the API. */
export const auditRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .use(superOnly)
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, auditListQuerySchema) };
    return c.json(await c.get("services").audit.list(c.get("actor"), query));
  })
  .get("/export.csv", async (c) => {
    const csv = await c.get("services").audit.exportCsv(c.get("actor"), readQuery(c, auditListQuerySchema));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="auditoria.csv"');
    c.header("Cache-Control", "no-store");
    return c.body(csv);
  });
