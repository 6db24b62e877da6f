import { defineArea } from "../../kernel/area.ts";
import { healthOperations } from "./operations.ts";
import { healthRoutes } from "./routes.ts";

export const healthArea = defineArea({
  routes: [{ base: "/api/health", routes: healthRoutes, operations: healthOperations }],
});
