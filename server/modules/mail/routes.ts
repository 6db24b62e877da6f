import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import { mailListQuerySchema } from "../../../common/schemas/mail.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readId, readQuery } from "../../http/input.ts";

export const mailRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/outbox", adminOnly, async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, mailListQuerySchema) };
    return c.json(await c.get("services").mail.list(c.get("actor"), query));
  })
  .post("/outbox/:id/retry", adminOnly, async (c) =>
    c.json(await c.get("services").mail.retry(c.get("actor"), readId(c))),
  );
