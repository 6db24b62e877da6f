import { defineArea } from "../../kernel/area.ts";
import { COUPONS_USES } from "./context.ts";
import { createCouponsService } from "./coupons-service.ts";
import { couponsOperations } from "./operations.ts";
import { couponsRoutes } from "./routes.ts";

export const couponsArea = defineArea({
  uses: COUPONS_USES,
  service: (context) => createCouponsService(context),
  routes: [{ base: "/api/coupons", routes: couponsRoutes, operations: couponsOperations }],
});
