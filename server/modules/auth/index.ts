import { defineArea } from "../../kernel/area.ts";
import { createAuthService, createLoginThrottles } from "./auth-service.ts";
import { AUTH_USES } from "./context.ts";
import { authOperations, twoFactorOperations } from "./operations.ts";
import { createPasswordResetService, createResetState } from "./password-reset.ts";
import { authRoutes } from "./routes.ts";
import { createTwoFactorAtRest } from "./two-factor-at-rest.ts";
import { twoFactorRoutes } from "./two-factor-routes.ts";
import { createCodeChecks, createTwoFactorService } from "./two-factor-service.ts";

export const authArea = defineArea({
  uses: AUTH_USES,
  state: ({ throttle }) => ({
    login: createLoginThrottles(throttle),
    codeChecks: createCodeChecks(throttle),
    reset: createResetState(throttle),
  }),
  service: (context, state) => ({
    ...createAuthService(context, state.login),
    ...createTwoFactorService(context, state.codeChecks),
    ...createPasswordResetService(context, state.reset),
    ...createTwoFactorAtRest(context),
  }),
  routes: [
    { base: "/api/auth", routes: authRoutes, operations: authOperations },
    { base: "/api/profile/two-factor", routes: twoFactorRoutes, operations: twoFactorOperations },
  ],
});
