import { defaultFeatures } from "../../../common/features.ts";
import type { SiteKeys } from "../../modules/wordpress/import-existing.ts";
import type { Services } from "../../services.ts";

/** Ids as text, the way the import keeps every record's. */
const asText = <Key, Id>(found: ReadonlyMap<Key, Id>) => new Map([...found].map(([key, id]) => [key, String(id)]));

/**
 * What the site already has that an import's plan depends on, each area asked for its own: the slugs
 * and SKUs in use, the files and menu entries still there, what the news list is called, whether a
 * page is the home.
 */
export async function siteKeysOf(services: Services): Promise<SiteKeys> {
  const [page, post, event, product, skus, uploadIds, menuIds, settings] = await Promise.all([
    services.pages.slugs(),
    services.posts.slugs(),
    services.events.slugs(),
    services.products.slugs(),
    services.products.skus(),
    services.uploads.ids(),
    services.menus.ids(),
    services.settings.get(),
  ]);
  return {
    slugs: { page: asText(page), post: asText(post), event: asText(event), product: asText(product) },
    skus: asText(skus),
    uploadIds,
    menuIds: new Set([...menuIds].map(String)),
    postsTitle: settings?.features.posts.title ?? defaultFeatures.posts.title,
    hasHomePage: (settings?.home_page_id ?? null) !== null,
  };
}
