// Machine-readable documents of the public site: the news RSS feed, sitemap.xml and robots.txt.

import { accountPaths } from "./site-paths.ts";

/** Characters XML 1.0 does not allow at all (most control characters, lone surrogates) are dropped. */
function xmlChars(value: string): string {
  return Array.from(value)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code === 9 || code === 10 || code === 13) return true;
      if (code < 32 || code === 0xfffe || code === 0xffff) return false;
      return code < 0xd800 || code > 0xdfff;
    })
    .join("");
}

export function escapeXml(value: string): string {
  return xmlChars(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export type RssItem = {
  title: string;
  /** Absolute address of the item. */
  link: string;
  description: string;
  /** ISO 8601. */
  published_at: string;
  categories: string[];
};

export type RssChannel = {
  title: string;
  /** Absolute address of the news list. */
  link: string;
  /** Absolute address of the feed itself (atom:link rel="self"). */
  self: string;
  description: string;
  items: RssItem[];
};

/** RFC 822 dates, as RSS 2.0 wants them: "Sun, 22 Nov 2026 22:00:00 GMT". */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** An RSS 2.0 document, newest item first as given. */
export function buildRss(channel: RssChannel): string {
  const newest = channel.items[0]?.published_at;
  const items = channel.items.map((item) =>
    [
      "<item>",
      element("title", item.title),
      element("link", item.link),
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      element("pubDate", rfc822(item.published_at)),
      ...(item.description ? [element("description", item.description)] : []),
      ...item.categories.map((category) => element("category", category)),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description || channel.title),
    element("language", "pt-BR"),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element("lastBuildDate", rfc822(newest))] : []),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export type SitemapEntry = {
  /** Absolute address. */
  loc: string;
  /** ISO 8601. */
  lastmod?: string;
};

/** A sitemaps.org urlset. */
export function buildSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url>${element("loc", entry.loc)}${entry.lastmod ? element("lastmod", new Date(entry.lastmod).toISOString()) : ""}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * Everything may be crawled except the account area and the API; the sitemap is announced.
 * Rules match by prefix, so "/conta" alone would also hide a page such as /contabilidade:
 * each area is written as its exact path ($, RFC 9309) and as a folder.
 */
export function buildRobots(sitemapUrl: string): string {
  const hidden = [accountPaths.home, "/api"].flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}/`]);
  return ["User-agent: *", "Allow: /", ...hidden, "", `Sitemap: ${sitemapUrl}`, ""].join("\n");
}
