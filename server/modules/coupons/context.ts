import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the coupons area calls (its `uses`, index.ts). */
export const COUPONS_USES = ["audit", "products", "coupons"] as const;

export type CouponsContext = ServiceContext<(typeof COUPONS_USES)[number]>;
