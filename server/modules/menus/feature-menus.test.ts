import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultFeatures, type FeatureKey, type Features } from "../../../common/features.ts";
import { withTestDatabase } from "../../../tests/support/with-test-services.ts";
import { syncFeatureMenus } from "./feature-menus.ts";
import { menus } from "./tables.ts";

const t = withTestDatabase();

const rows = () =>
  t.database.db
    .select({ name: menus.name, url: menus.url, position: menus.position, parentId: menus.parentId })
    .from(menus)
    .orderBy(asc(menus.id));

const enable = (...keys: FeatureKey[]): Features => {
  const features = structuredClone(defaultFeatures);
  for (const key of keys) features[key].enabled = true;
  return features;
};

describe("syncFeatureMenus", () => {
  it("appends a top-level menu per newly enabled feature, after the existing ones", async () => {
    await t.database.db.insert(menus).values([
      { name: "Início", url: "/", position: 0 },
      { name: "Sobre", url: "/sobre", position: 4 },
    ]);
    await syncFeatureMenus(t.database.db, defaultFeatures, enable("events", "shop"));
    expect(await rows()).toEqual([
      { name: "Início", url: "/", position: 0, parentId: null },
      { name: "Sobre", url: "/sobre", position: 4, parentId: null },
      { name: "Agenda", url: "/agenda", position: 5, parentId: null },
      { name: "Loja", url: "/loja", position: 6, parentId: null },
    ]);
  });

  it("does not add a menu when one (even a submenu) already leads to the feature", async () => {
    const [parent] = await t.database.db.insert(menus).values({ name: "Mais", url: "/mais" }).returning();
    await t.database.db.insert(menus).values({ name: "Nossa agenda", url: "/agenda", parentId: parent?.id });
    await syncFeatureMenus(t.database.db, defaultFeatures, enable("events"));
    expect((await rows()).map((row) => row.name)).toEqual(["Mais", "Nossa agenda"]);
  });

  it("keeps the menu of a feature that stays on, recreating it when it was deleted; switching off deletes it", async () => {
    const on = enable("posts");
    await syncFeatureMenus(t.database.db, defaultFeatures, on);
    await syncFeatureMenus(t.database.db, on, on);
    expect((await rows()).map((row) => row.name)).toEqual(["Notícias"]);
    await t.database.db.delete(menus);
    await syncFeatureMenus(t.database.db, on, on);
    expect((await rows()).map((row) => row.name)).toEqual(["Notícias"]);
    await syncFeatureMenus(t.database.db, on, defaultFeatures);
    expect(await rows()).toEqual([]);
  });

  it("leaves a disabled feature's menus alone unless it was just switched off", async () => {
    await t.database.db.insert(menus).values({ name: "Agenda antiga", url: "/agenda" });
    await syncFeatureMenus(t.database.db, defaultFeatures, defaultFeatures);
    expect((await rows()).map((row) => row.name)).toEqual(["Agenda antiga"]);
  });

  it("renames and moves the menu of a feature that stays on, unless its name was changed by hand", async () => {
    const on = enable("events", "posts");
    await syncFeatureMenus(t.database.db, defaultFeatures, on);
    await t.database.db.update(menus).set({ name: "Blog" }).where(eq(menus.url, "/noticias"));
    const renamed = structuredClone(on);
    renamed.events = { title: "Eventos", url: "/eventos", enabled: true };
    renamed.posts.title = "Novidades";
    await syncFeatureMenus(t.database.db, on, renamed);
    expect((await rows()).map((row) => [row.name, row.url])).toEqual([
      ["Blog", "/noticias"],
      ["Eventos", "/eventos"],
    ]);
  });
});
