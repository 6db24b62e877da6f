import { defineArea } from "../../kernel/area.ts";
import { CUSTOMERS_USES } from "./context.ts";
import { createCustomersService } from "./customers-service.ts";
import { customerOperations } from "./operations.ts";
import { customerRoutes } from "./routes.ts";
import { createCustomerThrottles } from "./throttles.ts";

/** Customers' own data: sign-up, saved addresses, the LGPD export (deleting the account is a flow: server/flows/). */
export const customersArea = defineArea({
  uses: CUSTOMERS_USES,
  state: ({ throttle }) => createCustomerThrottles(throttle),
  service: (context, throttles) => createCustomersService(context, throttles),
  routes: [{ base: "/api/profile", routes: customerRoutes, operations: customerOperations }],
});
