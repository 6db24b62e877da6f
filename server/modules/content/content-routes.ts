import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import {
  type ContentListQuery,
  contentListQuerySchema,
  eventListQuerySchema,
  eventSchema,
  type PageInput,
  pageSchema,
  postSchema,
} from "../../../common/schemas/content.ts";
import type { ContentView } from "../../../common/views/content.ts";
import type { z } from "../../../common/zod.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";
import { sharedJson } from "../../http/shared-json.ts";
import type { Services } from "../../services.ts";
import type { ContentService } from "./content-service.ts";

/**
 * The REST routes of one content kind, from its service and its schemas: anyone reads what
 * content-access.ts lets them see, administrators write.
 */
function contentRoutes<View extends ContentView, Input extends PageInput, Query extends ContentListQuery>(kind: {
  service: (services: Services) => ContentService<View, Input, Query>;
  /** The list filters beyond page, per_page and q. */
  filters: z.ZodType<Query>;
  body: z.ZodType<Input>;
}): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, kind.filters) };
      return sharedJson(c, await kind.service(c.get("services")).list(c.get("actor"), query));
    })
    .get("/tags", async (c) => c.json(await kind.service(c.get("services")).tags(c.get("actor"))))
    .get("/:idOrSlug", async (c) =>
      sharedJson(c, await kind.service(c.get("services")).get(c.get("actor"), c.req.param("idOrSlug"))),
    )
    .post("/", adminOnly, async (c) => {
      const input = await readBody(c, kind.body);
      return c.json(await kind.service(c.get("services")).create(c.get("actor"), input), 201);
    })
    .put("/:id", adminOnly, async (c) => {
      const id = readId(c);
      const input = await readBody(c, kind.body);
      return c.json(await kind.service(c.get("services")).update(c.get("actor"), id, input));
    })
    .delete("/:id", adminOnly, async (c) => {
      await kind.service(c.get("services")).remove(c.get("actor"), readId(c));
      return c.body(null, 204);
    });
}

export const pagesRoutes: Hono<AppEnv> = contentRoutes({
  service: (services) => services.pages,
  filters: contentListQuerySchema,
  body: pageSchema,
});

export const postsRoutes: Hono<AppEnv> = contentRoutes({
  service: (services) => services.posts,
  filters: contentListQuerySchema,
  body: postSchema,
});

export const eventsRoutes: Hono<AppEnv> = contentRoutes({
  service: (services) => services.events,
  filters: eventListQuerySchema,
  body: eventSchema,
});
