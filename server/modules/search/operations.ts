import { listQuerySchema } from "../../../common/pagination.ts";
import { searchResultsSchema } from "../../../common/views/search.ts";
import { areaOperations, type Operation, output } from "../../http/openapi/operation.ts";

const search = areaOperations({ tag: "search", path: "/api/search", access: "public" });

export const searchOperations: Operation[] = [
  search.get({
    summary:
      "Full-text search over published pages, news and events (accents, case and Portuguese word endings ignored); best first, title matches weigh most",
    query: [listQuerySchema],
    success: {
      status: 200,
      description: "Hits in one ranked list",
      schema: output("SearchResults", searchResultsSchema),
    },
  }),
];
