import { defineArea } from "../../kernel/area.ts";
import { cartRoutes } from "./cart-routes.ts";
import { createCartService } from "./cart-service.ts";
import { CART_USES, SHOP_USES } from "./context.ts";
import { cartOperations, shopOperations } from "./operations.ts";
import { shopRoutes } from "./routes.ts";
import { createShopSecretsService } from "./shop-secrets.ts";
import { createShopService, createShopState } from "./shop-service.ts";

export const shopArea = defineArea({
  uses: SHOP_USES,
  state: ({ config }) => createShopState({ config }),
  service: (context, state) => ({ ...createShopService(context, state), ...createShopSecretsService(context) }),
  listen: (on, state) =>
    on("shop.changed", () => {
      state.settings.invalidate();
      state.melhorEnvioQuotes.clear();
    }),
  routes: [
    { base: "/api/shop/cart", routes: cartRoutes, operations: cartOperations },
    { base: "/api/shop", routes: shopRoutes, operations: shopOperations },
  ],
});

export const cartArea = defineArea({
  uses: CART_USES,
  service: (context) => createCartService(context),
});
