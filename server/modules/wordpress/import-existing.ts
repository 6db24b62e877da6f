import { eq, ne } from "drizzle-orm";
import { defaultFeatures } from "../../../common/features.ts";
import type { Db } from "../../db/client.ts";
import { events, pages, posts } from "../content/tables.ts";
import { menus } from "../menus/tables.ts";
import { products, productVariants } from "../products/tables.ts";
import { settings } from "../settings/tables.ts";
import { uploads } from "../uploads/tables.ts";
import { users } from "../users/tables.ts";
import type { ExistingState, MappedRecord } from "./import-plan.ts";
import { wordpressRecords } from "./tables.ts";

/**
 * What the plan must know of the database: the slugs, SKUs and e-mails in use, and what an earlier
 * import of the same site made. Read-only, straight from the tables: a plan reads every slug at once,
 * which no area's list is for.
 */
export async function loadExistingState(db: Db, site: string): Promise<ExistingState> {
  const slugsOf = async (table: typeof pages | typeof posts | typeof events | typeof products) => {
    const rows = await db.select({ id: table.id, slug: table.slug }).from(table);
    return new Map(rows.map((row) => [row.slug, String(row.id)]));
  };
  const [page, post, event, product, skuRows, emailRows, mappedRows, uploadRows, menuRows, settingsRows] =
    await Promise.all([
      slugsOf(pages),
      slugsOf(posts),
      slugsOf(events),
      slugsOf(products),
      db
        .select({ sku: productVariants.sku, productId: productVariants.productId })
        .from(productVariants)
        .where(ne(productVariants.sku, "")),
      db.select({ email: users.email }).from(users),
      db
        .select({
          kind: wordpressRecords.kind,
          wpId: wordpressRecords.wpId,
          recordId: wordpressRecords.recordId,
          fingerprint: wordpressRecords.fingerprint,
        })
        .from(wordpressRecords)
        .where(eq(wordpressRecords.site, site)),
      db.select({ id: uploads.id }).from(uploads),
      db.select({ id: menus.id }).from(menus),
      db.select({ features: settings.features, homePageId: settings.homePageId }).from(settings).limit(1),
    ]);
  // A record deleted here since the earlier import is made again.
  const records: Record<string, Set<string>> = {
    page: new Set(page.values()),
    // The page an import made the home: chosen again only if it was deleted and is made again.
    home: new Set(page.values()),
    post: new Set(post.values()),
    event: new Set(event.values()),
    product: new Set(product.values()),
    attachment: new Set(uploadRows.map((row) => row.id)),
    menu: new Set(menuRows.map((row) => String(row.id))),
  };
  const mapped = new Map<string, MappedRecord>(
    mappedRows
      .filter((row) => records[row.kind]?.has(row.recordId))
      .map((row) => [`${row.kind}:${row.wpId}`, { recordId: row.recordId, fingerprint: row.fingerprint }]),
  );
  return {
    mapped,
    slugs: { page, post, event, product },
    skus: new Map(skuRows.map((row) => [row.sku, String(row.productId)])),
    emails: new Set(emailRows.map((row) => row.email.toLowerCase())),
    postsTitle: settingsRows[0]?.features.posts.title ?? defaultFeatures.posts.title,
    hasHomePage: (settingsRows[0]?.homePageId ?? null) !== null,
  };
}
