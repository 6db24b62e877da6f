import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the customers area calls (its `uses`, index.ts). */
export const CUSTOMERS_USES = ["members", "users"] as const;

export type CustomersContext = ServiceContext<(typeof CUSTOMERS_USES)[number]>;
