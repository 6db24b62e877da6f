import { randomUUID } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import {
  cartLine,
  createProduct,
  placeOrder,
  postCheckout,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";
import { orders } from "./tables.ts";

// The shop is told of each new order, in the transaction that places it. BASE_URL is set here: the
// e-mail links the order's page from it (payment-webhook.test.ts runs without it: no link there).
const BASE_URL = "https://loja.example.com";
const t = withTestApp({ env: { BASE_URL } });

const OWNER = "vendas@boaterra.example.com";
const PUBLIC = "contato@boaterra.example.com";

let superToken = "";
let honey: ProductView;
let customer: { id: number; email: string; token: string };

async function saveSettings(changes: Record<string, unknown>) {
  const settings = (await t.request("GET", "/api/settings")).json<Record<string, unknown>>();
  const saved = await t.request("POST", "/api/settings", { token: superToken, body: { ...settings, ...changes } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const saveShop = (notifications?: Record<string, unknown>) =>
  saveShopSettings(t, superToken, { ...RECIFE_SHOP_SETTINGS, ...(notifications ? { notifications } : {}) });

const checkout = (overrides: Record<string, unknown> = {}) =>
  postCheckout(t, customer.token, [cartLine(honey, 2)], overrides);

const place = async (): Promise<OrderView> => (await placeOrder(t, customer.token, [cartLine(honey, 2)])).order;

const ownerMails = () =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "owner-new-order")).orderBy(asc(mailOutbox.id));

beforeEach(async () => {
  superToken = await t.setupSite();
  await switchShopFeature(t, superToken);
  await saveShop();
  honey = await createProduct(t, superToken, {
    name: "Mel de aroeira",
    variants: [{ price_cents: 4990, stock: 10 }],
    weight_grams: 500,
  });
  customer = await t.createUser("user", superToken, "maria@example.com");
});

describe("the shop's e-mail of a new order", () => {
  it("goes to the address set for the shop: who bought, items, total, payment, the order's page; answers go to her", async () => {
    await saveShop({ email: OWNER });
    const order = await place();
    const [mail, ...more] = await ownerMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      to: OWNER,
      replyTo: "maria@example.com",
      subject: `Novo pedido nº ${order.number}: R$ 114,80 de Maria da Silva`,
    });
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain("Maria da Silva (maria@example.com, (81) 98765-4321)");
      expect(body).toContain("Mel de aroeira");
      expect(body).toContain("2 × R$ 49,90");
      expect(body).toContain("R$ 114,80");
      expect(body).toContain("Pix (código estático, confirmação manual)");
      expect(body).toContain(`${BASE_URL}/conta/pedidos/${order.id}`);
    }
    // The customer's own e-mail still goes to her.
    const kinds = await t.database.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "maria@example.com"));
    expect(kinds.map((row) => row.kind)).toEqual(["order-received"]);
  });

  it("is sent once for a double submit", async () => {
    await saveShop({ email: OWNER });
    const key = randomUUID();
    expect((await checkout({ idempotency_key: key })).status).toBe(201);
    expect((await checkout({ idempotency_key: key })).status).toBe(200);
    expect(await ownerMails()).toHaveLength(1);
  });

  it("is not sent when switched off", async () => {
    await saveShop({ email: OWNER, new_order: false });
    await place();
    expect(await ownerMails()).toEqual([]);
  });

  it("goes to the site's public e-mail when the shop sets none", async () => {
    await saveSettings({ email: PUBLIC });
    await place();
    expect((await ownerMails()).map((mail) => mail.to)).toEqual([PUBLIC]);
  });

  it("goes to every administrator when neither the shop nor the site has an address (issue 33)", async () => {
    const order = await place();
    expect(order.status).toBe("pending");
    expect((await ownerMails()).map((mail) => mail.to)).toEqual([SUPER.email]);
  });

  it("rolls back with the order: a failure later in its transaction leaves no e-mail", async () => {
    await saveShop({ email: OWNER });
    // Saving the buyer's phone on her account comes after the e-mail is queued; this phone is refused there.
    await t.database.db.execute(
      sql`ALTER TABLE users ADD CONSTRAINT owner_mail_rollback CHECK (phone <> '81999990001') NOT VALID`,
    );
    try {
      const refused = await checkout({ phone: "(81) 99999-0001" });
      // The database's refusal of that row, unexpected for the app: the whole transaction is rolled back.
      expect(refused.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT owner_mail_rollback`);
    }
    const [placed] = await t.database.db.select({ value: count() }).from(orders);
    expect(placed?.value).toBe(0);
    expect(await t.database.db.$count(mailOutbox)).toBe(0);
    // The same checkout without the refusal places the order and tells the shop.
    await place();
    expect(await ownerMails()).toHaveLength(1);
  });
});
