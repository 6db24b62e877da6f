import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the products area calls (its `uses`, index.ts). */
export const PRODUCTS_USES = ["audit", "settings", "products"] as const;

export type ProductsContext = ServiceContext<(typeof PRODUCTS_USES)[number]>;
