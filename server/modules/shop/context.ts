import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the shop's settings and quotes call (its `uses`, index.ts). */
export const SHOP_USES = ["audit", "coupons", "mail", "products", "settings", "shop", "users"] as const;
/** The areas whose services the cart calls. */
export const CART_USES = ["coupons", "products", "shop", "cart"] as const;
/** The areas whose services the address lookup calls. */
export const ADDRESS_LOOKUP_USES = ["settings", "shop"] as const;

export type ShopContext = ServiceContext<(typeof SHOP_USES)[number]>;
export type CartContext = ServiceContext<(typeof CART_USES)[number]>;
export type AddressLookupContext = ServiceContext<(typeof ADDRESS_LOOKUP_USES)[number]>;
