import { data } from "react-router";

/**
 * A site page's loader answer for one item: a members-only item opened by a member is hers alone, so no
 * shared cache or browser history may keep it (the page cache never stores a signed-in answer either:
 * server/http/page-cache.ts); everything else keeps the public pages' caching.
 */
export function itemAnswer<Data>(item: { members_only: boolean; withheld: boolean }, loaded: Data) {
  const openedByMember = item.members_only && !item.withheld;
  return data(loaded, openedByMember ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}
