import type { Context } from "hono";
import { Hono } from "hono";
import { CART_COOKIE, type Cart, cartSetCookie, clearCart, readCartCookie } from "../../../common/cart.ts";
import { notFound } from "../../../common/errors.ts";
import { listQuerySchema } from "../../../common/pagination.ts";
import {
  checkoutSchema,
  orderAddressCorrectionSchema,
  orderListQuerySchema,
  orderStatusChangeSchema,
} from "../../../common/schemas/orders.ts";
import { NO_TRACKING, type OrderShipmentTrackingView } from "../../../common/views/order-labels.ts";
import { placeOrder } from "../../flows/place-order.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly, signedIn } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";
import { readCookie } from "../../http/session-cookie.ts";
import { ordersCsv } from "./order-export.ts";

const cartOf = (c: Context<AppEnv>): Cart => readCartCookie(readCookie(c.req.header("cookie"), CART_COOKIE));

/** Orders: a customer reads and cancels her own unpaid ones; administrators see, move and export all. */
export const ordersRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .use(signedIn)
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, orderListQuerySchema) };
    return c.json(await c.get("services").orders.list(c.get("actor"), query));
  })
  .get("/export.csv", adminOnly, async (c) => {
    const query = { q: readQuery(c, listQuerySchema).q, ...readQuery(c, orderListQuerySchema) };
    const rows = await c.get("services").orders.forExport(c.get("actor"), query);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="pedidos.csv"');
    c.header("Cache-Control", "no-store");
    return c.body(ordersCsv(rows));
  })
  .get("/dashboard", adminOnly, async (c) => c.json(await c.get("services").orders.dashboard(c.get("actor"))))
  .get("/:id", async (c) => c.json(await c.get("services").orders.get(c.get("actor"), readId(c))))
  .get("/:id/payment", async (c) => c.json(await c.get("services").orders.payment(c.get("actor"), readId(c))))
  .get("/:id/packing-slip", adminOnly, async (c) =>
    c.json(await c.get("services").orders.packingSlip(c.get("actor"), readId(c))),
  )
  .post("/:id/status", async (c) => {
    const id = readId(c);
    const input = await readBody(c, orderStatusChangeSchema);
    return c.json(await c.get("services").orders.changeStatus(c.get("actor"), id, input));
  })
  .put("/:id/address", adminOnly, async (c) => {
    const id = readId(c);
    const input = await readBody(c, orderAddressCorrectionSchema);
    return c.json(await c.get("services").orders.correctAddress(c.get("actor"), id, input));
  })
  .post("/:id/label", adminOnly, async (c) =>
    c.json(await c.get("services").orders.buyLabel(c.get("actor"), readId(c))),
  )
  .get("/:id/tracking", async (c) =>
    c.json(trackingOrNotFound(await c.get("services").orders.tracking(c.get("actor"), readId(c)))),
  )
  .post("/:id/tracking/refresh", adminOnly, async (c) =>
    c.json(trackingOrNotFound(await c.get("services").orders.refreshTracking(c.get("actor"), readId(c)))),
  );

/** An order without a paid Melhor Envio label has nothing to follow there. */
function trackingOrNotFound(tracking: OrderShipmentTrackingView | null): OrderShipmentTrackingView {
  if (!tracking) throw notFound(NO_TRACKING);
  return tracking;
}

/**
 * Places the order of the cart in the visitor's cookie (POST /api/shop/checkout; server/flows/place-order.ts).
 * A new order empties the cart; the same idempotency key answers the order already made (200 instead of 201)
 * and leaves the cart she may have filled since alone.
 */
export const checkoutRoutes: Hono<AppEnv> = new Hono<AppEnv>().post("/", signedIn, async (c) => {
  const input = await readBody(c, checkoutSchema);
  const cart = cartOf(c);
  const placed = await placeOrder(c.get("services"), c.get("actor"), cart, input);
  if (!placed.created) return c.json({ order: placed.order, payment: placed.payment }, 200);
  c.header("Set-Cookie", cartSetCookie(clearCart(cart), c.get("services").config.secureCookies));
  return c.json({ order: placed.order, payment: placed.payment }, 201);
});
