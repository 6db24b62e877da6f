import type { SignedInApp } from "./guards.server.ts";

/** /conta/shop's dashboard: the last 30 days of orders and revenue, best sellers, products running low. */
export function loadShopDashboard({ services, actor }: SignedInApp) {
  return services.orders.dashboard(actor);
}
