import { defineArea } from "../../kernel/area.ts";
import { createAuthService, createLoginThrottles } from "./auth-service.ts";
import { authOperations } from "./operations.ts";
import { authRoutes } from "./routes.ts";

export const authArea = defineArea({
  state: () => createLoginThrottles(),
  service: ({ db }, throttles) => createAuthService(db, throttles),
  routes: [{ base: "/api/auth", routes: authRoutes, operations: authOperations }],
});
