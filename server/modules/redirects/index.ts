import { defineArea } from "../../kernel/area.ts";
import { memo } from "../../kernel/memo.ts";
import { REDIRECTS_USES } from "./context.ts";
import { redirectsOperations } from "./operations.ts";
import { createRedirectHits } from "./redirect-hits.ts";
import { createRedirectsService, type RedirectTable } from "./redirects-service.ts";
import { redirectsRoutes } from "./routes.ts";

export const redirectsArea = defineArea({
  uses: REDIRECTS_USES,
  state: ({ database, logger }) => ({ table: memo<RedirectTable>(), hits: createRedirectHits(database.db, logger) }),
  service: (context, state) => createRedirectsService(context, state),
  listen(on, state) {
    on("redirects.changed", () => state.table.invalidate());
  },
  routes: [{ base: "/api/redirects", routes: redirectsRoutes, operations: redirectsOperations }],
});
