import { eq, type SQL } from "drizzle-orm";
import type { Actor } from "../../kernel/access.ts";
import { scopeFor } from "../../kernel/scope.ts";
import { products } from "./tables.ts";

/**
 * Which products an actor may read, as a query filter: administrators every one (drafts and archived
 * ones too, as previews), everyone else the published ones. The shop's lists, product pages, carts,
 * the sitemap and the site search all use it.
 */
export function productsAccess(actor: Actor | null): SQL | undefined {
  return scopeFor(actor) === "any" ? undefined : eq(products.status, "published");
}
