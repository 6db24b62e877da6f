import type { OrderAddress } from "../../../common/views/orders.ts";
import type { TestApp } from "../../../tests/support/test-app.ts";
import type { Database } from "../../db/client.ts";
import { orderEvents, orderItems, orders } from "../orders/tables.ts";
import { products } from "../products/tables.ts";

// What the customers' tests and their flows' tests (server/flows/) start from: a customer's sign-up, her
// address and an order of hers.

/** A customer's sign-up, as POST /api/auth/register takes it. */
export const joana = {
  name: "Joana Lima",
  email: "joana@example.com",
  password: "segredo123",
  password_confirmation: "segredo123",
  tax_id: "529.982.247-25",
  phone: "(11) 98765-4321",
};

export const home: OrderAddress = {
  postal_code: "01310100",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
  complement: "apto 12",
};

/** An order placed by `userId`, written straight to the tables (the orders service is not needed here). */
export async function placeOrder(database: Database, userId: number, email: string, key: string) {
  const { db } = database;
  const [product] = await db
    .insert(products)
    .values({ name: "Mel", sortName: "mel", slug: `mel-${key}` })
    .returning({ id: products.id });
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      idempotencyKey: key,
      customerName: "Joana Lima",
      customerEmail: email,
      customerPhone: "11987654321",
      customerTaxId: "52998224725",
      customerOrganization: "Coop Mel",
      address: home,
      shipping: { code: "table:0", provider: "table", name: "Entrega", price_cents: 1000, delivery_days: 3 },
      subtotalCents: 3000,
      shippingCents: 1000,
      totalCents: 4000,
      paymentMethod: "pix",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: orders.id });
  if (!product || !order) throw new Error("fixture insert returned nothing");
  await db.insert(orderItems).values({
    orderId: order.id,
    position: 0,
    productId: product.id,
    name: "Mel",
    unitPriceCents: 1500,
    quantity: 2,
    totalCents: 3000,
  });
  await db
    .insert(orderEvents)
    .values({ orderId: order.id, toStatus: "pending", actorId: userId, actorName: "Joana Lima" });
  return order.id;
}

/**
 * Customers' sign-ups through POST /api/auth/register, each from an address of its own (TRUST_PROXY) so the
 * sign-up limit per address is not what a test meets, unless it passes one.
 */
export function signUps(t: Pick<TestApp, "request">) {
  let address = 0;
  const from = (ip = `198.51.100.${++address % 250}`) => ({ "x-forwarded-for": ip });
  const register = (body: Record<string, unknown>, ip?: string) =>
    t.request("POST", "/api/auth/register", { body, headers: from(ip) });
  async function registered(body: Record<string, unknown> = joana) {
    const response = await register(body);
    if (response.status !== 201) throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
    return response.json<{ token: string; user: { id: number; email: string } }>();
  }
  return { from, register, registered };
}
