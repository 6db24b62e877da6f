import { listQuerySchema } from "../../../common/pagination.ts";
import { searchResultsSchema } from "../../../common/views/search.ts";
import type { Operation } from "../../http/openapi/operation.ts";
import { output } from "../../http/openapi/operation.ts";

export const searchOperations: Operation[] = [
  {
    method: "get",
    path: "/api/search",
    summary:
      "Full-text search over published pages, news and events (accents, case and Portuguese word endings ignored); best first, title matches weigh most",
    tag: "search",
    access: "public",
    query: [listQuerySchema],
    success: {
      status: 200,
      description: "Hits in one ranked list",
      schema: output("SearchResults", searchResultsSchema),
    },
  },
];
