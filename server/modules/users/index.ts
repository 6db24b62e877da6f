import { defineArea } from "../../kernel/area.ts";
import { USERS_USES } from "./context.ts";
import { profileOperations, usersOperations } from "./operations.ts";
import { profileRoutes } from "./profile-routes.ts";
import { usersRoutes } from "./routes.ts";
import { createUsersService, createUsersState } from "./users-service.ts";

export const usersArea = defineArea({
  uses: USERS_USES,
  state: ({ throttle }) => createUsersState(throttle),
  service: (context, state) => createUsersService(context, state),
  routes: [
    { base: "/api/profile", routes: profileRoutes, operations: profileOperations },
    { base: "/api/users", routes: usersRoutes, operations: usersOperations },
  ],
});
