import { defineArea } from "../../kernel/area.ts";
import { publicReader } from "../../kernel/public-reads.ts";
import { searchOperations } from "./operations.ts";
import { searchRoutes } from "./routes.ts";
import { createSearchService, type SearchScope } from "./search-service.ts";

export const searchArea = defineArea({
  uses: ["settings"],
  service: (context) =>
    createSearchService(
      context.db,
      async (): ReturnType<SearchScope> => {
        const features = (await context.services.settings.get())?.features;
        return {
          posts: features?.posts.enabled ?? false,
          events: features?.events.enabled ?? false,
          medias: features?.medias.enabled ?? false,
          shop: features?.shop.enabled ?? false,
        };
      },
      publicReader(context, "search"),
    ),
  routes: [{ base: "/api/search", routes: searchRoutes, operations: searchOperations }],
});
