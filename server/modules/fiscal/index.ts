import { defineArea } from "../../kernel/area.ts";
import { FISCAL_USES } from "./context.ts";
import { createFiscalService, createFiscalState } from "./fiscal-service.ts";
import { fiscalOperations } from "./operations.ts";
import { fiscalRoutes } from "./routes.ts";

export const fiscalArea = defineArea({
  uses: FISCAL_USES,
  state: ({ config }) => createFiscalState({ config }),
  service: (context, state) => createFiscalService(context, state),
  listen: (on, state) => on("fiscal.changed", () => state.settings.invalidate()),
  routes: [{ base: "/api/fiscal", routes: fiscalRoutes, operations: fiscalOperations }],
});
