import type { ListQuery, Paginated } from "../../common/pagination.ts";
import type { ContentListQuery } from "../../common/schemas/content.ts";
import type { TagCount } from "../../common/views/content.ts";
import { z } from "../../common/zod.ts";
import type { Services } from "./context.server.ts";
import { readListQuery } from "./list-query.ts";
import { notFoundPage } from "./not-found.server.ts";
import { redirectPastLastPage } from "./page-links.ts";

type Settings = NonNullable<Awaited<ReturnType<Services["settings"]["get"]>>>;

/** Public lists show this many items a page. */
export const PUBLIC_PER_PAGE = 12;

/**
 * News (/noticias*), the agenda (/agenda*), the library (/biblioteca*), the shop (/loja*) and "Associe-se"
 * (/associe-se) exist only while their feature is switched on.
 */
export async function requireFeature(
  services: Services,
  feature: "posts" | "events" | "medias" | "shop" | "members",
): Promise<Settings> {
  const settings = await services.settings.get();
  if (!settings?.features[feature].enabled) throw notFoundPage();
  return settings;
}

/** A public list's service, as visitors (no actor) read it, members-only items listed as teasers. */
type PublicListSource<View> = {
  list(actor: null, query: ListQuery & ContentListQuery, items: "tease"): Promise<Paginated<View>>;
  tags(actor: null): Promise<TagCount[]>;
};

const publicListFilters = { tag: z.string().trim().min(1).max(40).optional() };

/**
 * /noticias and /agenda: one page of the published items in the service's own order (newest
 * news first; the agenda's upcoming events first), optionally by tag (?tag=), with every tag
 * for the filter and the heading the settings give the feature.
 */
export async function loadPublicList<View>(
  services: Services,
  url: URL,
  feature: "posts" | "events",
  source: PublicListSource<View>,
) {
  const settings = await requireFeature(services, feature);
  const query = readListQuery(url, publicListFilters);
  const [list, tags] = await Promise.all([
    source.list(
      null,
      { page: query.page, per_page: PUBLIC_PER_PAGE, q: "", tag: query.tag, sort: "date_desc" },
      "tease",
    ),
    source.tags(null),
  ]);
  redirectPastLastPage(url, list.pagination, list.data.length);
  return { list, tags, tag: query.tag ?? null, heading: settings.features[feature].title };
}

/** Feeds only answer GET: a post gets a short plain-text 405, not React Router's JSON error. */
export function plainMethodNotAllowed(): Response {
  return new Response("Método não permitido.", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
