import { defineArea } from "../../kernel/area.ts";
import { memo } from "../../kernel/memo.ts";
import { MENUS_USES } from "./context.ts";
import { createMenusService, type MenuTrees } from "./menus-service.ts";
import { menusOperations } from "./operations.ts";
import { menusRoutes } from "./routes.ts";

export const menusArea = defineArea({
  uses: MENUS_USES,
  state: () => memo<MenuTrees>(),
  service: (context, cache) => createMenusService(context, cache),
  listen(on, cache) {
    on("menus.changed", () => cache.invalidate());
    // Linked pages show by slug.
    on("pages.changed", () => cache.invalidate());
  },
  routes: [{ base: "/api/menus", routes: menusRoutes, operations: menusOperations }],
});
