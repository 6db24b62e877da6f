import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../users/tables.ts";
import type { ExistingState, MappedRecord, SlugKind } from "./import-plan.ts";
import { wordpressRecords } from "./tables.ts";

/**
 * What the site's other areas hold that a plan depends on, as their services answer it
 * (server/flows/wordpress-import/site-keys.ts): each record's id as text, the way the import keeps it.
 */
export type SiteKeys = {
  /** Every slug in use, per kind, with the id of the record using it. */
  slugs: Record<SlugKind, ReadonlyMap<string, string>>;
  /** SKUs in use, with the product using each. */
  skus: ReadonlyMap<string, string>;
  uploadIds: ReadonlySet<string>;
  menuIds: ReadonlySet<string>;
  /** What the site calls its news list. */
  postsTitle: string;
  hasHomePage: boolean;
};

/** Read when the plan is made, not before: the site may change while a large export is read. */
export type SiteKeysReader = () => Promise<SiteKeys>;

/**
 * Read model of the users area: every account's e-mail at once (thousands on a moved-in shop), which
 * the users service has no read for.
 */
async function accountEmails(db: Db): Promise<Set<string>> {
  const rows = await db.select({ email: users.email }).from(users);
  return new Set(rows.map((row) => row.email.toLowerCase()));
}

/** What the plan must know: the other areas' keys, the accounts' e-mails and what an earlier import of the same site made. */
export async function loadExistingState(db: Db, site: string, readKeys: SiteKeysReader): Promise<ExistingState> {
  const [keys, emails, mappedRows] = await Promise.all([
    readKeys(),
    accountEmails(db),
    db
      .select({
        kind: wordpressRecords.kind,
        wpId: wordpressRecords.wpId,
        recordId: wordpressRecords.recordId,
        fingerprint: wordpressRecords.fingerprint,
      })
      .from(wordpressRecords)
      .where(eq(wordpressRecords.site, site)),
  ]);
  const { page, post, event, product } = keys.slugs;
  // A record deleted here since the earlier import is made again.
  const records: Record<string, ReadonlySet<string>> = {
    page: new Set(page.values()),
    // The page an import made the home: chosen again only if it was deleted and is made again.
    home: new Set(page.values()),
    post: new Set(post.values()),
    event: new Set(event.values()),
    product: new Set(product.values()),
    attachment: keys.uploadIds,
    menu: keys.menuIds,
  };
  const mapped = new Map<string, MappedRecord>(
    mappedRows
      .filter((row) => records[row.kind]?.has(row.recordId))
      .map((row) => [`${row.kind}:${row.wpId}`, { recordId: row.recordId, fingerprint: row.fingerprint }]),
  );
  return {
    mapped,
    slugs: keys.slugs,
    skus: keys.skus,
    emails,
    postsTitle: keys.postsTitle,
    hasHomePage: keys.hasHomePage,
  };
}
