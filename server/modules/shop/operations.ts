import { cartItemSchema, couponCodeSchema, shippingChoiceSchema } from "../../../common/schemas/cart.ts";
import { postalCodeSchema, shippingQuoteSchema, shopSettingsSchema } from "../../../common/schemas/shop.ts";
import { pricedCartSchema } from "../../../common/views/cart.ts";
import { carrierTestViewSchema, shippingQuoteViewSchema, shopSettingsViewSchema } from "../../../common/views/shop.ts";
import { areaOperations, input, type Operation, type OperationSpec, output } from "../../http/openapi/operation.ts";

const shop = areaOperations({ tag: "shop", path: "/api/shop", access: "admin" });
const settings = output("ShopSettings", shopSettingsViewSchema);
const closed = { status: 404, description: "The shop feature is off" };
const carrierTest = output("CarrierTest", carrierTestViewSchema);

export const shopOperations: Operation[] = [
  shop.get({
    path: "/settings",
    summary:
      "The shop's settings: seller identity, origin CEP and shipping (the Correios access code is never returned)",
    success: { status: 200, description: "The settings", schema: settings },
  }),
  shop.put({
    path: "/settings",
    summary: "Save the shop's settings; an empty Correios access code keeps the stored one",
    body: input("ShopSettingsInput", shopSettingsSchema),
    success: { status: 200, description: "The saved settings", schema: settings },
  }),
  shop.post({
    path: "/melhor-envio/test",
    summary:
      "Whether Melhor Envio takes the stored token now (its balance is read); the outcome is recorded as a quote's would be",
    success: {
      status: 200,
      description: "ok and a pt-BR message: the balance, or why it failed",
      schema: carrierTest,
    },
    refusals: [{ status: 400, description: "Melhor Envio is off or has no token" }],
  }),
  shop.post({
    path: "/correios/test",
    summary:
      "Whether the Correios issue a token for the stored contract (user, access code, posting card) now; the outcome is recorded as a quote's would be",
    success: {
      status: 200,
      description: "ok and a pt-BR message: the posting card and contract, or why it failed",
      schema: carrierTest,
    },
    refusals: [{ status: 400, description: "The Correios are off or have no access code" }],
  }),
  shop.post({
    path: "/shipping/quote",
    summary:
      "Shipping options for items to a CEP, cheapest first, from every provider switched on (table rates, pickup, free shipping, Correios); a provider that fails is listed in unavailable",
    access: "public",
    body: input("ShippingQuoteInput", shippingQuoteSchema),
    success: { status: 200, description: "The options", schema: output("ShippingQuote", shippingQuoteViewSchema) },
    refusals: [closed],
  }),
];

const cart = areaOperations({ tag: "cart", path: "/api/shop/cart", access: "public" });
/** Every cart operation is a 404 while the shop is closed. */
const orClosed = (spec: OperationSpec): OperationSpec => ({ ...spec, refusals: [closed, ...(spec.refusals ?? [])] });
const priced = {
  status: 200 as const,
  description: "The cart, priced now; the cookie holds it",
  schema: output("Cart", pricedCartSchema),
  setsCookie: "cms_cart",
};

/** The visitor's cart (spec §4) kept in the cms_cart cookie, priced again from the database on every answer. */
export const cartOperations: Operation[] = [
  cart.get(
    orClosed({ summary: "The cart, priced now: gone or sold-out items leave it, with notices", success: priced }),
  ),
  cart.post(
    orClosed({
      path: "/items",
      summary: "Add an item: one already in the cart gains the quantity, any other is appended; refused above stock",
      body: input("CartItemInput", cartItemSchema),
      success: priced,
      refusals: [{ status: 404, description: "No such product or variant for sale, or the shop is off" }],
    }),
  ),
  cart.put(
    orClosed({
      path: "/items",
      summary: "Set an item's quantity, or append it when absent; refused above stock",
      body: cartItemSchema,
      success: priced,
      refusals: [{ status: 404, description: "No such product or variant for sale, or the shop is off" }],
    }),
  ),
  cart.delete(
    orClosed({
      path: "/items/{position}",
      summary: "Remove the item at a position (0 is the first)",
      success: priced,
    }),
  ),
  cart.delete(orClosed({ summary: "Clear the cart's items and shipping choice (the CEP stays)", success: priced })),
  cart.put(
    orClosed({
      path: "/postal-code",
      summary: "Set the CEP for quotes (a new CEP drops the chosen shipping)",
      body: input("CartPostalCode", postalCodeSchema),
      success: priced,
    }),
  ),
  cart.put(
    orClosed({
      path: "/shipping",
      summary: "Choose a shipping option by its code",
      body: input("CartShipping", shippingChoiceSchema),
      success: priced,
    }),
  ),
  cart.post(
    orClosed({
      path: "/coupon",
      summary:
        "Apply a coupon code (case does not matter): kept in the cookie only when it applies to this cart and customer; the cart's answer carries its discount",
      body: input("CartCoupon", couponCodeSchema),
      success: priced,
      refusals: [
        {
          status: 400,
          description:
            'The coupon does not apply; the reason ("Cupom expirado", "Valor mínimo de R$ 100,00") is in errors.code',
        },
      ],
    }),
  ),
  cart.delete(orClosed({ path: "/coupon", summary: "Remove the cart's coupon", success: priced })),
];
