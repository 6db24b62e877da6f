import type { MediaFilters } from "../../../common/media.ts";
import { defineArea } from "../../kernel/area.ts";
import { memo } from "../../kernel/memo.ts";
import { createMediaImport } from "./media-import.ts";
import { createMediasService } from "./medias-service.ts";
import { mediasRoutes } from "./routes.ts";

export const mediasArea = defineArea({
  state: () => memo<MediaFilters>(),
  service: (context, publicFilters) => createMediasService(context, publicFilters),
  listen: (on, publicFilters) => on("medias.changed", () => publicFilters.invalidate()),
  routes: [{ base: "/api/medias", routes: mediasRoutes, operations: [] }],
});

export const mediaImportArea = defineArea({ service: (context) => createMediaImport(context) });
