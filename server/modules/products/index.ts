import { defineArea } from "../../kernel/area.ts";
import { PRODUCTS_USES } from "./context.ts";
import { productsOperations } from "./operations.ts";
import { createProductsService } from "./products-service.ts";
import { productsRoutes } from "./routes.ts";

export const productsArea = defineArea({
  uses: PRODUCTS_USES,
  service: (context) => createProductsService(context),
  routes: [{ base: "/api/products", routes: productsRoutes, operations: productsOperations }],
});
