import type { WxrExport, WxrItem, WxrTerm } from "./wxr-reader.ts";

/**
 * The menus of a WordPress export, as trees of labelled links, from both places WordPress keeps them:
 * classic themes' menus (nav_menu_item posts grouped by their nav_menu term) and block themes'
 * navigations (wp_navigation posts, WordPress 5.9+, whose navigation-link and navigation-submenu blocks
 * carry label, url, kind and the linked object's id).
 */

export type WpLinkKind = "page" | "post" | "category" | "tag" | "custom";

/** Where an entry leads: a WordPress object (by its id) or an address; `url` is the old site's. */
export type WpMenuLink = { kind: WpLinkKind; objectId: number; url: string };

export type WpMenuEntry = { label: string; link: WpMenuLink; children: WpMenuEntry[] };

export type WpMenu = { name: string; source: "classic" | "block"; entries: WpMenuEntry[] };

const KIND_BY_OBJECT: Record<string, WpLinkKind> = {
  page: "page",
  post: "post",
  category: "category",
  post_tag: "tag",
};
const KIND_BY_BLOCK_TYPE: Record<string, WpLinkKind> = { page: "page", post: "post", category: "category", tag: "tag" };

const integer = (text: string | undefined) => {
  const value = Number.parseInt(text ?? "", 10);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
};

function termUrl(site: WxrExport, term: WxrTerm): string {
  const base = site.site.baseBlogUrl || site.site.link;
  return `${base}/${term.taxonomy === "post_tag" ? "tag" : "category"}/${term.slug}/`;
}

/** One classic menu item's label and link, the label falling back to the linked page's or term's name. */
function classicEntry(site: WxrExport, item: WxrItem, posts: Map<number, WxrItem>): WpMenuEntry {
  const objectId = integer(item.meta._menu_item_object_id);
  const type = item.meta._menu_item_type ?? "custom";
  const object = item.meta._menu_item_object ?? "";
  if (type === "post_type") {
    const target = posts.get(objectId);
    const kind = KIND_BY_OBJECT[object] ?? "post";
    return {
      label: item.title || target?.title || "",
      link: { kind, objectId, url: target?.link ?? "" },
      children: [],
    };
  }
  if (type === "taxonomy") {
    const term = site.terms.find((candidate) => candidate.id === objectId && candidate.taxonomy === object);
    const kind = KIND_BY_OBJECT[object] ?? "category";
    const url = term ? termUrl(site, term) : "";
    return { label: item.title || term?.name || "", link: { kind, objectId, url }, children: [] };
  }
  return {
    label: item.title,
    link: { kind: "custom", objectId: 0, url: item.meta._menu_item_url ?? "" },
    children: [],
  };
}

function classicMenus(site: WxrExport, posts: Map<number, WxrItem>): WpMenu[] {
  const items = site.items
    .filter((item) => item.type === "nav_menu_item" && item.status === "publish")
    .sort((a, b) => a.menuOrder - b.menuOrder);
  const menus = new Map<string, { name: string; items: WxrItem[] }>();
  for (const item of items) {
    const menu = item.terms.find((term) => term.taxonomy === "nav_menu");
    if (!menu) continue;
    const entry = menus.get(menu.slug) ?? { name: menu.name, items: [] };
    entry.items.push(item);
    menus.set(menu.slug, entry);
  }
  return [...menus.values()].map(({ name, items: menuItems }) => {
    const entries = new Map(menuItems.map((item) => [item.id, classicEntry(site, item, posts)]));
    const roots: WpMenuEntry[] = [];
    for (const item of menuItems) {
      const entry = entries.get(item.id);
      if (!entry) continue;
      const parent = entries.get(integer(item.meta._menu_item_menu_item_parent));
      (parent && parent !== entry ? parent.children : roots).push(entry);
    }
    return { name, source: "classic" as const, entries: roots };
  });
}

// WordPress writes a block's attributes with "<" and ">" escaped (\u003c), so "[^<>]" ends each try at the
// next comment: a comment never closed is not read to the end of the text once for every one before it.
const NAVIGATION_BLOCK = /<!--\s*(\/?)wp:(navigation-link|navigation-submenu)(?:\s+(\{[^<>]*?\}))?\s*(\/?)-->/g;

type BlockAttributes = { label?: unknown; url?: unknown; kind?: unknown; type?: unknown; id?: unknown };

function attributesOf(json: string | undefined): BlockAttributes {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === "object" && parsed !== null ? (parsed as BlockAttributes) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function blockLink(attributes: BlockAttributes): WpMenuLink {
  const url = text(attributes.url);
  const kind = text(attributes.kind) === "custom" ? undefined : KIND_BY_BLOCK_TYPE[text(attributes.type)];
  const objectId = typeof attributes.id === "number" && Number.isSafeInteger(attributes.id) ? attributes.id : 0;
  return kind && objectId > 0 ? { kind, objectId, url } : { kind: "custom", objectId: 0, url };
}

/**
 * A navigation's blocks as a tree: a submenu holds the links up to its closing comment. A block whose
 * attributes cannot be read (no label, no address) is left out, its links moving up a level.
 */
function navigationEntries(content: string): WpMenuEntry[] {
  const roots: WpMenuEntry[] = [];
  const open: (WpMenuEntry | null)[] = [];
  const container = () => open.findLast((entry) => entry !== null)?.children ?? roots;
  for (const match of content.matchAll(NAVIGATION_BLOCK)) {
    const [, closing, block, json, selfClosing] = match;
    if (closing) {
      if (block === "navigation-submenu") open.pop();
      continue;
    }
    const attributes = attributesOf(json);
    const label = text(attributes.label).replace(/<[^<>]*>/g, "");
    const link = blockLink(attributes);
    const entry = label || link.url ? { label, link, children: [] } : null;
    if (entry) container().push(entry);
    if (block === "navigation-submenu" && !selfClosing) open.push(entry);
  }
  return roots;
}

export async function menusOf(site: WxrExport): Promise<WpMenu[]> {
  const posts = new Map(site.items.map((item) => [item.id, item]));
  const blocks: WpMenu[] = [];
  for (const item of site.items) {
    if (item.type !== "wp_navigation" || item.status !== "publish") continue;
    const entries = navigationEntries(await item.content.read());
    if (entries.length > 0) blocks.push({ name: item.title, source: "block", entries });
  }
  return [...classicMenus(site, posts), ...blocks];
}
