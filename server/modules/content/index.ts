import { defineArea } from "../../kernel/area.ts";
import { eventsRoutes, pagesRoutes, postsRoutes } from "./content-routes.ts";
import { EVENTS_USES, PAGES_USES, POSTS_USES } from "./context.ts";
import { createEventsService } from "./events-service.ts";
import { eventsOperations, pagesOperations, postsOperations } from "./operations.ts";
import { createPagesService } from "./pages-service.ts";
import { createPostsService } from "./posts-service.ts";

export const pagesArea = defineArea({
  uses: PAGES_USES,
  service: (context) => createPagesService(context),
  routes: [{ base: "/api/pages", routes: pagesRoutes, operations: pagesOperations }],
});

export const postsArea = defineArea({
  uses: POSTS_USES,
  service: (context) => createPostsService(context),
  routes: [{ base: "/api/posts", routes: postsRoutes, operations: postsOperations }],
});

export const eventsArea = defineArea({
  uses: EVENTS_USES,
  service: (context) => createEventsService(context),
  routes: [{ base: "/api/events", routes: eventsRoutes, operations: eventsOperations }],
});
