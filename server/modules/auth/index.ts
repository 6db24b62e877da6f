import { defineArea } from "../../kernel/area.ts";
import { createAuthService, createLoginThrottles } from "./auth-service.ts";
import { authOperations } from "./operations.ts";
import { createPasswordResetService, createResetState } from "./password-reset.ts";
import { authRoutes } from "./routes.ts";

export const authArea = defineArea({
  state: ({ throttle }) => ({ login: createLoginThrottles(throttle), reset: createResetState(throttle) }),
  service: (context, state) => ({
    ...createAuthService(context.db, state.login),
    ...createPasswordResetService(context, state.reset),
  }),
  routes: [{ base: "/api/auth", routes: authRoutes, operations: authOperations }],
});
