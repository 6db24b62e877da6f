import { fileUrl } from "./file-url.ts";
import { sitePaths } from "./site-paths.ts";

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_LENGTH = 160;

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith("#")) {
      const hex = name[1] === "x" || name[1] === "X";
      const code = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return entities[name.toLowerCase()] ?? match;
  });
}

/** Tags that end a block of text: words on both sides of them stay apart. */
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|blockquote|pre|table|tr|td|th|section|article|figure|figcaption|img|iframe)\b[^>]*>/gi;

/** Rich text as one line of plain text: tags go (block tags leave a space), entities become characters. */
export function stripHtml(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(BLOCK_TAG, " ")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/** Spec §9: strips HTML and, when longer than `length`, cuts to length minus 3 plus '...'. */
export function truncate(text: string, length: number): string {
  const chars = Array.from(stripHtml(text));
  if (chars.length <= length) return chars.join("");
  return `${chars.slice(0, Math.max(0, length - 3)).join("")}...`;
}

/** A site path made absolute on `base` (BASE_URL, which may carry a path); absolute urls are left alone. */
export function absoluteUrl(base: string | null | undefined, path: string): string | null {
  if (/^https?:\/\//i.test(path)) return path;
  if (!base) return null;
  return `${base.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The address of an uploaded image as other sites need it: through FILES_URL, else on the site's own address. */
export function absoluteFileUrl(
  url: string | null | undefined,
  where: { baseUrl: string | null; filesUrl: string | null },
): string | null {
  if (!url) return null;
  return absoluteUrl(where.baseUrl, fileUrl(url, where.filesUrl ?? undefined));
}

/** The public address of the site: BASE_URL when set, else the origin the request came in on. */
export function siteOrigin(baseUrl: string | null | undefined, requestUrl: URL): string {
  return (baseUrl ?? requestUrl.origin).replace(/\/+$/, "");
}

/**
 * How long an answer whose links come from siteOrigin may be kept. Without BASE_URL those links
 * follow the request's Host header, which anyone can forge: no cache may keep such an answer and
 * hand it to other visitors.
 */
export function feedCacheControl(baseUrl: string | null | undefined, maxAgeSeconds: number): string {
  return baseUrl ? `public, max-age=${maxAgeSeconds}` : "no-store";
}

export type JsonLdValue = string | number | boolean | JsonLd | JsonLdValue[];
export type JsonLd = { [key: string]: JsonLdValue };

type Loose = { [key: string]: Loose | Loose[] | string | number | boolean | null | undefined };

/** Drops empty fields (null, undefined, "", empty objects and lists) so the markup only says what is known. */
function compact(value: Loose): JsonLd {
  const result: JsonLd = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null || field === undefined || field === "") continue;
    if (Array.isArray(field)) {
      const items = field.map(compact).filter((item) => Object.keys(item).length > 0);
      if (items.length > 0) result[key] = items;
    } else if (typeof field === "object") {
      const inner = compact(field);
      if (Object.keys(inner).length > 0) result[key] = inner;
    } else {
      result[key] = field;
    }
  }
  return result;
}

export type Organization = {
  name: string;
  url: string | null;
  logo: string | null;
  description?: string;
  email?: string;
  sameAs?: string[];
};

export function organizationJsonLd(organization: Organization): JsonLd {
  const sameAs = (organization.sameAs ?? []).filter((url) => url !== "");
  return {
    ...compact({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: organization.name,
      url: organization.url,
      logo: organization.logo,
      description: organization.description,
      email: organization.email,
    }),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** Lets search engines offer the site's own search (/busca?q=...). */
export function webSiteJsonLd(site: { name: string; url: string }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.name,
    url: site.url,
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${site.url.replace(/\/+$/, "")}${sitePaths.search}?q={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}

const publisherOf = (publisher: { name: string; logo: string | null }) => ({
  "@type": "Organization",
  name: publisher.name,
  logo: publisher.logo ? { "@type": "ImageObject", url: publisher.logo } : null,
});

/** A plain page of the site ("Quem somos", "Transparência"...). */
export function webPageJsonLd(page: {
  name: string;
  description: string;
  url: string | null;
  image: string | null;
  dateModified: string;
  publisher: { name: string; logo: string | null };
}): JsonLd {
  return compact({
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: page.name,
    description: page.description,
    url: page.url,
    image: page.image,
    dateModified: page.dateModified,
    publisher: publisherOf(page.publisher),
  });
}

export function newsArticleJsonLd(article: {
  headline: string;
  description: string;
  url: string | null;
  image: string | null;
  datePublished: string;
  dateModified: string;
  publisher: { name: string; logo: string | null };
}): JsonLd {
  return compact({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.headline,
    description: article.description,
    url: article.url,
    mainEntityOfPage: article.url,
    image: article.image,
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    author: publisherOf(article.publisher),
    publisher: publisherOf(article.publisher),
  });
}

export function eventJsonLd(event: {
  name: string;
  description: string;
  url: string | null;
  image: string | null;
  startDate: string;
  endDate: string;
  placeName: string;
  placeAddress: string;
  onlineUrl: string;
  organizer: { name: string; url: string | null };
}): JsonLd {
  const physical = event.placeName !== "" || event.placeAddress !== "";
  const online = event.onlineUrl !== "";
  const place: Loose = {
    "@type": "Place",
    name: event.placeName || event.placeAddress,
    address: event.placeAddress ? { "@type": "PostalAddress", streetAddress: event.placeAddress } : null,
  };
  const virtual: Loose = { "@type": "VirtualLocation", url: event.onlineUrl };
  const locations = [...(physical ? [place] : []), ...(online ? [virtual] : [])];
  const mode = physical && online ? "Mixed" : online ? "Online" : "Offline";
  return compact({
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    description: event.description,
    url: event.url,
    image: event.image,
    startDate: event.startDate,
    endDate: event.endDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
    location: locations.length === 1 ? locations[0] : locations,
    organizer: { "@type": "Organization", name: event.organizer.name, url: event.organizer.url },
  });
}
