import { defineArea } from "../../kernel/area.ts";
import { createAuthService, createLoginThrottles } from "./auth-service.ts";
import { authOperations } from "./operations.ts";
import { createPasswordResetService, createResetThrottles } from "./password-reset.ts";
import { authRoutes } from "./routes.ts";

export const authArea = defineArea({
  state: ({ throttle }) => ({ login: createLoginThrottles(throttle), reset: createResetThrottles(throttle) }),
  service: (context, throttles) => ({
    ...createAuthService(context.db, throttles.login),
    ...createPasswordResetService(context, throttles.reset),
  }),
  routes: [{ base: "/api/auth", routes: authRoutes, operations: authOperations }],
});
