import type { MediaFilters } from "../../../common/views/medias.ts";
import { defineArea } from "../../kernel/area.ts";
import { memo } from "../../kernel/memo.ts";
import { MEDIA_IMPORT_USES, MEDIAS_USES } from "./context.ts";
import { createMediaImport } from "./media-import.ts";
import { createMediasService } from "./medias-service.ts";
import { mediasOperations } from "./operations.ts";
import { mediasRoutes } from "./routes.ts";

export const mediasArea = defineArea({
  uses: MEDIAS_USES,
  state: () => memo<MediaFilters>(),
  service: (context, publicFilters) => createMediasService(context, publicFilters),
  listen: (on, publicFilters) => on("medias.changed", () => publicFilters.invalidate()),
  routes: [{ base: "/api/medias", routes: mediasRoutes, operations: mediasOperations }],
});

export const mediaImportArea = defineArea({
  uses: MEDIA_IMPORT_USES,
  service: (context) => createMediaImport(context),
});
