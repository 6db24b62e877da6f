import { Worker } from "node:worker_threads";
import { mediaEmbed } from "../../../common/media-embed.ts";
import { eventLoopTurns } from "../../kernel/event-loop.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import type { CleanReply, CleanRequest } from "./clean-worker.ts";
import type { ImportText } from "./import-text.ts";

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

/*
 * Every pattern here runs on text anyone who once wrote on the old site could have written, so each
 * takes time in proportion to it: no pattern scans past a point where another attempt would start
 * (the next "[" for a shortcode tag, the next "<" for a block comment's start), and what would have
 * to look ahead to the end of the text (a shortcode's closing tag, a comment's "-->") is found by
 * indexOf or a lookup instead (wp-content.test.ts times them on hostile shapes).
 */
const BLOCK_COMMENT_START = /<!--\s*\/?wp:/g;
/**
 * One shortcode tag: `[name attrs]`, `[name attrs /]` or `[/name]`. Attributes never hold "[" or "]",
 * so finding every tag is one pass; `[[name]]` (WordPress's escape) is told by the characters around.
 */
const SHORTCODE_TAG = /\[(\/?)([a-zA-Z][\w-]*)(?![\w-])(\s[^[\]]*?)?(\/?)\]/g;
/** The lookbehind starts a name only where a word starts, so a long word without "=" is read once. */
const ATTRIBUTE = /(?<![\w-])([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
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

/** [caption]<img …> Text[/caption] (or caption="Text"): the picture in a figure, its caption under it. */
function captionHtml(attributes: Record<string, string>, content: string): string {
  const picture = /^\s*(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?/i.exec(content);
  const caption = attributes.caption ?? (picture ? content.slice(picture[0].length) : content).trim();
  return `<figure>${picture?.[0].trim() ?? ""}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
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

type ShortcodeTag = {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributeText: string;
};

function shortcodeTags(html: string): ShortcodeTag[] {
  return [...html.matchAll(SHORTCODE_TAG)].flatMap((match) => {
    const [whole, closing, name = "", attributeText = "", slash] = match;
    // "[/name attrs]" or "[/name/]" closes nothing.
    if (closing && (attributeText || slash)) return [];
    return [
      {
        start: match.index,
        end: match.index + whole.length,
        name,
        closing: Boolean(closing),
        selfClosing: Boolean(slash),
        attributeText,
      },
    ];
  });
}

/** The first `[/name]` at or after `from` that starts before `before`, by binary search in its name's list. */
function closingTag(closings: readonly ShortcodeTag[] | undefined, from: number, before: number) {
  if (!closings) return null;
  let low = 0;
  let high = closings.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((closings[middle]?.start ?? 0) < from) low = middle + 1;
    else high = middle;
  }
  const found = closings[low];
  return found && found.start < before ? found : null;
}

/** An unknown enclosing shortcode being read: its content goes on to its closing tag, then the text after it. */
type Enclosing = { contentEnd: number; resume: number; suffix: string };

/**
 * WordPress's reading of shortcodes: a tag encloses what runs to the first `[/name]` after it (within
 * the shortcode around it, if any), else it stands alone. The tags are found once and walked in
 * order; an unknown enclosing shortcode keeps what it encloses, read on in the same walk rather than
 * again, so nesting costs nothing more.
 */
function replaceShortcodes(html: string, context: ContentContext, unknown: Set<string>): string {
  const tags = shortcodeTags(html);
  const closings = new Map<string, ShortcodeTag[]>();
  for (const tag of tags) {
    if (!tag.closing) continue;
    const named = closings.get(tag.name);
    if (named) named.push(tag);
    else closings.set(tag.name, [tag]);
  }
  const out: string[] = [];
  const open: Enclosing[] = [];
  let position = 0;
  const leave = (enclosing: Enclosing) => {
    out.push(html.slice(position, enclosing.contentEnd), enclosing.suffix);
    position = enclosing.resume;
  };
  for (const tag of tags) {
    for (let inner = open.at(-1); inner && tag.start >= inner.contentEnd; inner = open.at(-1)) {
      open.pop();
      leave(inner);
    }
    if (tag.closing || tag.start < position) continue;
    const limit = open.at(-1)?.contentEnd ?? html.length;
    const close = tag.selfClosing ? null : closingTag(closings.get(tag.name), tag.end, limit);
    const escapeOpen = tag.start > position && html[tag.start - 1] === "[" ? "[" : "";
    const end = close ? close.end : tag.end;
    const escapeClose = end < limit && html[end] === "]" ? "]" : "";
    const matchStart = tag.start - escapeOpen.length;
    const matchEnd = end + escapeClose.length;
    // [[caption]] is a shortcode written out as text.
    if (escapeOpen && escapeClose) {
      out.push(html.slice(position, matchStart), html.slice(matchStart + 1, matchEnd - 1));
      position = matchEnd;
      continue;
    }
    const content = close ? html.slice(tag.end, close.start) : undefined;
    const attributes = attributesOf(tag.attributeText);
    const name = tag.name.toLowerCase();
    let replaced: string;
    if (name === "caption" || name === "wp_caption") replaced = captionHtml(attributes, content ?? "");
    else if (name === "gallery") replaced = galleryHtml(attributes, context);
    else if (name === "embed") replaced = embedHtml((content ?? attributes.src ?? "").trim());
    else if (name === "video" || name === "audio") replaced = embedHtml(attributes.src ?? attributes.mp4 ?? "");
    else if (looksLikeShortcode(name, tag.attributeText, content !== undefined)) {
      unknown.add(name);
      if (close) {
        // An unknown enclosing shortcode keeps what it encloses.
        out.push(html.slice(position, matchStart), escapeOpen);
        position = tag.end;
        open.push({ contentEnd: close.start, resume: matchEnd, suffix: escapeClose });
        continue;
      }
      replaced = "";
    } else continue;
    out.push(html.slice(position, matchStart), `${escapeOpen}${replaced}${escapeClose}`);
    position = matchEnd;
  }
  for (let inner = open.pop(); inner; inner = open.pop()) leave(inner);
  out.push(html.slice(position));
  return out.join("");
}

/** The block editor's comments taken out; a start without its "-->" means none after it has one either. */
function withoutBlockComments(html: string): string {
  const out: string[] = [];
  let position = 0;
  BLOCK_COMMENT_START.lastIndex = 0;
  for (let start = BLOCK_COMMENT_START.exec(html); start; start = BLOCK_COMMENT_START.exec(html)) {
    const end = html.indexOf("-->", start.index + start[0].length);
    if (end < 0) break;
    out.push(html.slice(position, start.index));
    position = end + 3;
    BLOCK_COMMENT_START.lastIndex = position;
  }
  out.push(html.slice(position));
  return out.join("");
}

function rewriteAddresses(html: string, context: ContentContext): string {
  return html.replace(URL_ATTRIBUTE, (whole, attribute: string, quote: string, value: string) => {
    const rewritten = context.rewriteUrl(value.replace(/&amp;/g, "&"));
    return rewritten === null ? whole : `${attribute}=${quote}${escapeHtml(rewritten)}${quote}`;
  });
}

/** The content before the sanitiser: comments out, shortcodes replaced, addresses rewritten, paragraphs made. */
function preparedContent(html: string, context: ContentContext, unknown: Set<string>): string {
  let cleaned = withoutBlockComments(html);
  cleaned = cleaned.replace(GUTENBERG_EMBED, (_whole, address: string) => embedHtml(address));
  cleaned = replaceShortcodes(cleaned, context, unknown);
  cleaned = rewriteAddresses(cleaned, context);
  // WordPress's own wpautop: a blank line between two pieces of text is a paragraph break.
  if (!/<(p|h[1-6]|ul|ol|blockquote)\b/i.test(cleaned)) {
    cleaned = cleaned
      .split(/\n\s*\n/)
      .map((piece) => piece.trim())
      .filter(Boolean)
      .map((piece) => (/^<(p|iframe|figure)\b/i.test(piece) ? piece : `<p>${piece.replace(/\n/g, "<br>")}</p>`))
      .join("");
  }
  return cleaned;
}

/** The plugins' shortcodes a post uses (what the preview reports), without the sanitiser's cost. */
export function unknownShortcodesOf(html: string): string[] {
  const unknown = new Set<string>();
  preparedContent(html, { images: new Map(), rewriteUrl: () => null }, unknown);
  return [...unknown].sort();
}

/** How long the unknown shortcodes of many posts may hold the event loop before letting visitors' requests in. */
const HOLD_AT_MOST_MS = 20;

/**
 * The unknown shortcodes of each post (`unknownShortcodesOf`), for a whole export's preview, each read
 * only while it is counted (a long one from the import's spool): a long post
 * read in the content worker, the others here with the event loop let go every 20 ms, so that a preview
 * of thousands of posts, or of hostile ones, never holds visitors' pages.
 */
export async function unknownShortcodesOfEach(texts: readonly ImportText[]): Promise<string[][]> {
  const found: string[][] = [];
  const letOthersIn = eventLoopTurns(HOLD_AT_MOST_MS);
  for (const text of texts) {
    const html = await text.read();
    found.push(
      cleanedOffThread(html)
        ? (await cleanWordPressContent(html, { images: new Map(), rewriteUrl: () => null })).unknownShortcodes
        : unknownShortcodesOf(html),
    );
    await letOthersIn();
  }
  return found;
}

/** The whole cleaning, on the thread that calls it (a worker's, or the event loop for a short post). */
export function cleanWordPressContentNow(html: string, context: ContentContext): CleanedContent {
  const unknown = new Set<string>();
  const cleaned = preparedContent(html, context, unknown);
  // The comments and shortcodes leave runs of blank lines between the blocks.
  const rich = sanitizeRichText(cleaned)
    .replace(/\n\s*\n+/g, "\n")
    .trim();
  return { html: rich, unknownShortcodes: [...unknown].sort() };
}

/**
 * A post is cleaned in a worker thread past these: the cleaning's time follows the tags and shortcodes
 * (a few microseconds each, measured with every hostile shape of wp-content.test.ts) more than the text,
 * so a 50 KB post of ordinary paragraphs takes 1-2 ms and is cleaned here, where a thread of its own
 * would keep 40 MB resident for the whole import (issue 33 item 7's memory); 400 KB of hostile
 * shortcodes take a second or so, and the import must never hold the event loop for 100 ms.
 */
const OFF_THREAD_CHARS = 200_000;
const OFF_THREAD_MARKS = 4_000;

/** Whether `html` has more than OFF_THREAD_MARKS tag or shortcode openings, counted no further than that. */
function manyMarks(html: string): boolean {
  let marks = 0;
  for (let index = 0; index < html.length; index++) {
    const code = html.charCodeAt(index);
    // "<" and "["
    if ((code === 60 || code === 91) && ++marks > OFF_THREAD_MARKS) return true;
  }
  return false;
}

const cleanedOffThread = (html: string) => html.length > OFF_THREAD_CHARS || manyMarks(html);

type Waiting = { resolve: (cleaned: CleanedContent) => void; reject: (error: Error) => void };
type Cleaner = { thread: Worker; waiting: Map<number, Waiting>; idle: NodeJS.Timeout | null };
let cleaner: Cleaner | null = null;
let nextRequest = 0;

/**
 * The cleaning thread's V8 young generation, in MB. A post is cleaned in a few MB of short-lived strings;
 * the 16 MB semi-spaces `npm start` gives every thread (docs/decisions/0016) let it keep three times 16 MB
 * resident for the whole import, beside the server's own heap.
 */
const CLEAN_THREAD_YOUNG_GENERATION_MB = 8;
/** With nothing to clean for this long the thread stops, and its heap is given back until the next import. */
const CLEAN_THREAD_IDLE_MS = 5_000;

/** One thread for the process, started when first needed and stopped once idle. */
function cleanerThread(): Cleaner {
  if (cleaner) return cleaner;
  const thread = new Worker(new URL("./clean-worker.ts", import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: CLEAN_THREAD_YOUNG_GENERATION_MB },
  });
  const current: Cleaner = { thread, waiting: new Map(), idle: null };
  const { waiting } = current;
  const stopWhenIdle = () => {
    thread.unref();
    current.idle = setTimeout(() => {
      if (cleaner === current) cleaner = null;
      void thread.terminate();
    }, CLEAN_THREAD_IDLE_MS);
    current.idle.unref();
  };
  thread.on("message", (reply: CleanReply) => {
    const caller = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) stopWhenIdle();
    if ("cleaned" in reply) caller?.resolve(reply.cleaned);
    else caller?.reject(new Error(`content worker failed: ${reply.failure}`));
  });
  const fail = (error: Error) => {
    if (cleaner === current) cleaner = null;
    if (current.idle) clearTimeout(current.idle);
    for (const caller of waiting.values()) caller.reject(error);
    waiting.clear();
  };
  thread.on("error", fail);
  // A stop asked for once idle leaves nobody waiting: `fail` then has no one to tell.
  thread.on("exit", (code) => fail(new Error(`content worker exited with ${code}`)));
  thread.unref();
  cleaner = current;
  return current;
}

/**
 * A WordPress post's content cleaned (see cleanWordPressContentNow), a long one in a worker thread.
 * The worker cannot call `rewriteUrl`: the addresses the post links to are looked up here first
 * (one pass) and sent with it.
 */
export function cleanWordPressContent(html: string, context: ContentContext): Promise<CleanedContent> {
  if (!cleanedOffThread(html)) return Promise.resolve(cleanWordPressContentNow(html, context));
  const rewrites: [string, string][] = [];
  const seen = new Set<string>();
  for (const [, , , value = ""] of html.matchAll(URL_ATTRIBUTE)) {
    const url = value.replace(/&amp;/g, "&");
    if (seen.has(url)) continue;
    seen.add(url);
    const rewritten = context.rewriteUrl(url);
    if (rewritten !== null) rewrites.push([url, rewritten]);
  }
  const request: CleanRequest = {
    id: nextRequest++,
    html,
    images: [...context.images],
    attachedImageIds: context.attachedImageIds ? [...context.attachedImageIds] : undefined,
    rewrites,
  };
  const current = cleanerThread();
  const { thread, waiting } = current;
  if (current.idle) clearTimeout(current.idle);
  current.idle = null;
  return new Promise((resolve, reject) => {
    waiting.set(request.id, { resolve, reject });
    thread.ref();
    thread.postMessage(request);
  });
}
