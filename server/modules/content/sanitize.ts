import sanitize from "sanitize-html";
import { isContentId } from "../../../common/rich-text-ids.ts";

const TEXT_ALIGN = /^(?:left|center|right|justify)$/;
/** The editor's sizes (small 0.75em, normal 1em, large 1.5em, huge 2.5em) and nothing that could hold a url. */
const FONT_SIZE = /^(?:0?\.\d{1,3}|[1-4](?:\.\d{1,3})?)em$/;
const IMAGE_SRC = /^(?:https?:\/\/[^\s]+|\/files\/[^\s]+)$/i;

const IFRAME_HOSTS = ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];
function videoAllowed(src: string | undefined): boolean {
  const url = URL.parse(src?.trim() ?? "");
  return url?.protocol === "https:" && IFRAME_HOSTS.includes(url.hostname);
}

const textStyles = { "text-align": [TEXT_ALIGN], "font-size": [FONT_SIZE] };
const headings = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
const styled = ["p", "span", ...headings] as const;
/** What a link to a section of the page may point at (common/rich-text-ids.ts says which ids are kept). */
const anchored = [...styled, "blockquote", "ul", "ol", "li", "figure"] as const;

const options: sanitize.IOptions = {
  allowedTags: [
    ...styled,
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "iframe",
    // A picture with its caption under it (WordPress's [caption] and image blocks).
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    ...Object.fromEntries(anchored.map((tag) => [tag, ["id"]])),
    ...Object.fromEntries(styled.map((tag) => [tag, ["style", "id"]])),
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    iframe: ["src", "width", "height", "allowfullscreen", "title"],
  },
  allowedStyles: Object.fromEntries(styled.map((tag) => [tag, textStyles])),
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Only target=_blank survives, and it always gets rel="noopener noreferrer".
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      return { tagName, attribs: target === "_blank" ? { ...rest, target, rel: "noopener noreferrer" } : rest };
    },
    // An image or a video whose address is refused loses every attribute here and is dropped whole
    // after (dropRefusedMedia). Neither sanitize-html's exclusiveFilter (it copies all the text so far for
    // each one dropped) nor renaming the tag (the next end tag then comes out with the new name) will do.
    img: (tagName, attribs) =>
      IMAGE_SRC.test(attribs.src?.trim() ?? "") ? { tagName, attribs } : { tagName, attribs: {} },
    iframe: (tagName, attribs) => (videoAllowed(attribs.src) ? { tagName, attribs } : { tagName, attribs: {} }),
  },
};

/**
 * sanitize-html's own output, so an image or video without attributes is written exactly so; an allowed
 * one always has its src. One pass: "[^<]*" stops at the next tag.
 */
const REFUSED_MEDIA = /<img \/>|<iframe>[^<]*<\/iframe>/g;
const dropRefusedMedia = (html: string) => html.replace(REFUSED_MEDIA, "");

/**
 * How deep elements may nest. The HTML parser under sanitize-html spends time in proportion to the
 * depth on every element it opens, so 100,000 unclosed <div>s held the event loop for seconds; no
 * editor nests a tenth of this.
 */
export const MAX_NESTING = 200;
/** A start or end tag; "[^<>]" stops each scan at the next tag, so reading them all is one pass. */
const TAG = /<(\/?)([a-zA-Z][\w:-]*)[^<>]*>/g;
/** Elements that never hold others, and those the next of their kind closes (a list's <li>, a <p>). */
const FLAT = new Set(
  "area base br col embed hr img input link meta source track wbr p li dt dd option tr td th".split(" "),
);

/**
 * The markup past MAX_NESTING levels taken out (its text kept), in one pass; what is no deeper is
 * left exactly as it was.
 */
function withinNesting(html: string): string {
  const tags = [...html.matchAll(TAG)];
  let depth = 0;
  let deepest = 0;
  const opens = (match: RegExpExecArray) =>
    !match[1] && !FLAT.has((match[2] ?? "").toLowerCase()) && !match[0].endsWith("/>");
  for (const match of tags) {
    if (match[1]) depth = Math.max(0, depth - 1);
    else if (opens(match)) deepest = Math.max(deepest, ++depth);
  }
  if (deepest <= MAX_NESTING) return html;
  const out: string[] = [];
  let position = 0;
  depth = 0;
  for (const match of tags) {
    const closing = Boolean(match[1]);
    const opening = opens(match);
    if (opening) depth++;
    if (depth > MAX_NESTING && (opening || closing)) {
      out.push(html.slice(position, match.index));
      position = match.index + match[0].length;
    }
    if (closing) depth = Math.max(0, depth - 1);
  }
  out.push(html.slice(position));
  return out.join("");
}

/** Rich text from the editor, reduced to the allowlist above before it is stored. */
export function sanitizeRichText(html: string): string {
  const seen = new Set<string>();
  const keepId: sanitize.Transformer = (tagName, attribs) => {
    const { id, ...rest } = attribs;
    if (id === undefined) return { tagName, attribs };
    if (!isContentId(id, seen)) return { tagName, attribs: rest };
    seen.add(id);
    return { tagName, attribs };
  };
  const transformTags = { ...Object.fromEntries(anchored.map((tag) => [tag, keepId])), ...options.transformTags };
  return dropRefusedMedia(sanitize(withinNesting(html), { ...options, transformTags }));
}
