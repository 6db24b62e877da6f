import { SaxesParser, type SaxesTagPlain } from "saxes";
import { DomainError, invalid, tooLarge } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import { WORDPRESS_WEB_EXPORT_MAX_BYTES } from "../../../common/schemas/wordpress-import.ts";
import { eventLoopTurns } from "../../kernel/event-loop.ts";
import { heldText, type ImportText, ownCopy, type TextSpool } from "./import-text.ts";

/**
 * Reads a WordPress export (WXR 1.1/1.2: Ferramentas → Exportar, or WooCommerce's product export) as it
 * streams in, into the site's terms and items. The XML is read by a strict streaming parser that knows
 * no DTD: a DOCTYPE (never in an export WordPress writes, and the way to an entity-expansion bomb) is
 * refused, as is anything that is not a well-formed, complete export.
 */

export type WxrTerm = {
  id: number;
  /** category, post_tag, nav_menu, product_cat, product_tag, pa_* (WooCommerce attributes), … */
  taxonomy: string;
  slug: string;
  name: string;
  parentSlug: string;
  description: string;
};

export type WxrItemTerm = { taxonomy: string; slug: string; name: string };

export type WxrItem = {
  id: number;
  /** post, page, attachment, nav_menu_item, wp_navigation, tribe_events, product, product_variation, … */
  type: string;
  title: string;
  link: string;
  slug: string;
  /** publish, draft, pending, private, future, trash, inherit (attachments, variations) */
  status: string;
  parentId: number;
  menuOrder: number;
  /** The site's local time as WordPress wrote it, "YYYY-MM-DD HH:MM:SS". */
  date: string;
  /** UTC, the same form; "0000-00-00 00:00:00" for drafts never published. */
  dateGmt: string;
  /** On disk when the reader was given a spool and it is long (import-text.ts). */
  content: ImportText;
  excerpt: string;
  guid: string;
  attachmentUrl: string;
  terms: WxrItemTerm[];
  /**
   * Post meta by key; a key repeated keeps its first value (WordPress's get_post_meta(…, true)). A value
   * longer than META_MAX_CHARS (a page builder's layout) is not kept: the import reads none of those.
   */
  meta: Record<string, string>;
};

export type WxrExport = {
  version: string;
  site: {
    title: string;
    link: string;
    description: string;
    language: string;
    baseSiteUrl: string;
    baseBlogUrl: string;
  };
  terms: WxrTerm[];
  items: WxrItem[];
};

/** A large site's export can be tens of megabytes; the web upload and the command line may allow different sizes. */
export const WXR_MAX_BYTES = WORDPRESS_WEB_EXPORT_MAX_BYTES;

const NOT_XML =
  "O arquivo não é um XML válido: envie o arquivo .xml exportado pelo WordPress (Ferramentas → Exportar).";
const NOT_WXR =
  "O arquivo não é uma exportação do WordPress (WXR): envie o arquivo gerado em Ferramentas → Exportar → Todo o conteúdo.";
const TRUNCATED =
  "O arquivo está incompleto (terminou no meio): exporte de novo no WordPress e envie o arquivo inteiro.";
const DOCTYPE =
  "O arquivo declara um DOCTYPE, o que uma exportação do WordPress nunca faz; por segurança ele não é lido.";
/** An export WordPress writes nests six levels at most (rss, channel, item, wp:comment, wp:commentmeta, wp:meta_key). */
export const WXR_MAX_DEPTH = 32;
const TOO_DEEP = `O arquivo tem elementos dentro de elementos em mais de ${WXR_MAX_DEPTH} níveis, o que uma exportação do WordPress nunca tem; por segurança ele não é lido. Exporte de novo no WordPress (Ferramentas → Exportar).`;
/**
 * The parser is handed the file this much at a time, and lets other work run once it has read for
 * YIELD_AFTER_MS: a 99 MB export read in one go held every visitor's request for a minute.
 */
const PIECE_BYTES = 64 * 1024;
const YIELD_AFTER_MS = 20;
const TOO_LARGE = (limit: number) =>
  `O arquivo passa de ${formatFileSize(limit)}. Para sites grandes, use o comando npm run import:wordpress no servidor.`;

const emptyItem = (): WxrItem => ({
  id: 0,
  type: "",
  title: "",
  link: "",
  slug: "",
  status: "",
  parentId: 0,
  menuOrder: 0,
  date: "",
  dateGmt: "",
  content: heldText(""),
  excerpt: "",
  guid: "",
  attachmentUrl: "",
  terms: [],
  meta: {},
});

const emptyTerm = (taxonomy: string): WxrTerm => ({
  id: 0,
  taxonomy,
  slug: "",
  name: "",
  parentSlug: "",
  description: "",
});

const integer = (text: string) => {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
};

/** Longer meta values are not kept (WxrItem.meta); the longest the import reads, a product's attributes, are a few KB. */
const META_MAX_CHARS = 64 * 1024;

/** Where an item's content goes once read: the spool, or memory. */
type KeepText = (text: string) => ImportText;

/** What an item's leaf element sets; the others (comments, pings, passwords) are not imported. */
const ITEM_FIELDS: Record<string, (item: WxrItem, text: string, keep: KeepText) => void> = {
  title: (item, text) => {
    item.title = text.trim();
  },
  link: (item, text) => {
    item.link = text.trim();
  },
  guid: (item, text) => {
    item.guid = text.trim();
  },
  "content:encoded": (item, text, keep) => {
    item.content = keep(text);
  },
  "excerpt:encoded": (item, text) => {
    item.excerpt = text;
  },
  "wp:post_id": (item, text) => {
    item.id = integer(text);
  },
  "wp:post_type": (item, text) => {
    item.type = text.trim();
  },
  "wp:post_name": (item, text) => {
    item.slug = text.trim();
  },
  "wp:status": (item, text) => {
    item.status = text.trim();
  },
  "wp:post_parent": (item, text) => {
    item.parentId = integer(text);
  },
  "wp:menu_order": (item, text) => {
    item.menuOrder = integer(text);
  },
  "wp:post_date": (item, text) => {
    item.date = text.trim();
  },
  "wp:post_date_gmt": (item, text) => {
    item.dateGmt = text.trim();
  },
  "wp:attachment_url": (item, text) => {
    item.attachmentUrl = text.trim();
  },
};

/** The channel's own terms: categories, tags and the generic wp:term (menus, product categories, …). */
const TERM_FIELDS: Record<string, (term: WxrTerm, text: string) => void> = {
  "wp:term_id": (term, text) => {
    term.id = integer(text);
  },
  "wp:category_nicename": (term, text) => {
    term.slug = text.trim();
  },
  "wp:tag_slug": (term, text) => {
    term.slug = text.trim();
  },
  "wp:term_slug": (term, text) => {
    term.slug = text.trim();
  },
  "wp:cat_name": (term, text) => {
    term.name = text.trim();
  },
  "wp:tag_name": (term, text) => {
    term.name = text.trim();
  },
  "wp:term_name": (term, text) => {
    term.name = text.trim();
  },
  "wp:category_parent": (term, text) => {
    term.parentSlug = text.trim();
  },
  "wp:term_parent": (term, text) => {
    term.parentSlug = text.trim();
  },
  "wp:term_taxonomy": (term, text) => {
    term.taxonomy = text.trim();
  },
  "wp:category_description": (term, text) => {
    term.description = text;
  },
  "wp:tag_description": (term, text) => {
    term.description = text;
  },
  "wp:term_description": (term, text) => {
    term.description = text;
  },
};

const TERM_ELEMENTS: Record<string, string> = { "wp:category": "category", "wp:tag": "post_tag", "wp:term": "" };

type SiteField = keyof WxrExport["site"];
const SITE_FIELDS: Record<string, SiteField> = {
  title: "title",
  link: "link",
  description: "description",
  language: "language",
  "wp:base_site_url": "baseSiteUrl",
  "wp:base_blog_url": "baseBlogUrl",
};

/** The export being read: the element path, the record being filled and the text of the current leaf. */
class WxrBuilder {
  readonly result: WxrExport = {
    version: "",
    site: { title: "", link: "", description: "", language: "", baseSiteUrl: "", baseBlogUrl: "" },
    terms: [],
    items: [],
  };
  private readonly path: string[] = [];
  private text = "";
  private item: WxrItem | null = null;
  private term: WxrTerm | null = null;
  private itemTerm: WxrItemTerm | null = null;
  private meta: { key: string; value: string } | null = null;

  private readonly keep: KeepText;

  constructor(keep: KeepText) {
    this.keep = keep;
  }

  open(tag: SaxesTagPlain) {
    const depth = this.path.length;
    if (depth === 0 && tag.name !== "rss") throw invalid(NOT_WXR);
    if (depth === 1 && tag.name !== "channel") throw invalid(NOT_WXR);
    if (depth >= WXR_MAX_DEPTH) throw invalid(TOO_DEEP);
    this.path.push(tag.name);
    this.text = "";
    if (depth === 2 && tag.name === "item") this.item = emptyItem();
    else if (depth === 2 && tag.name in TERM_ELEMENTS) this.term = emptyTerm(TERM_ELEMENTS[tag.name] ?? "");
    else if (depth === 3 && this.item && tag.name === "category")
      this.itemTerm = { taxonomy: tag.attributes.domain ?? "", slug: tag.attributes.nicename ?? "", name: "" };
    else if (depth === 3 && this.item && tag.name === "wp:postmeta") this.meta = { key: "", value: "" };
  }

  characters(text: string) {
    this.text += text;
  }

  close(name: string) {
    this.path.pop();
    const depth = this.path.length;
    // An item's content goes to `keep`, which makes its own copy (on disk, or in memory when short); the
    // rest is copied here, as the parser's text keeps the piece of the file it was cut from.
    const text = name === "content:encoded" ? this.text : ownCopy(this.text);
    this.text = "";
    if (depth === 2 && name === "item" && this.item) {
      this.result.items.push(this.item);
      this.item = null;
    } else if (depth === 2 && this.term) {
      this.result.terms.push(this.term);
      this.term = null;
    } else if (depth === 2 && name === "wp:wxr_version") {
      this.result.version = text.trim();
    } else if (depth === 2 && SITE_FIELDS[name]) {
      this.result.site[SITE_FIELDS[name]] = text.trim();
    } else if (depth === 3 && this.term) {
      TERM_FIELDS[name]?.(this.term, text);
    } else if (depth === 3 && this.item && name === "category" && this.itemTerm) {
      this.item.terms.push({ ...this.itemTerm, name: text.trim() });
      this.itemTerm = null;
    } else if (depth === 3 && this.item && name === "wp:postmeta" && this.meta) {
      const kept = this.meta.value.length <= META_MAX_CHARS;
      if (kept && this.meta.key && !(this.meta.key in this.item.meta)) this.item.meta[this.meta.key] = this.meta.value;
      this.meta = null;
    } else if (depth === 3 && this.item) {
      ITEM_FIELDS[name]?.(this.item, text, this.keep);
    } else if (depth === 4 && this.meta && name === "wp:meta_key") {
      this.meta.key = text.trim();
    } else if (depth === 4 && this.meta && name === "wp:meta_value") {
      this.meta.value = text;
    }
  }

  get finished() {
    return this.path.length === 0;
  }
}

/** The chunks in pieces of at most PIECE_BYTES (a stream's, or one whole file's bytes). */
async function* inPieces(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>) {
  for await (const chunk of chunks) {
    if (chunk.length <= PIECE_BYTES) yield chunk;
    else if (typeof chunk === "string")
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) yield chunk.slice(at, at + PIECE_BYTES);
    else for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES) yield chunk.subarray(at, at + PIECE_BYTES);
  }
}

/**
 * Reads a whole WXR file from its bytes as they come (a file, an upload), refusing it with a pt-BR
 * message (a DomainError) past `maxBytes`, when it is not XML, not a WordPress export, cut short,
 * nested deeper than WXR_MAX_DEPTH or declares a DOCTYPE. It reads a piece at a time, letting the
 * server answer others in between. With a `spool`, the items' long contents are kept there, not in memory.
 */
export async function readWxr(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: { maxBytes?: number; spool?: TextSpool } = {},
): Promise<WxrExport> {
  const maxBytes = options.maxBytes ?? WXR_MAX_BYTES;
  const { spool } = options;
  const builder = new WxrBuilder(spool ? (text) => spool.put(text) : (text) => heldText(ownCopy(text)));
  const parser = new SaxesParser({ xmlns: false, fileName: "wxr" });
  let failure: DomainError | null = null;
  const fail = (error: DomainError) => {
    failure ??= error;
  };
  parser.on("doctype", () => fail(invalid(DOCTYPE)));
  parser.on("opentag", (tag) => {
    if (failure) return;
    try {
      builder.open(tag);
    } catch (error) {
      fail(error instanceof DomainError ? error : invalid(NOT_WXR));
    }
  });
  parser.on("text", (text) => builder.characters(text));
  parser.on("cdata", (text) => builder.characters(text));
  parser.on("closetag", (tag) => {
    if (!failure) builder.close(tag.name);
  });
  parser.on("error", () => fail(invalid(NOT_XML)));

  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  let sawContent = false;
  const letOthersIn = eventLoopTurns(YIELD_AFTER_MS);
  try {
    for await (const chunk of inPieces(chunks)) {
      const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
      if (bytes > maxBytes) throw tooLarge(TOO_LARGE(maxBytes));
      if (text.trim()) sawContent = true;
      parser.write(text);
      if (failure) throw failure;
      if (spool?.full) await spool.flush();
      await letOthersIn();
    }
    if (!sawContent) throw invalid(NOT_XML);
    parser.write(decoder.decode());
    if (failure) throw failure;
    if (!builder.finished) throw invalid(TRUNCATED);
    parser.close();
    if (failure) throw failure;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // The decoder's TypeError: bytes that are not UTF-8, which every WordPress export is.
    throw invalid(NOT_XML);
  }
  const result = builder.result;
  if (!result.version) throw invalid(NOT_WXR);
  return result;
}
