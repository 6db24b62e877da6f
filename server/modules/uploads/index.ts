import { sitePaths } from "../../../common/site-paths.ts";
import { defineArea } from "../../kernel/area.ts";
import { UPLOADS_USES } from "./context.ts";
import { filesRoutes } from "./files-routes.ts";
import { createImageQueue } from "./image-queue.ts";
import { uploadsOperations } from "./operations.ts";
import { uploadsRoutes } from "./routes.ts";
import { createUploadsService } from "./uploads-service.ts";

export const uploadsArea = defineArea({
  uses: UPLOADS_USES,
  state: () => createImageQueue({ concurrency: 1, maxWaiting: 3 }),
  service: (context, queueImage) =>
    createUploadsService({
      context,
      limits: { imageBytes: 10 * 1024 * 1024, documentBytes: 20 * 1024 * 1024 },
      queueImage,
    }),
  routes: [
    { base: "/api/uploads", routes: uploadsRoutes, operations: uploadsOperations },
    { base: sitePaths.files, routes: filesRoutes, operations: [] },
  ],
});
