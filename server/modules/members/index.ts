import { defineArea } from "../../kernel/area.ts";
import { MEMBERS_USES } from "./context.ts";
import { createApplicationThrottle, createMembersService } from "./members-service.ts";
import { membersOperations } from "./operations.ts";
import { membersRoutes } from "./routes.ts";

export const membersArea = defineArea({
  uses: MEMBERS_USES,
  state: ({ throttle }) => createApplicationThrottle(throttle),
  service: (context, throttle) => createMembersService(context, throttle),
  routes: [{ base: "/api/members", routes: membersRoutes, operations: membersOperations }],
});
