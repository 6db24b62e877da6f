import type { MetaDescriptor } from "react-router";
import { absoluteFileUrl, absoluteUrl, DESCRIPTION_LENGTH, type JsonLd, truncate } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { RootData } from "../../root.tsx";

export type SeoInput = {
  /** The root loader's data (`matches[0].loaderData` in a meta function). */
  root: RootData | undefined;
  /** The item's own title; the home leaves it out and is titled with the site title alone. */
  title?: string;
  /** Summary or rich text; cut per docs/spec.md §9. The site description stands in when empty. */
  description?: string;
  /** The site path of the page, e.g. /noticias/colheita. */
  path: string;
  /** The cover (an uploaded file url); the site cover or logo stands in when empty. */
  image?: string | null;
  type?: "website" | "article";
  jsonLd?: JsonLd | JsonLd[];
  /** Previews, search results and other pages search engines should not keep. */
  noindex?: boolean;
  /** Extra tags, e.g. the RSS alternate link. */
  extra?: MetaDescriptor[];
};

/** Absolute addresses for the site and its files, for JSON-LD and feeds built in meta functions. */
export function siteLinks(root: RootData | undefined) {
  const where = { baseUrl: root?.baseUrl ?? null, filesUrl: root?.filesUrl ?? null };
  return {
    page: (path: string) => absoluteUrl(where.baseUrl, path),
    file: (url: string | null | undefined) => absoluteFileUrl(url, where),
  };
}

/** "<item> | <site title>", or the site title alone. */
export function pageTitle(root: RootData | undefined, title?: string): string {
  const site = root?.settings?.title ?? "cms";
  return title ? `${title} | ${site}` : site;
}

/**
 * Title, description, canonical address (only with BASE_URL), Open Graph, Twitter card and
 * JSON-LD of a public page. Meta functions run on the server too, so all of it is in the HTML.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const settings = input.root?.settings ?? null;
  const links = siteLinks(input.root);
  const title = pageTitle(input.root, input.title);
  const shareTitle = input.title ?? title;
  const description = truncate(input.description || settings?.description || "", DESCRIPTION_LENGTH);
  const canonical = links.page(input.path);
  const image = links.file(input.image || settings?.site_cover?.url || settings?.site_logo?.url);

  const tags: MetaDescriptor[] = [
    { title },
    { property: "og:site_name", content: settings?.title ?? "cms" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: shareTitle },
    // X reads og:title, og:description and og:image when its own tags are absent: only the card kind is its own.
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (description) {
    tags.push({ name: "description", content: description }, { property: "og:description", content: description });
  }
  if (canonical)
    tags.push({ tagName: "link", rel: "canonical", href: canonical }, { property: "og:url", content: canonical });
  if (image) tags.push({ property: "og:image", content: image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  return [...tags, ...(input.extra ?? [])];
}

/** The address of one page of a public list, with only the parameters that change its content. */
export function listPath(base: string, filters: { tag?: string | null; page?: number; q?: string }): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** The news feed, announced on the pages that list news. */
export const rssAlternate = (root: RootData | undefined): MetaDescriptor => ({
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: pageTitle(root, root?.settings?.features.posts.title ?? "Notícias"),
  href: sitePaths.postsFeed,
});
