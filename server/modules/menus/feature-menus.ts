import { and, eq, inArray, isNull } from "drizzle-orm";
import { type Feature, type Features, featureKeys } from "../../../common/features.ts";
import type { Db } from "../../db/client.ts";
import { menus } from "./tables.ts";

/**
 * Spec §4, on every settings save: an enabled feature has a menu leading to its url (a
 * top-level one named after its title is created when none does, e.g. after an administrator
 * deleted it); switching a feature off deletes that menu. While a feature stays on, its menu
 * follows a new url, and a new title unless the administrator gave the menu a name of their own.
 */
export async function syncFeatureMenus(db: Db, before: Features | null, after: Features): Promise<void> {
  for (const key of featureKeys) {
    const was = before?.[key];
    const now = after[key];
    if (now.enabled) {
      if (was?.enabled) await follow(db, was, now);
      await ensureMenu(db, now);
    } else if (was?.enabled) {
      // The menu was made with the url the feature had while enabled, which this same save may change.
      await db.delete(menus).where(inArray(menus.url, [now.url, was.url]));
    }
  }
}

async function follow(db: Db, was: Feature, now: Feature) {
  if (was.title !== now.title) {
    await db
      .update(menus)
      .set({ name: now.title, updatedAt: new Date() })
      .where(and(eq(menus.url, was.url), eq(menus.name, was.title)));
  }
  if (was.url !== now.url) {
    await db.update(menus).set({ url: now.url, updatedAt: new Date() }).where(eq(menus.url, was.url));
  }
}

async function ensureMenu(db: Db, { title, url }: Feature) {
  const [existing] = await db.select({ id: menus.id }).from(menus).where(eq(menus.url, url)).limit(1);
  if (existing) return;
  const siblings = await db.select({ position: menus.position }).from(menus).where(isNull(menus.parentId));
  const position = siblings.reduce((max, row) => Math.max(max, row.position + 1), 0);
  await db.insert(menus).values({ name: title, url, position, enabled: true });
}
