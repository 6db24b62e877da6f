import { defineArea } from "../../kernel/area.ts";
import { memo } from "../../kernel/memo.ts";
import { createMenusService, type MenuTrees } from "./menus-service.ts";
import { menusRoutes } from "./routes.ts";

export const menusArea = defineArea({
  state: () => memo<MenuTrees>(),
  service: (context, cache) => createMenusService(context, cache),
  listen(on, cache) {
    on("menus.changed", () => cache.invalidate());
    // Linked pages show by slug, and feature menus follow the settings.
    on("pages.changed", () => cache.invalidate());
    on("settings.changed", () => cache.invalidate());
  },
  routes: [{ base: "/api/menus", routes: menusRoutes, operations: [] }],
});
