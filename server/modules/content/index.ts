import { defineArea } from "../../kernel/area.ts";
import { eventsRoutes } from "./events-routes.ts";
import { createEventsService } from "./events-service.ts";
import { pagesRoutes } from "./pages-routes.ts";
import { createPagesService } from "./pages-service.ts";
import { postsRoutes } from "./posts-routes.ts";
import { createPostsService } from "./posts-service.ts";

export const pagesArea = defineArea({
  service: (context) => createPagesService(context),
  routes: [{ base: "/api/pages", routes: pagesRoutes, operations: [] }],
});

export const postsArea = defineArea({
  service: ({ db }) => createPostsService(db),
  routes: [{ base: "/api/posts", routes: postsRoutes, operations: [] }],
});

export const eventsArea = defineArea({
  service: ({ db }) => createEventsService(db),
  routes: [{ base: "/api/events", routes: eventsRoutes, operations: [] }],
});
