import { asc, eq, isNull, max } from "drizzle-orm";
import { invalid, notFound } from "../../../common/errors.ts";
import type { Features } from "../../../common/features.ts";
import { isExternalUrl } from "../../../common/menus.ts";
import type { MenuOrder, MenuValues } from "../../../common/schemas/menu.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { MenuItem } from "../../../common/views/menus.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import type { MenusContext } from "./context.ts";
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

/** Every item of a tree, submenus after their parent. */
const itemsOf = (tree: MenuItem[]) => tree.flatMap((item) => [item, ...item.submenus]);

/** A menu item as its audit entries show it, in the words of its form. */
function menuAuditFields(item: MenuItem, tree: MenuItem[]): AuditFields {
  const parent = item.parent_id === null ? undefined : tree.find((top) => top.id === item.parent_id);
  return {
    Nome: item.name,
    Endereço: item.url,
    Página: item.page ? sitePaths.page(item.page.slug) : null,
    "Menu principal": parent ? parent.name : null,
    Ordem: item.position,
    Ativo: item.enabled,
  };
}

const menusChanged = { name: "menus.changed", payload: undefined } as const;
const MENU_NOT_FOUND = "Menu não encontrado.";

export function createMenusService(context: MenusContext, cache: Memo<MenuTrees>) {
  const { db } = context;
  const pageLinks: PageLinks = (ids) => context.services.pages.linksFor(ids);
  const trees = () => readThrough(context, cache, () => loadMenuTrees(db, pageLinks));
  const fullTree = async () => (await trees()).all;
  /** The tree as a transaction sees it (its own writes included). */
  const treeOn = async (tx: MenusContext) => (await loadMenuTrees(tx.db, (ids) => tx.services.pages.linksFor(ids))).all;

  async function checkReferences(tx: MenusContext, values: MenuValues, selfId: number | null) {
    if (values.page_id !== null) {
      const links = await tx.services.pages.linksFor([values.page_id]);
      if (!links.has(values.page_id)) throw invalid("Página não encontrada.", { page_id: ["Página não encontrada"] });
    }
    if (values.parent_id === null) return;
    if (values.parent_id === selfId)
      throw invalid("Um menu não pode ser submenu de si mesmo.", { parent_id: ["Escolha outro menu"] });
    const [parent] = await tx.db.select().from(menus).where(eq(menus.id, values.parent_id)).limit(1);
    if (!parent) throw invalid("Menu principal não encontrado.", { parent_id: ["Menu não encontrado"] });
    if (parent.parentId !== null) {
      throw invalid("Submenus têm apenas um nível.", { parent_id: ["Escolha um menu principal"] });
    }
    if (selfId !== null) {
      const [child] = await tx.db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, selfId)).limit(1);
      if (child)
        throw invalid("Este menu tem submenus e não pode virar submenu.", { parent_id: ["Este menu tem submenus"] });
    }
  }

  async function nextPosition(on: Db, parentId: number | null) {
    const [row] = await on
      .select({ value: max(menus.position) })
      .from(menus)
      .where(parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId));
    return row?.value === null || row?.value === undefined ? 0 : row.value + 1;
  }

  const find = (tree: MenuItem[], id: number) => itemsOf(tree).find((item) => item.id === id);

  /** The item as the tree shows it once written; it was just written on this transaction. */
  const written = (tree: MenuItem[], id: number): MenuItem => {
    const item = find(tree, id);
    if (!item) throw new Error(`menu ${id} missing after its write`);
    return item;
  };

  /** Locks the item's row for the rest of the transaction: the entry's "before" stays true. */
  async function lockItem(tx: MenusContext, id: number): Promise<void> {
    const [row] = await tx.db.select({ id: menus.id }).from(menus).where(eq(menus.id, id)).for("update");
    if (!row) throw notFound(MENU_NOT_FOUND);
  }

  return {
    /** The full tree, disabled items included, for administrators. */
    list(actor: Actor | null) {
      requireAdmin(actor);
      return fullTree();
    },

    /** Every item's id, submenus and disabled ones included: an import makes again an entry deleted since. */
    async ids(): Promise<Set<number>> {
      const found = await db.select({ id: menus.id }).from(menus);
      return new Set(found.map((row) => row.id));
    },

    /** What visitors see in the header: see visibleTree. */
    async listEnabled() {
      return (await trees()).visible;
    },

    async get(actor: Actor | null, id: number): Promise<MenuItem> {
      requireAdmin(actor);
      const item = find(await fullTree(), id);
      if (!item) throw notFound(MENU_NOT_FOUND);
      return item;
    },

    async create(actor: Actor | null, values: MenuValues): Promise<MenuItem> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        await checkReferences(tx, values, null);
        const position = values.position ?? (await nextPosition(tx.db, values.parent_id));
        const [row] = await tx.db
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
        if (!row) throw new Error("menu insert returned nothing");
        const tree = await treeOn(tx);
        const item = written(tree, row.id);
        await tx.services.audit.record({
          actor: admin,
          action: "menu.created",
          recordId: item.id,
          recordLabel: item.name,
          after: menuAuditFields(item, tree),
        });
        tx.announce(menusChanged);
        return item;
      });
    },

    async update(actor: Actor | null, id: number, values: MenuValues): Promise<MenuItem> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        await lockItem(tx, id);
        const treeBefore = await treeOn(tx);
        const before = written(treeBefore, id);
        await checkReferences(tx, values, id);
        await tx.db
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
        const tree = await treeOn(tx);
        const item = written(tree, id);
        await tx.services.audit.record({
          actor: admin,
          action: "menu.updated",
          recordId: id,
          recordLabel: item.name,
          before: menuAuditFields(before, treeBefore),
          after: menuAuditFields(item, tree),
        });
        tx.announce(menusChanged);
        return item;
      });
    },

    /** Deleting a menu deletes its submenus: each has its entry. */
    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        await lockItem(tx, id);
        const tree = await treeOn(tx);
        const item = written(tree, id);
        await tx.db.delete(menus).where(eq(menus.id, id));
        for (const gone of [item, ...item.submenus]) {
          await tx.services.audit.record({
            actor: admin,
            action: "menu.deleted",
            recordId: gone.id,
            recordLabel: gone.name,
            before: menuAuditFields(gone, tree),
          });
        }
        tx.announce(menusChanged);
      });
    },

    /**
     * Sets the order of one level: `ids` must be exactly the siblings under `parent_id`. Each item whose
     * place changed has its entry (menu.updated, the order's before and after).
     */
    async reorder(actor: Actor | null, order: MenuOrder): Promise<MenuItem[]> {
      const admin = requireAdmin(actor);
      const parentFilter = order.parent_id === null ? isNull(menus.parentId) : eq(menus.parentId, order.parent_id);
      return context.transaction(async (tx) => {
        const siblings = await tx.db
          .select({ id: menus.id })
          .from(menus)
          .where(parentFilter)
          .orderBy(asc(menus.id))
          .for("update");
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
        const treeBefore = await treeOn(tx);
        for (const [position, id] of order.ids.entries()) {
          await tx.db.update(menus).set({ position }).where(eq(menus.id, id));
        }
        const tree = await treeOn(tx);
        for (const id of order.ids) {
          const before = written(treeBefore, id);
          const item = written(tree, id);
          if (before.position === item.position) continue;
          await tx.services.audit.record({
            actor: admin,
            action: "menu.updated",
            recordId: id,
            recordLabel: item.name,
            before: menuAuditFields(before, treeBefore),
            after: menuAuditFields(item, tree),
          });
        }
        tx.announce(menusChanged);
        return tree;
      });
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
