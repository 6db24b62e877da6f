import { defineArea } from "../../kernel/area.ts";
import { searchOperations } from "./operations.ts";
import { searchRoutes } from "./routes.ts";
import { createSearchService, type SearchScope } from "./search-service.ts";

export const searchArea = defineArea({
  service: ({ db, services }) =>
    createSearchService(db, async (): ReturnType<SearchScope> => {
      const features = (await services.settings.get())?.features;
      return {
        posts: features?.posts.enabled ?? false,
        events: features?.events.enabled ?? false,
        medias: features?.medias.enabled ?? false,
      };
    }),
  routes: [{ base: "/api/search", routes: searchRoutes, operations: searchOperations }],
});
