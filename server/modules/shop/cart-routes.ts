import type { Context } from "hono";
import { Hono } from "hono";
import {
  CART_COOKIE,
  type Cart,
  cartSetCookie,
  chooseShipping,
  clearCart,
  readCartCookie,
  setCoupon,
  setPostalCode,
} from "../../../common/cart.ts";
import {
  cartItemSchema,
  cartPositionSchema,
  couponCodeSchema,
  shippingChoiceSchema,
} from "../../../common/schemas/cart.ts";
import { postalCodeSchema } from "../../../common/schemas/shop.ts";
import type { AppEnv } from "../../http/env.ts";
import { readBody, readParams } from "../../http/input.ts";
import { readCookie } from "../../http/session-cookie.ts";
import type { CartPricing } from "./cart-service.ts";
import { requireShopOpen } from "./shop-open.ts";

const cartOf = (c: Context<AppEnv>): Cart => readCartCookie(readCookie(c.req.header("cookie"), CART_COOKIE));

/** Who is buying, for a coupon's uses per customer; null for a visitor not signed in. */
const buyerOf = (c: Context<AppEnv>): number | null => c.get("actor")?.id ?? null;

/** Answers the cart as priced, and keeps in the cookie what it holds after the pricing. */
function send(c: Context<AppEnv>, { cart, priced }: CartPricing) {
  c.header("Set-Cookie", cartSetCookie(cart, c.get("services").config.secureCookies));
  return c.json(priced);
}

/** Answers the cart priced now. */
const answer = async (c: Context<AppEnv>, cart: Cart) => send(c, await c.get("services").cart.price(cart, buyerOf(c)));

/**
 * The visitor's cart (spec §4), kept in its cookie: each call reads it, applies one rule and answers
 * it priced again from the database. The shop's pages use the same service through their forms.
 */
export const cartRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .use(async (c, next) => {
    await requireShopOpen(c.get("services"), c.get("actor"));
    await next();
  })
  .get("/", async (c) => answer(c, cartOf(c)))
  .post("/items", async (c) => {
    const input = await readBody(c, cartItemSchema);
    return answer(c, await c.get("services").cart.add(cartOf(c), input));
  })
  .put("/items", async (c) => {
    const input = await readBody(c, cartItemSchema);
    return answer(c, await c.get("services").cart.update(cartOf(c), input));
  })
  .delete("/items/:position", async (c) => {
    const { position } = readParams(c, cartPositionSchema);
    return answer(c, c.get("services").cart.remove(cartOf(c), position));
  })
  .delete("/", async (c) => answer(c, clearCart(cartOf(c))))
  .put("/postal-code", async (c) => {
    const { postal_code } = await readBody(c, postalCodeSchema);
    return answer(c, setPostalCode(cartOf(c), postal_code));
  })
  .put("/shipping", async (c) => {
    const { shipping } = await readBody(c, shippingChoiceSchema);
    return answer(c, chooseShipping(cartOf(c), shipping));
  })
  .post("/coupon", async (c) => {
    const { code } = await readBody(c, couponCodeSchema);
    return send(c, await c.get("services").cart.applyCoupon(cartOf(c), code, buyerOf(c)));
  })
  .delete("/coupon", async (c) => answer(c, setCoupon(cartOf(c), null)));
