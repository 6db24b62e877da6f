import { mediaEmbed } from "../../../common/media-embed.ts";
import { sanitizeRichText } from "../content/sanitize.ts";

/**
 * A WordPress post's content made into our editor's rich text: the block editor's comments go, the
 * shortcodes WordPress itself defines ([caption], [gallery], [embed]) become their HTML, the old site's
 * addresses are rewritten to the imported ones, plugins' shortcodes are dropped and named for the
 * import's report, and the result goes through the same sanitiser as anything typed in the editor.
 */

export type ImportedImage = { url: string; alt: string };

export type ContentContext = {
  /** Imported attachments by their WordPress id, for [gallery ids="…"] and classic galleries. */
  images: ReadonlyMap<number, ImportedImage>;
  /** The post's own attached images, in order: what a [gallery] without ids shows. */
  attachedImageIds?: readonly number[];
  /** The new address of an old one (an upload, a page), or null to leave it as it is. */
  rewriteUrl: (url: string) => string | null;
};

export type CleanedContent = { html: string; unknownShortcodes: string[] };

const BLOCK_COMMENT = /<!--\s*\/?wp:[\s\S]*?-->/g;
/** `[name attrs]`, `[name attrs /]` or `[name attrs]content[/name]`; `[[name]]` is WordPress's escape. */
const SHORTCODE = /\[(\[?)([a-zA-Z][\w-]*)((?:\s+[^\]]*?)?)(\/?)\](?:([\s\S]*?)\[\/\2\])?(\]?)/g;
const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
const GUTENBERG_EMBED = /<div class="wp-block-embed__wrapper">\s*(https?:\/\/[^\s<]+)\s*<\/div>/g;
const URL_ATTRIBUTE = /\b(href|src)\s*=\s*(["'])(.*?)\2/gi;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) {
    const [, name, double, single, bare] = match;
    if (name) attributes[name.toLowerCase()] = double ?? single ?? bare ?? "";
  }
  return attributes;
}

function embedHtml(address: string): string {
  const embed = mediaEmbed(address);
  if (embed?.kind === "iframe") return `<iframe src="${escapeHtml(embed.src)}" title="Vídeo" allowfullscreen></iframe>`;
  const safe = escapeHtml(address);
  return `<p><a href="${safe}">${safe}</a></p>`;
}

function imageHtml(image: ImportedImage): string {
  return `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}">`;
}

/** [caption]<img …> Text[/caption] (or caption="Text"): the picture and its caption under it. */
function captionHtml(attributes: Record<string, string>, content: string): string {
  const picture = /^\s*(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?/i.exec(content);
  const caption = attributes.caption ?? (picture ? content.slice(picture[0].length) : content).trim();
  return `<p>${picture?.[0].trim() ?? ""}${caption ? `<br><em>${caption}</em>` : ""}</p>`;
}

function galleryHtml(attributes: Record<string, string>, context: ContentContext): string {
  const ids = attributes.ids
    ? attributes.ids.split(",").map((id) => Number.parseInt(id.trim(), 10))
    : [...(context.attachedImageIds ?? [])];
  const images = ids.flatMap((id) => {
    const image = context.images.get(id);
    return image ? [imageHtml(image)] : [];
  });
  return images.length > 0 ? `<p>${images.join(" ")}</p>` : "";
}

/** Text in brackets that is no shortcode ("[sic]", "[1]"): a plugin's has attributes, an end tag or a - or _. */
const looksLikeShortcode = (name: string, attributes: string, enclosing: boolean) =>
  enclosing || attributes.trim() !== "" || /[-_]/.test(name);

function replaceShortcodes(html: string, context: ContentContext, unknown: Set<string>): string {
  return html.replace(
    SHORTCODE,
    (whole, open: string, name: string, attributeText: string, _slash, content: string | undefined, close: string) => {
      // [[caption]] is a shortcode written out as text.
      if (open && close) return whole.slice(1, -1);
      const attributes = attributesOf(attributeText);
      const tag = name.toLowerCase();
      let replaced: string;
      if (tag === "caption" || tag === "wp_caption") replaced = captionHtml(attributes, content ?? "");
      else if (tag === "gallery") replaced = galleryHtml(attributes, context);
      else if (tag === "embed") replaced = embedHtml((content ?? attributes.src ?? "").trim());
      else if (tag === "video" || tag === "audio") replaced = embedHtml(attributes.src ?? attributes.mp4 ?? "");
      else if (looksLikeShortcode(tag, attributeText, content !== undefined)) {
        unknown.add(tag);
        // An unknown enclosing shortcode keeps what it encloses.
        replaced = content === undefined ? "" : replaceShortcodes(content, context, unknown);
      } else return whole;
      return `${open}${replaced}${close}`;
    },
  );
}

function rewriteAddresses(html: string, context: ContentContext): string {
  return html.replace(URL_ATTRIBUTE, (whole, attribute: string, quote: string, value: string) => {
    const rewritten = context.rewriteUrl(value.replace(/&amp;/g, "&"));
    return rewritten === null ? whole : `${attribute}=${quote}${escapeHtml(rewritten)}${quote}`;
  });
}

export function cleanWordPressContent(html: string, context: ContentContext): CleanedContent {
  const unknown = new Set<string>();
  let cleaned = html.replace(BLOCK_COMMENT, "");
  cleaned = cleaned.replace(GUTENBERG_EMBED, (_whole, address: string) => embedHtml(address));
  cleaned = replaceShortcodes(cleaned, context, unknown);
  cleaned = rewriteAddresses(cleaned, context);
  // WordPress's own wpautop: a blank line between two pieces of text is a paragraph break.
  if (!/<(p|h[1-6]|ul|ol|blockquote)\b/i.test(cleaned)) {
    cleaned = cleaned
      .split(/\n\s*\n/)
      .map((piece) => piece.trim())
      .filter(Boolean)
      .map((piece) => (/^<(p|iframe)\b/i.test(piece) ? piece : `<p>${piece.replace(/\n/g, "<br>")}</p>`))
      .join("");
  }
  // The comments and shortcodes leave runs of blank lines between the blocks.
  const rich = sanitizeRichText(cleaned)
    .replace(/\n\s*\n+/g, "\n")
    .trim();
  return { html: rich, unknownShortcodes: [...unknown].sort() };
}
