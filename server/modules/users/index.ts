import { defineArea } from "../../kernel/area.ts";
import { profileRoutes } from "./profile-routes.ts";
import { usersRoutes } from "./routes.ts";
import { createUsersService } from "./users-service.ts";

export const usersArea = defineArea({
  service: ({ db }) => createUsersService(db),
  routes: [
    { base: "/api/users", routes: usersRoutes, operations: [] },
    { base: "/api/profile", routes: profileRoutes, operations: [] },
  ],
});
