import { defineArea } from "../../kernel/area.ts";
import { memo } from "../../kernel/memo.ts";
import { SETTINGS_USES } from "./context.ts";
import { settingsOperations } from "./operations.ts";
import { settingsRoutes } from "./routes.ts";
import { createSettingsService, type StoredSettings } from "./settings-service.ts";

export const settingsArea = defineArea({
  uses: SETTINGS_USES,
  state: () => memo<StoredSettings | null>(),
  service: (context, cache) => createSettingsService(context, cache),
  listen: (on, cache) => on("settings.changed", () => cache.invalidate()),
  routes: [{ base: "/api/settings", routes: settingsRoutes, operations: settingsOperations }],
});
