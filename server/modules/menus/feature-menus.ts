import { eq, inArray, isNull } from "drizzle-orm";
import { type FeatureKey, type Features, featureKeys } from "../../../common/features.ts";
import type { Db } from "../../db/client.ts";
import { menus } from "../../db/schema.ts";

/**
 * Spec §4: enabling a feature creates a top-level menu named after its title
 * when no menu with its url exists; disabling it deletes that menu.
 */
export async function syncFeatureMenus(db: Db, before: Features | null, after: Features): Promise<void> {
  for (const key of featureKeys) {
    const was = before?.[key].enabled ?? false;
    const now = after[key].enabled;
    if (was === now) continue;
    if (now) await ensureMenu(db, key, after);
    // The menu was made with the url the feature had while enabled, which this same save may change.
    else await db.delete(menus).where(inArray(menus.url, [after[key].url, before?.[key].url ?? after[key].url]));
  }
}

async function ensureMenu(db: Db, key: FeatureKey, features: Features) {
  const { title, url } = features[key];
  const [existing] = await db.select({ id: menus.id }).from(menus).where(eq(menus.url, url)).limit(1);
  if (existing) return;
  const siblings = await db.select({ position: menus.position }).from(menus).where(isNull(menus.parentId));
  const position = siblings.reduce((max, row) => Math.max(max, row.position + 1), 0);
  await db.insert(menus).values({ name: title, url, position, enabled: true });
}
