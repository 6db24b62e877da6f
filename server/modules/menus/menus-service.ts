import { asc, eq, isNull, max } from "drizzle-orm";
import { invalid, notFound } from "../../../common/errors.ts";
import type { Features } from "../../../common/features.ts";
import { isExternalUrl } from "../../../common/menus.ts";
import type { MenuOrder, MenuValues } from "../../../common/schemas/menu.ts";
import type { MenuItem } from "../../../common/views/menus.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import { syncFeatureMenus } from "./feature-menus.ts";
import { menus } from "./tables.ts";

type MenuRow = typeof menus.$inferSelect;
type PageLink = NonNullable<MenuItem["page"]>;

/** Resolves linked pages to their slug and status (the pages service). */
export type PageLinks = (pageIds: number[]) => Promise<Map<number, PageLink>>;

function buildTree(rows: MenuRow[], links: Map<number, PageLink>): MenuItem[] {
  const toItem = (row: MenuRow): MenuItem => {
    const page = row.pageId === null ? null : (links.get(row.pageId) ?? null);
    // An item with a page leads only there: the form says the page replaces the address.
    let href: string | null = row.url || null;
    if (row.pageId !== null) href = page ? `/${page.slug}` : null;
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      href,
      external: href !== null && isExternalUrl(href),
      enabled: row.enabled,
      position: row.position,
      page_id: row.pageId,
      page,
      parent_id: row.parentId,
      submenus: [],
    };
  };
  const byPosition = (a: MenuRow, b: MenuRow) => a.position - b.position || a.id - b.id;
  const top = rows.filter((row) => row.parentId === null).sort(byPosition);
  return top.map((parent) => ({
    ...toItem(parent),
    submenus: rows
      .filter((row) => row.parentId === parent.id)
      .sort(byPosition)
      .map(toItem),
  }));
}

/** A page that is not published is not linked, and its slug is not shown, to visitors. */
function forVisitors(item: MenuItem): MenuItem {
  if (item.page_id === null || item.page?.status === "published") return item;
  return { ...item, href: null, external: false, page: null };
}

/**
 * The header's items: enabled ones, with their enabled submenus that lead somewhere. An item that
 * leads nowhere is shown only as the title of a dropdown, so it goes when it has no submenus left.
 */
function visibleTree(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    if (!item.enabled) return [];
    const submenus = item.submenus
      .filter((sub) => sub.enabled)
      .map(forVisitors)
      .filter((sub) => sub.href !== null);
    const visible = { ...forVisitors(item), submenus };
    return visible.href === null && submenus.length === 0 ? [] : [visible];
  });
}

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "menus.changed": undefined;
  }
}

export type MenuTrees = { all: MenuItem[]; visible: MenuItem[] };

/** Both trees: the header reads the visitors' one on every page. */
export async function loadMenuTrees(db: Db, pageLinks: PageLinks): Promise<MenuTrees> {
  const rows = await db.select().from(menus).orderBy(asc(menus.position), asc(menus.id));
  const pageIds = rows.flatMap((row) => (row.pageId === null ? [] : [row.pageId]));
  const all = buildTree(rows, pageIds.length ? await pageLinks(pageIds) : new Map());
  return { all, visible: visibleTree(all) };
}

export function createMenusService(context: ServiceContext, cache: Memo<MenuTrees>) {
  const { db } = context;
  const pageLinks: PageLinks = (ids) => context.services.pages.linksFor(ids);
  const trees = {
    get: () => readThrough(context, cache, () => loadMenuTrees(db, pageLinks)),
    invalidate: () => context.announce({ name: "menus.changed", payload: undefined }),
  };
  const fullTree = async () => (await trees.get()).all;

  async function checkReferences(values: MenuValues, selfId: number | null) {
    if (values.page_id !== null) {
      const links = await pageLinks([values.page_id]);
      if (!links.has(values.page_id)) throw invalid("Página não encontrada.", { page_id: ["Página não encontrada"] });
    }
    if (values.parent_id === null) return;
    if (values.parent_id === selfId)
      throw invalid("Um menu não pode ser submenu de si mesmo.", { parent_id: ["Escolha outro menu"] });
    const [parent] = await db.select().from(menus).where(eq(menus.id, values.parent_id)).limit(1);
    if (!parent) throw invalid("Menu principal não encontrado.", { parent_id: ["Menu não encontrado"] });
    if (parent.parentId !== null) {
      throw invalid("Submenus têm apenas um nível.", { parent_id: ["Escolha um menu principal"] });
    }
    if (selfId !== null) {
      const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, selfId)).limit(1);
      if (child)
        throw invalid("Este menu tem submenus e não pode virar submenu.", { parent_id: ["Este menu tem submenus"] });
    }
  }

  async function nextPosition(parentId: number | null) {
    const [row] = await db
      .select({ value: max(menus.position) })
      .from(menus)
      .where(parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId));
    return row?.value === null || row?.value === undefined ? 0 : row.value + 1;
  }

  const find = async (id: number) =>
    (await fullTree()).flatMap((item) => [item, ...item.submenus]).find((item) => item.id === id);

  return {
    /** The full tree, disabled items included, for administrators. */
    list(actor: Actor | null) {
      requireAdmin(actor);
      return fullTree();
    },

    /** What visitors see in the header: see visibleTree. */
    async listEnabled() {
      return (await trees.get()).visible;
    },

    async get(actor: Actor | null, id: number): Promise<MenuItem> {
      requireAdmin(actor);
      const item = await find(id);
      if (!item) throw notFound("Menu não encontrado.");
      return item;
    },

    async create(actor: Actor | null, values: MenuValues): Promise<MenuItem> {
      requireAdmin(actor);
      await checkReferences(values, null);
      const position = values.position ?? (await nextPosition(values.parent_id));
      const [row] = await db
        .insert(menus)
        .values({
          name: values.name,
          url: values.url,
          pageId: values.page_id,
          parentId: values.parent_id,
          enabled: values.enabled,
          position,
        })
        .returning({ id: menus.id });
      trees.invalidate();
      if (!row) throw new Error("menu insert returned nothing");
      return this.get(actor, row.id);
    },

    async update(actor: Actor | null, id: number, values: MenuValues): Promise<MenuItem> {
      await this.get(actor, id);
      await checkReferences(values, id);
      await db
        .update(menus)
        .set({
          name: values.name,
          url: values.url,
          pageId: values.page_id,
          parentId: values.parent_id,
          enabled: values.enabled,
          ...(values.position === undefined ? {} : { position: values.position }),
          updatedAt: new Date(),
        })
        .where(eq(menus.id, id));
      trees.invalidate();
      return this.get(actor, id);
    },

    /** Deleting a menu deletes its submenus. */
    async remove(actor: Actor | null, id: number): Promise<void> {
      requireAdmin(actor);
      const deleted = await db.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id });
      trees.invalidate();
      if (deleted.length === 0) throw notFound("Menu não encontrado.");
    },

    /** Sets the order of one level: `ids` must be exactly the siblings under `parent_id`. */
    async reorder(actor: Actor | null, order: MenuOrder): Promise<MenuItem[]> {
      requireAdmin(actor);
      const parentFilter = order.parent_id === null ? isNull(menus.parentId) : eq(menus.parentId, order.parent_id);
      await db.transaction(async (tx) => {
        const siblings = await tx.select({ id: menus.id }).from(menus).where(parentFilter);
        const expected = new Set(siblings.map((row) => row.id));
        const given = new Set(order.ids);
        if (
          given.size !== order.ids.length ||
          given.size !== expected.size ||
          order.ids.some((id) => !expected.has(id))
        ) {
          throw invalid("A nova ordem deve conter cada menu deste nível uma vez.", {
            ids: ["Lista de menus inválida"],
          });
        }
        for (const [position, id] of order.ids.entries()) {
          await tx.update(menus).set({ position }).where(eq(menus.id, id));
        }
      });
      trees.invalidate();
      return fullTree();
    },

    /** A settings save's part in the menus (docs/spec.md §4, see feature-menus.ts), on the caller's transaction if any. */
    async syncFeatureMenus(before: Features | null, after: Features): Promise<void> {
      await context.transaction(async (tx) => {
        await syncFeatureMenus(tx.db, before, after);
        tx.announce({ name: "menus.changed", payload: undefined });
      });
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;
