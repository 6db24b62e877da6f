import type { WxrExport, WxrItem, WxrTerm } from "./wxr-reader.ts";

/**
 * The addresses an imported WordPress site answered on, as the keys of the redirects that keep them
 * working: an item's permalink (`/2023/05/12/slug/`, `/slug/`, `/parent/child/`), its query forms
 * (`/?p=123`, `/?page_id=7`), its terms' lists (`/category/x/`, `/tag/y/`, WooCommerce's
 * `/product-category/x/`), their feeds, and an upload's file. A request is looked up by the same key
 * (`redirectKey`), so `/Sobre`, `/sobre/` and `/sobre` meet, and so do an accented slug and its
 * percent-encoded form.
 */

/**
 * The text without its trailing slashes, counted from the end: the pattern /\/+$/ tries every slash
 * of a run that is not at the end, so 16,000 slashes in a visitor's address held the server for seconds.
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end);
}

/** The query parameters WordPress resolves to content; any other (utm_source, fbclid…) is ignored. */
const CONTENT_QUERY = ["p", "page_id", "post_type", "cat", "tag", "product_cat", "product_tag", "attachment_id"];

const TERM_BASES: Record<string, string> = {
  category: "category",
  post_tag: "tag",
  product_cat: "product-category",
  product_tag: "product-tag",
};

const TERM_QUERY: Record<string, (term: WxrTerm) => string> = {
  category: (term) => `/?cat=${term.id}`,
  post_tag: (term) => `/?tag=${term.slug}`,
  product_cat: (term) => `/?product_cat=${term.slug}`,
  product_tag: (term) => `/?product_tag=${term.slug}`,
};

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The lookup key of a path and query: decoded, in Unicode's composed form, lower case, without a
 * trailing slash, with only the query parameters WordPress resolves, sorted.
 */
export function redirectKey(pathname: string, search: URLSearchParams | string = ""): string {
  const path = withoutTrailingSlashes(pathname.split("/").map(decodeSegment).join("/").normalize("NFC").toLowerCase());
  const params = new URLSearchParams(search);
  const kept = CONTENT_QUERY.flatMap((name) => {
    const value = params.get(name);
    return value ? [`${name}=${value.toLowerCase()}`] : [];
  });
  return `${path || "/"}${kept.length > 0 ? `?${kept.join("&")}` : ""}`;
}

/** An old address's key when it is on the exported site (or relative), else null. */
export function keyOfOldUrl(url: string, site: WxrExport): string | null {
  const base = site.site.baseBlogUrl || site.site.link || "http://wordpress.invalid";
  let parsed: URL;
  let origin: URL;
  try {
    parsed = new URL(url, base);
    origin = new URL(base);
  } catch {
    return null;
  }
  if (parsed.host !== origin.host) return null;
  // A site in a subfolder (example.org/site/) answered below it.
  const prefix = withoutTrailingSlashes(origin.pathname);
  const pathname =
    prefix && parsed.pathname.startsWith(`${prefix}/`) ? parsed.pathname.slice(prefix.length) : parsed.pathname;
  return redirectKey(pathname, parsed.search);
}

/**
 * An item's old addresses. The front page's permalink is the site's "/" (WordPress writes it so in the
 * export), which stays ours. Drafts never had a public one.
 */
export function itemAddresses(item: WxrItem, site: WxrExport): string[] {
  const keys = new Set<string>();
  const add = (url: string) => {
    const key = keyOfOldUrl(url, site);
    if (key && key !== "/") keys.add(key);
  };
  if (item.type === "attachment") {
    if (item.attachmentUrl) add(item.attachmentUrl);
    if (item.link) add(item.link);
    return [...keys];
  }
  if (item.status !== "publish") return [];
  if (item.link) add(item.link);
  // WordPress answers ?p= for any kind of item, a page included, and ?page_id= for pages.
  add(`/?p=${item.id}`);
  if (item.type === "page") add(`/?page_id=${item.id}`);
  if (item.type !== "post" && item.type !== "page") add(`/?p=${item.id}&post_type=${item.type}`);
  return [...keys];
}

/** A category's or tag's old list and its feed, with its parents' slugs in the path as WordPress writes it. */
export function termAddresses(term: WxrTerm, site: WxrExport): string[] {
  const base = TERM_BASES[term.taxonomy];
  const query = TERM_QUERY[term.taxonomy];
  if (!base || !query) return [];
  const slugs = [term.slug];
  const seen = new Set(slugs);
  let parent = term.parentSlug;
  while (parent && !seen.has(parent)) {
    seen.add(parent);
    slugs.unshift(parent);
    parent =
      site.terms.find((candidate) => candidate.taxonomy === term.taxonomy && candidate.slug === parent)?.parentSlug ??
      "";
  }
  const path = `/${base}/${slugs.join("/")}`;
  const keys = [path, `${path}/feed`, query(term)].map((url) => keyOfOldUrl(url, site));
  return keys.filter((key): key is string => key !== null);
}

/** The site's own feeds, which readers subscribed to: all go to our news feed. */
export const SITE_FEEDS = ["/feed", "/feed/rss2", "/feed/atom", "/rss", "/comments/feed"].map((path) =>
  redirectKey(path),
);

/**
 * Whether an item is the old site's static front page (Configurações → Leitura → "Uma página
 * estática"): the export holds no options, but WordPress writes that page's permalink as the site's
 * own address.
 */
export const isFrontPage = (item: WxrItem, site: WxrExport): boolean =>
  item.type === "page" && item.status === "publish" && item.link !== "" && keyOfOldUrl(item.link, site) === "/";
