import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import type { AppEnv } from "../../http/env.ts";
import { readQuery } from "../../http/input.ts";

/** Public full-text search over published pages, news and events. */
export const searchRoutes: Hono<AppEnv> = new Hono<AppEnv>().get("/", async (c) => {
  const query = readQuery(c, listQuerySchema);
  return c.json(await c.get("services").search.search(query));
});
