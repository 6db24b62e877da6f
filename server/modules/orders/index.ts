import { defineArea } from "../../kernel/area.ts";
import { ORDERS_USES } from "./context.ts";
import { checkoutOperations, ordersOperations, paymentWebhookOperations } from "./operations.ts";
import { createOrdersService } from "./orders-service.ts";
import { paymentWebhookRoutes } from "./payment-webhook-routes.ts";
import { checkoutRoutes, ordersRoutes } from "./routes.ts";

export const ordersArea = defineArea({
  uses: ORDERS_USES,
  service: (context) => createOrdersService(context),
  routes: [
    { base: "/api/orders", routes: ordersRoutes, operations: ordersOperations },
    { base: "/api/shop/checkout", routes: checkoutRoutes, operations: checkoutOperations },
    { base: "/api/payments", routes: paymentWebhookRoutes, operations: paymentWebhookOperations },
  ],
});
