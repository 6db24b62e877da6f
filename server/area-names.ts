/**
 * The name of every area, the keys of server/areas.ts (which must have exactly these). Kept apart from the
 * registry so that an area's `uses` can be typed by names without its own definition in the type.
 */
export const AREA_NAMES = [
  "health",
  "audit",
  "settings",
  "auth",
  "users",
  "customers",
  "menus",
  "redirects",
  "contacts",
  "mail",
  "pages",
  "posts",
  "events",
  "medias",
  "mediaImport",
  "products",
  "shop",
  "cart",
  "coupons",
  "addressLookup",
  "fiscal",
  "members",
  "orders",
  "search",
  "uploads",
  "wordpress",
  "secrets",
] as const;

export type AreaName = (typeof AREA_NAMES)[number];
