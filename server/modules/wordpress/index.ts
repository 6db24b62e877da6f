import { defineArea } from "../../kernel/area.ts";
import { WORDPRESS_USES } from "./context.ts";
import { wordpressOperations } from "./operations.ts";
import { wordpressRoutes } from "./routes.ts";
import { createWordPressService, createWordPressState } from "./wordpress-service.ts";

export const wordpressArea = defineArea({
  uses: WORDPRESS_USES,
  state: () => createWordPressState(),
  service: (context, state) => createWordPressService(context, state),
  routes: [{ base: "/api/wordpress-imports", routes: wordpressRoutes, operations: wordpressOperations }],
});
