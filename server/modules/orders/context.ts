import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the orders area calls (its `uses`, index.ts). */
export const ORDERS_USES = ["audit", "coupons", "fiscal", "mail", "products", "settings", "shop"] as const;

export type OrdersContext = ServiceContext<(typeof ORDERS_USES)[number]>;
