import { reservedSlugs } from "../../../common/content.ts";
import { shopReservedSlugs, sitePaths } from "../../../common/site-paths.ts";
import {
  emptyImportCounts,
  type ImportCounts,
  type WordPressImportReport,
} from "../../../common/views/wordpress-import.ts";
import { eventLoopTurns } from "../../kernel/event-loop.ts";
import { isDigits, slugify } from "../../kernel/slugs.ts";
import type { ImportText } from "./import-text.ts";
import { isFrontPage, itemAddresses, keyOfOldUrl, redirectKey, SITE_FEEDS, termAddresses } from "./old-addresses.ts";
import { eventsOf } from "./tec-events.ts";
import type { ImportedCustomer } from "./wc-customer-csv.ts";
import { type ImportedProduct, productsOf } from "./wc-products.ts";
import { unknownShortcodesOfEach } from "./wp-content.ts";
import { menusOf, type WpMenu, type WpMenuEntry } from "./wp-menus.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

/**
 * What an import will do, worked out before anything is written: every item of the export with the
 * slug it will have here (its record's own when an earlier import made it, else the old one, renamed
 * when ours already has it), the old addresses that will lead to it, and what is left out and why.
 * The preview shows this plan's report; the run writes it batch by batch (server/flows/wordpress-import/write-plan.ts).
 */

export type ContentKind = "page" | "post" | "event";
export type SlugKind = ContentKind | "product";

/** An earlier import's record of an item: which of ours it became and what it held then. */
export type MappedRecord = { recordId: string; fingerprint: string };

/** What the database holds that the plan depends on (import-existing.ts reads it). */
export type ExistingState = {
  /** By `${kind}:${wpId}`. */
  mapped: ReadonlyMap<string, MappedRecord>;
  /** Every slug in use, per kind, with the id of the record using it. */
  slugs: Record<SlugKind, ReadonlyMap<string, string>>;
  /** SKUs in use, with the product using each. */
  skus: ReadonlyMap<string, string>;
  /** Existing accounts' e-mails (lower case). */
  emails: ReadonlySet<string>;
  /** What the site calls its news list (the feature's title, "Notícias" unless renamed). */
  postsTitle: string;
  /** Whether the site has a home page ("/" shows a page of its own): an import then leaves it. */
  hasHomePage: boolean;
};

export type PlannedAttachment = {
  wpId: string;
  url: string;
  title: string;
  alt: string;
  /** The old addresses of the file and its attachment page. */
  oldKeys: string[];
  mapped: MappedRecord | null;
};

export type PlannedContent = {
  kind: ContentKind;
  wpId: string;
  title: string;
  slug: string;
  status: "draft" | "published";
  publishedAt: Date | null;
  rawContent: ImportText;
  summary: string;
  tags: string[];
  coverId: number | null;
  attachedImageIds: number[];
  event: { start_at: Date; end_at: Date; place_name: string; place_address: string } | null;
  oldKeys: string[];
  mapped: MappedRecord | null;
};

export type PlannedProduct = {
  wpId: string;
  product: ImportedProduct;
  slug: string;
  oldKeys: string[];
  mapped: MappedRecord | null;
};

export type PlannedMenuEntry = {
  /** The entry's place in its menu, which keeps it the same entry from one export to the next. */
  key: string;
  label: string;
  target: AddressTarget | { kind: "url"; url: string };
  /** The part of the old address after "#" (a section of the page), with its "#", or "". */
  hash: string;
  children: PlannedMenuEntry[];
  mapped: MappedRecord | null;
};

export type PlannedRedirect = { from: string; to: string };

export type ImportPlan = {
  site: string;
  attachments: PlannedAttachment[];
  contents: PlannedContent[];
  products: PlannedProduct[];
  menu: PlannedMenuEntry[];
  /** The WordPress id of the old site's static front page, which becomes the home page here. */
  frontPageWpId: string | null;
  /** Whether an earlier import made that page the home already (the owner may have changed it since). */
  homeChosen: boolean;
  customers: (ImportedCustomer & { exists: boolean })[];
  /** Old addresses of the items and lists, pointing at paths that are only known by kind and WordPress id. */
  addresses: { key: string; target: AddressTarget }[];
  report: WordPressImportReport;
};

/** Where an old address leads: an imported record (its path known once written) or a fixed path of ours. */
export type AddressTarget =
  | { kind: "record"; recordKind: ContentKind | "product" | "attachment"; wpId: string }
  | { kind: "path"; path: string };

export type ImportSources = {
  wxr: WxrExport | null;
  csvProducts: { products: ImportedProduct[]; skipped: { wpId: string | number; name: string; reason: string }[] };
  customers: { customers: ImportedCustomer[]; skipped: { row: number; email: string; reason: string }[] } | null;
};

const IGNORED_TYPES = new Set([
  "attachment",
  "nav_menu_item",
  "wp_navigation",
  "product_variation",
  "tribe_venue",
  "tribe_organizer",
  "revision",
  "customize_changeset",
  "oembed_cache",
  "wp_global_styles",
  "custom_css",
  "wp_template",
  "wp_template_part",
  "wp_font_family",
  "wp_font_face",
  "user_request",
  "shop_order",
  "shop_order_refund",
  "shop_coupon",
  "scheduled-action",
]);

const TYPE_NAMES: Record<string, string> = {
  wpcf7_contact_form: "formulário do Contact Form 7",
  wp_block: "bloco reutilizável",
  elementor_library: "modelo do Elementor",
};

/** WooCommerce's own pages: our shop has its own, so their old addresses lead there. */
const WOOCOMMERCE_PAGES: { test: RegExp; path: string; name: string }[] = [
  { test: /\[woocommerce_cart\]|wp:woocommerce\/cart/, path: sitePaths.cart, name: "carrinho" },
  { test: /\[woocommerce_checkout\]|wp:woocommerce\/checkout/, path: sitePaths.checkout, name: "finalizar compra" },
  { test: /\[woocommerce_my_account\]|wp:woocommerce\/customer-account/, path: "/conta", name: "minha conta" },
  { test: /wp:woocommerce\/(product-catalog|classic-template|all-products)/, path: sitePaths.shop, name: "loja" },
];

/** WooCommerce's default addresses of its shop pages, in English and as Brazilian shops name them. */
const SHOP_ADDRESSES: [string, string][] = [
  ["/shop", sitePaths.shop],
  ["/cart", sitePaths.cart],
  ["/carrinho", sitePaths.cart],
  ["/checkout", sitePaths.checkout],
  ["/finalizar-compra", sitePaths.checkout],
  ["/my-account", "/conta"],
  ["/minha-conta", "/conta"],
];

const NOT_IMPORTED = {
  trash: "Está na lixeira do WordPress.",
  woocommercePage: (name: string) =>
    `Página do WooCommerce (${name}): a loja daqui tem a sua, e o endereço antigo leva a ela.`,
  type: (type: string) => `Tipo de conteúdo sem equivalente aqui (${TYPE_NAMES[type] ?? type}).`,
  tooLong: "O conteúdo passa de 200.000 caracteres.",
  otherMenu: (name: string, chosen: string) =>
    `O site tem um menu principal; foi importado o menu "${chosen}", não "${name}".`,
};

/** A page WooCommerce made for its shop (its cart, its checkout…), or undefined. */
async function woocommercePageOf(item: WxrItem) {
  const content = await item.content.read();
  if (/^(shop|loja)$/.test(item.slug) && content.trim() === "") return { path: sitePaths.shop, name: "loja" };
  return WOOCOMMERCE_PAGES.find((page) => page.test.test(content));
}

const MAX_CONTENT = 200_000;
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;
const UNCATEGORISED = new Set(["uncategorized", "sem-categoria"]);

const wordpressTime = (text: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match || match[1] === "0000") return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1900 || year > 2200 ? null : date;
};

/** A post's moment: its UTC copy, else its local time read as São Paulo's (UTC−3). */
function publishedAtOf(item: WxrItem): Date | null {
  const utc = wordpressTime(item.dateGmt);
  if (utc) return utc;
  const local = wordpressTime(item.date);
  return local ? new Date(local.getTime() + 3 * 3600_000) : null;
}

export const plainSummary = (html: string, max: number) => {
  const text = html
    // "[^<>]": a "<" never closed is read once, not once for every "<" before it.
    .replace(/<[^<>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#8217;/g, "’")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};

export function tagsOf(names: readonly string[]): string[] {
  const tags = names
    .map((name) => name.replace(/\s+/g, " ").trim().slice(0, MAX_TAG_LENGTH).trim())
    .filter((name) => name !== "");
  return [...new Set(tags)].slice(0, MAX_TAGS);
}

const decodeSlug = (slug: string) => {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
};

/** Chooses slugs one kind at a time, remembering the ones this plan gave away. */
function slugChooser(existing: ExistingState, renamed: WordPressImportReport["renamed"]) {
  const given: Record<SlugKind, Set<string>> = {
    page: new Set(),
    post: new Set(),
    event: new Set(),
    product: new Set(),
  };
  const reserved: Record<SlugKind, ReadonlySet<string>> = {
    page: new Set<string>(reservedSlugs),
    post: new Set(),
    event: new Set(),
    product: new Set<string>(shopReservedSlugs),
  };
  const words: Record<SlugKind, string> = { page: "pagina", post: "noticia", event: "evento", product: "produto" };
  // Each record's slug by its id, made once per kind: looking through every slug for each mapped item
  // took seconds of the event loop on the second import of a site of thousands of posts.
  const slugOfRecord = new Map<SlugKind, Map<string, string>>();
  const ownSlug = (kind: SlugKind, recordId: string) => {
    let byId = slugOfRecord.get(kind);
    if (!byId) {
      byId = new Map([...existing.slugs[kind]].map(([slug, id]) => [id, slug]));
      slugOfRecord.set(kind, byId);
    }
    return byId.get(recordId);
  };
  return (kind: SlugKind, wanted: string, title: string, mapped: MappedRecord | null): string => {
    const taken = existing.slugs[kind];
    if (mapped) {
      const own = ownSlug(kind, mapped.recordId);
      if (own) {
        given[kind].add(own);
        return own;
      }
    }
    let base = slugify(decodeSlug(wanted)) || slugify(title) || words[kind];
    if (isDigits(base)) base = `${words[kind]}-${base}`;
    const free = (slug: string) => !taken.has(slug) && !given[kind].has(slug) && !reserved[kind].has(slug);
    let slug = base;
    for (let suffix = 2; !free(slug); suffix++) slug = `${base}-${suffix}`;
    given[kind].add(slug);
    if (slug !== base) renamed.push({ kind, title, from: base, to: slug });
    return slug;
  };
}

/** Names compared as a reader would: "Notícias", "noticias " and "NOTÍCIAS" are one. */
const sameName = (a: string, b: string) => {
  const plain = (text: string) =>
    text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();
  return plain(a) === plain(b);
};

type MenuContext = {
  site: WxrExport;
  plannedPages: ReadonlySet<string>;
  frontPageWpId: string | null;
  postsTitle: string;
  addressOf: (key: string) => AddressTarget | undefined;
};

/**
 * Where a menu entry leads here. An entry named like the news list and leading into it (WordPress's
 * "Notícias" was usually the category every post is in) is the news list itself, the entry the
 * site has of its own: the run does not add it twice.
 */
function menuTarget(entry: WpMenuEntry, context: MenuContext): PlannedMenuEntry["target"] {
  const target = linkTarget(entry, context);
  const intoPosts = target.kind === "path" && target.path.startsWith(`${sitePaths.posts}?`);
  return intoPosts && sameName(entry.label, context.postsTitle) ? { kind: "path", path: sitePaths.posts } : target;
}

function linkTarget(entry: WpMenuEntry, context: MenuContext): PlannedMenuEntry["target"] {
  const { site, plannedPages, addressOf } = context;
  const { link } = entry;
  if (link.kind === "page" && String(link.objectId) === context.frontPageWpId) return { kind: "path", path: "/" };
  if (link.kind === "page" && plannedPages.has(String(link.objectId))) {
    return { kind: "record", recordKind: "page", wpId: String(link.objectId) };
  }
  if (link.kind === "category" || link.kind === "tag") {
    const term = site.terms.find((candidate) => candidate.id === link.objectId);
    if (term) return { kind: "path", path: `${sitePaths.posts}?tag=${encodeURIComponent(term.name)}` };
  }
  const key = link.url ? keyOfOldUrl(link.url, site) : null;
  if (key !== null) {
    if (key === "/") return { kind: "path", path: "/" };
    // An address the export does not explain (a page left out) is kept as it was: a redirect may answer it.
    return addressOf(key) ?? { kind: "path", path: key };
  }
  return { kind: "url", url: link.url };
}

/**
 * The main menu: one named like it, else the one with most entries. A site with block navigations
 * ran a block theme, whose header shows one of them and never a classic menu (WordPress 6.3+ even
 * turns the classic menu into a navigation), so then only they are candidates.
 */
function chosenMenu(menus: WpMenu[]): WpMenu | null {
  const size = (entries: WpMenuEntry[]): number => entries.reduce((sum, entry) => sum + 1 + size(entry.children), 0);
  const blocks = menus.filter((menu) => menu.source === "block");
  const candidates = blocks.length > 0 ? blocks : menus;
  const named = candidates.find((menu) => /principal|primary|main|header|topo|cabe[cç]alho/i.test(menu.name));
  return named ?? [...candidates].sort((a, b) => size(b.entries) - size(a.entries))[0] ?? null;
}

/** The part of an address after "#", with it; "" for none, a bare "#" or one a link could not carry. */
const hashOf = (url: string) => {
  const at = url.indexOf("#");
  const hash = at < 0 ? "" : url.slice(at);
  return /^#[^\s\\#]{1,100}$/.test(hash) ? hash : "";
};

export async function planImport(
  sources: ImportSources,
  existing: ExistingState,
  siteKey: string,
): Promise<ImportPlan> {
  const report: WordPressImportReport = {
    site: { title: sources.wxr?.site.title ?? "", url: sources.wxr?.site.baseSiteUrl ?? "" },
    counts: emptyImportCounts(),
    skipped: [],
    renamed: [],
    unknown_shortcodes: [],
    unfetched_files: [],
    left_out: [],
    front_page: null,
    result: null,
  };
  // The plan of thousands of items is made with turns given to visitors' requests (issue 33: at most 100 ms held).
  const letOthersIn = eventLoopTurns();
  const mappedOf = (kind: string, wpId: string) => existing.mapped.get(`${kind}:${wpId}`) ?? null;
  const slugFor = slugChooser(existing, report.renamed);
  const addresses = new Map<string, AddressTarget>();
  // The site's own routes (/contato, /loja…) keep answering themselves, whatever the old site had there.
  const ownRoute = (key: string) => (reservedSlugs as readonly string[]).includes(key.split(/[/?]/)[1] ?? "");
  const address = (key: string, target: AddressTarget) => {
    if (key !== "/" && !ownRoute(key) && !addresses.has(key)) addresses.set(key, target);
  };
  const attachments: PlannedAttachment[] = [];
  const contents: PlannedContent[] = [];
  const products: PlannedProduct[] = [];
  let menu: PlannedMenuEntry[] = [];
  let frontPageWpId: string | null = null;
  const wxr = sources.wxr;

  if (wxr) {
    for (const item of wxr.items) {
      if (item.type !== "attachment" || !item.attachmentUrl) continue;
      await letOthersIn();
      const wpId = String(item.id);
      const oldKeys = itemAddresses(item, wxr);
      attachments.push({
        wpId,
        url: item.attachmentUrl,
        title: item.title,
        alt: item.meta._wp_attachment_image_alt ?? "",
        oldKeys,
        mapped: mappedOf("attachment", wpId),
      });
      for (const key of oldKeys) address(key, { kind: "record", recordKind: "attachment", wpId });
    }

    const attachedTo = new Map<number, number[]>();
    for (const item of wxr.items) {
      if (item.type === "attachment" && item.parentId > 0) {
        attachedTo.set(item.parentId, [...(attachedTo.get(item.parentId) ?? []), item.id]);
      }
    }

    for (const item of wxr.items) {
      await letOthersIn();
      const wpId = String(item.id);
      if (item.type !== "page" && item.type !== "post") {
        const quiet = IGNORED_TYPES.has(item.type) || item.type === "product" || item.type === "tribe_events";
        if (!quiet && item.status !== "auto-draft" && item.status !== "inherit") {
          report.skipped.push({
            kind: item.type,
            wp_id: wpId,
            title: item.title,
            reason: NOT_IMPORTED.type(item.type),
          });
        }
        continue;
      }
      if (item.status === "auto-draft" || item.status === "inherit") continue;
      if (item.status === "trash") {
        report.skipped.push({ kind: item.type, wp_id: wpId, title: item.title, reason: NOT_IMPORTED.trash });
        continue;
      }
      const shopPage = item.type === "page" ? await woocommercePageOf(item) : undefined;
      if (shopPage) {
        report.skipped.push({
          kind: "page",
          wp_id: wpId,
          title: item.title,
          reason: NOT_IMPORTED.woocommercePage(shopPage.name),
        });
        for (const key of itemAddresses(item, wxr)) address(key, { kind: "path", path: shopPage.path });
        continue;
      }
      if (item.content.length > MAX_CONTENT * 2) {
        report.skipped.push({ kind: item.type, wp_id: wpId, title: item.title, reason: NOT_IMPORTED.tooLong });
        continue;
      }
      const kind: ContentKind = item.type === "page" ? "page" : "post";
      const front = frontPageWpId === null && isFrontPage(item, wxr);
      if (front) frontPageWpId = wpId;
      const mapped = mappedOf(kind, wpId);
      const title = item.title.trim() || "Sem título";
      const thumbnail = Number.parseInt(item.meta._thumbnail_id ?? "", 10);
      const oldKeys = itemAddresses(item, wxr);
      const termNames = item.terms
        .filter(
          (term) => (term.taxonomy === "category" || term.taxonomy === "post_tag") && !UNCATEGORISED.has(term.slug),
        )
        .map((term) => term.name);
      contents.push({
        kind,
        wpId,
        title,
        slug: slugFor(kind, item.slug, title, mapped),
        // A scheduled post ("future") is published when its moment comes, as in WordPress.
        status: item.status === "publish" || (item.status === "future" && kind === "post") ? "published" : "draft",
        publishedAt: kind === "post" ? publishedAtOf(item) : null,
        rawContent: item.content,
        summary: plainSummary(item.excerpt, 300),
        tags: tagsOf(termNames),
        coverId: Number.isSafeInteger(thumbnail) && thumbnail > 0 ? thumbnail : null,
        attachedImageIds: attachedTo.get(item.id) ?? [],
        event: null,
        oldKeys,
        mapped,
      });
      // The front page's other addresses (?page_id=, ?p=) lead to the home, where it now is.
      const target: AddressTarget = front ? { kind: "path", path: "/" } : { kind: "record", recordKind: kind, wpId };
      for (const key of oldKeys) address(key, target);
    }

    // The first item of each id, as a search of the items found it, made once for the events and products.
    const itemById = new Map<number, WxrItem>();
    for (const item of wxr.items) if (!itemById.has(item.id)) itemById.set(item.id, item);
    const found = eventsOf(wxr);
    for (const event of found.events) {
      const wpId = String(event.wpId);
      const mapped = mappedOf("event", wpId);
      const item = itemById.get(event.wpId);
      const title = event.title.trim() || "Sem título";
      contents.push({
        kind: "event",
        wpId,
        title,
        slug: slugFor("event", event.slug, title, mapped),
        status: event.status,
        publishedAt: null,
        rawContent: event.content,
        summary: plainSummary(event.summary, 300),
        tags: tagsOf(event.tags),
        coverId: event.imageId,
        attachedImageIds: attachedTo.get(event.wpId) ?? [],
        event: {
          start_at: event.start_at,
          end_at: event.end_at,
          place_name: event.place_name.slice(0, 200),
          place_address: event.place_address.slice(0, 300),
        },
        oldKeys: item ? itemAddresses(item, wxr) : [],
        mapped,
      });
      if (item) for (const key of itemAddresses(item, wxr)) address(key, { kind: "record", recordKind: "event", wpId });
    }
    for (const skipped of found.skipped) {
      report.skipped.push({ kind: "event", wp_id: String(skipped.wpId), title: skipped.title, reason: skipped.reason });
    }

    const shop = productsOf(wxr);
    for (const product of shop.products) {
      const wpId = String(product.wpId);
      const mapped = mappedOf("product", wpId);
      const item = typeof product.wpId === "number" ? itemById.get(product.wpId) : undefined;
      const oldKeys = item ? itemAddresses(item, wxr) : [];
      products.push({ wpId, product, slug: slugFor("product", product.slug, product.name, mapped), oldKeys, mapped });
      for (const key of oldKeys) address(key, { kind: "record", recordKind: "product", wpId });
    }
    for (const skipped of shop.skipped) {
      report.skipped.push({
        kind: "product",
        wp_id: String(skipped.wpId),
        title: skipped.name,
        reason: skipped.reason,
      });
    }

    for (const term of wxr.terms) {
      const list =
        term.taxonomy === "category" || term.taxonomy === "post_tag"
          ? sitePaths.posts
          : term.taxonomy === "product_cat" || term.taxonomy === "product_tag"
            ? sitePaths.shop
            : null;
      if (!list) continue;
      const path = UNCATEGORISED.has(term.slug)
        ? list
        : `${list}?tag=${encodeURIComponent(tagsOf([term.name])[0] ?? "")}`;
      for (const key of termAddresses(term, wxr)) address(key, { kind: "path", path });
    }
    for (const key of SITE_FEEDS) address(key, { kind: "path", path: sitePaths.postsFeed });
    if (products.length > 0) {
      for (const [old, path] of SHOP_ADDRESSES) address(redirectKey(old), { kind: "path", path });
    }

    const menus = await menusOf(wxr);
    const main = chosenMenu(menus);
    const menuContext: MenuContext = {
      site: wxr,
      plannedPages: new Set(contents.filter((content) => content.kind === "page").map((content) => content.wpId)),
      frontPageWpId,
      postsTitle: existing.postsTitle,
      addressOf: (oldKey) => addresses.get(oldKey),
    };
    const plannedEntry = (entry: WpMenuEntry, path: string): PlannedMenuEntry => {
      const key = `${path}/${entry.label}`;
      return {
        key,
        label: entry.label.trim().slice(0, 80) || "Sem título",
        target: menuTarget(entry, menuContext),
        hash: hashOf(entry.link.url),
        children: entry.children.map((child) => plannedEntry(child, key)),
        mapped: mappedOf("menu", key),
      };
    };
    if (main) menu = main.entries.map((entry) => plannedEntry(entry, main.name));
    for (const other of menus) {
      if (other !== main && main) {
        report.skipped.push({
          kind: "menu",
          wp_id: other.name,
          title: other.name,
          reason: NOT_IMPORTED.otherMenu(other.name, main.name),
        });
      }
    }
  }

  const wxrProductIds = new Set(products.map((planned) => planned.wpId));
  for (const product of sources.csvProducts.products) {
    const wpId = String(product.wpId);
    if (wxrProductIds.has(wpId)) continue;
    const mapped = mappedOf("product", wpId);
    products.push({ wpId, product, slug: slugFor("product", product.slug, product.name, mapped), oldKeys: [], mapped });
  }
  for (const skipped of sources.csvProducts.skipped) {
    report.skipped.push({ kind: "product", wp_id: String(skipped.wpId), title: skipped.name, reason: skipped.reason });
  }

  // A spreadsheet's products name their pictures by address: each is fetched like an attachment.
  const attachmentUrls = new Set(attachments.map((attachment) => attachment.url));
  for (const planned of products) {
    for (const url of planned.product.imageUrls) {
      if (attachmentUrls.has(url)) continue;
      attachmentUrls.add(url);
      const wpId = `url:${url}`;
      attachments.push({
        wpId,
        url,
        title: planned.product.name,
        alt: planned.product.name,
        oldKeys: [],
        mapped: mappedOf("attachment", wpId),
      });
    }
  }

  for (const planned of products) {
    for (const value of planned.product.leftOut)
      report.left_out.push({ kind: "product", title: planned.product.name, ...value });
  }

  // An SKU another product of ours already has would refuse the whole batch: it is left empty, and said.
  const skusGiven = new Set<string>();
  for (const planned of products) {
    for (const variant of planned.product.variants) {
      if (!variant.sku) continue;
      const owner = existing.skus.get(variant.sku);
      const taken = (owner !== undefined && owner !== planned.mapped?.recordId) || skusGiven.has(variant.sku);
      if (taken) {
        report.renamed.push({ kind: "sku", title: planned.product.name, from: variant.sku, to: "" });
        variant.sku = "";
      } else {
        skusGiven.add(variant.sku);
      }
    }
  }

  const customers = (sources.customers?.customers ?? []).map((customer) => ({
    ...customer,
    exists: existing.emails.has(customer.email.toLowerCase()),
  }));
  for (const skipped of sources.customers?.skipped ?? []) {
    report.skipped.push({ kind: "customer", wp_id: String(skipped.row), title: skipped.email, reason: skipped.reason });
  }

  const shortcodes = new Map<string, number>();
  for (const names of await unknownShortcodesOfEach(contents.map((content) => content.rawContent))) {
    for (const name of names) shortcodes.set(name, (shortcodes.get(name) ?? 0) + 1);
  }
  report.unknown_shortcodes = [...shortcodes]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count);

  const counts: ImportCounts = report.counts;
  counts.attachment = attachments.length;
  counts.page = contents.filter((content) => content.kind === "page").length;
  counts.post = contents.filter((content) => content.kind === "post").length;
  counts.event = contents.filter((content) => content.kind === "event").length;
  counts.product = products.length;
  const menuSize = (entries: PlannedMenuEntry[]): number =>
    entries.reduce((sum, entry) => sum + 1 + menuSize(entry.children), 0);
  counts.menu = menuSize(menu);
  counts.customer = customers.length;
  counts.redirect = addresses.size;
  const homeChosen = frontPageWpId !== null && existing.mapped.has(`home:${frontPageWpId}`);
  const frontPage = contents.find((content) => content.kind === "page" && content.wpId === frontPageWpId);
  if (frontPage) {
    report.front_page = { title: frontPage.title, becomes_home: !homeChosen && !existing.hasHomePage };
  }

  return {
    site: siteKey,
    attachments,
    contents,
    products,
    menu,
    frontPageWpId,
    homeChosen,
    customers,
    addresses: [...addresses].map(([key, target]) => ({ key, target })),
    report,
  };
}
