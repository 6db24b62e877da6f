import { defineArea } from "../../kernel/area.ts";
import { healthOperations, readyOperations } from "./operations.ts";
import { healthRoutes, readyRoutes } from "./routes.ts";

export const healthArea = defineArea({
  uses: [],
  routes: [
    { base: "/api/health", routes: healthRoutes, operations: healthOperations },
    { base: "/api/ready", routes: readyRoutes, operations: readyOperations },
  ],
});
