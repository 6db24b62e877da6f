import type { AreaName } from "./area-names.ts";
import { auditArea } from "./modules/audit/index.ts";
import { authArea } from "./modules/auth/index.ts";
import { contactsArea } from "./modules/contacts/index.ts";
import { eventsArea, pagesArea, postsArea } from "./modules/content/index.ts";
import { couponsArea } from "./modules/coupons/index.ts";
import { customersArea } from "./modules/customers/index.ts";
import { fiscalArea } from "./modules/fiscal/index.ts";
import { healthArea } from "./modules/health/index.ts";
import { mailArea } from "./modules/mail/index.ts";
import { mediaImportArea, mediasArea } from "./modules/medias/index.ts";
import { membersArea } from "./modules/members/index.ts";
import { menusArea } from "./modules/menus/index.ts";
import { ordersArea } from "./modules/orders/index.ts";
import { productsArea } from "./modules/products/index.ts";
import { redirectsArea } from "./modules/redirects/index.ts";
import { searchArea } from "./modules/search/index.ts";
import { secretsArea } from "./modules/secrets/index.ts";
import { settingsArea } from "./modules/settings/index.ts";
import { addressLookupArea } from "./modules/shop/address-lookup-area.ts";
import { cartArea, shopArea } from "./modules/shop/index.ts";
import { uploadsArea } from "./modules/uploads/index.ts";
import { usersArea } from "./modules/users/index.ts";
import { wordpressArea } from "./modules/wordpress/index.ts";

/**
 * Every area of the product, registered once: the key names its service (`services.pages`), and
 * its routes are mounted and documented from here (server/http/app.ts, server/http/openapi/).
 */
export const areas = {
  health: healthArea,
  audit: auditArea,
  settings: settingsArea,
  auth: authArea,
  users: usersArea,
  customers: customersArea,
  menus: menusArea,
  redirects: redirectsArea,
  contacts: contactsArea,
  mail: mailArea,
  pages: pagesArea,
  posts: postsArea,
  events: eventsArea,
  medias: mediasArea,
  mediaImport: mediaImportArea,
  products: productsArea,
  shop: shopArea,
  cart: cartArea,
  coupons: couponsArea,
  addressLookup: addressLookupArea,
  fiscal: fiscalArea,
  members: membersArea,
  orders: ordersArea,
  search: searchArea,
  uploads: uploadsArea,
  wordpress: wordpressArea,
  secrets: secretsArea,
} satisfies Record<AreaName, unknown>;
