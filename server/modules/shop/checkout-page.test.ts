import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { type AppContext, appContext } from "../../../app/lib/context.server.ts";
import { action, loader } from "../../../app/routes/site/checkout.tsx";
import { loader as paymentLoader } from "../../../app/routes/site/payment.tsx";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { appFlows } from "../../flows/index.ts";
import { sessionCookie } from "../../http/session-cookie.ts";
import type { Actor } from "../../kernel/access.ts";
import { mailOutbox } from "../mail/tables.ts";
import { ORDER_MAIL_NEEDS_BASE_URL } from "../orders/orders-service.ts";
import { orders } from "../orders/tables.ts";

/*
 * The checkout page's loader and action (/loja/finalizar-pedido), run as the document handler runs
 * them (services in the React Router context) on a real database: double submits, a total that changed,
 * the account made on the way, refusals with their status and the form drawn again.
 */

const t = withTestApp({ setUp: true });
const URL_ = "http://localhost/loja/finalizar-pedido";
const KEY = "0b8f9a52-5d3e-4c59-9d43-2f1de2c0a6b1";

let cookie = "";
let buyer: Actor;

function contextFor(actor: Actor | null) {
  const context = new RouterContextProvider();
  const value: Pick<AppContext, "services" | "flows" | "actor" | "clientAddress" | "sessionCookie"> = {
    services: t.services,
    flows: appFlows,
    actor,
    clientAddress: "203.0.113.9",
    sessionCookie: (token) => sessionCookie(token, false),
  };
  context.set(appContext, value as AppContext);
  return context;
}

function post(actor: Actor | null, body: Record<string, string>, cart = cookie) {
  const request = new Request(URL_, { method: "POST", body: new URLSearchParams(body), headers: { cookie: cart } });
  return action({
    request,
    context: contextFor(actor),
    params: {},
    url: new URL(URL_),
    pattern: "/loja/finalizar-pedido",
  });
}

const form = (extra: Record<string, string> = {}) => ({
  intent: "confirm",
  idempotency_key: KEY,
  name: "Ana Compradora",
  tax_id: "529.982.247-25",
  phone: "(11) 98765-4321",
  organization: "",
  postal_code: "01310-100",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
  complement: "",
  shipping: "table:entrega-padrao",
  "total_table:entrega-padrao": "6290",
  ...extra,
});

const orderCount = async () => (await t.database.db.select({ value: count() }).from(orders))[0]?.value ?? 0;

function expectRedirect(answer: unknown, location: string | RegExp): Response {
  if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toMatch(location);
  return answer;
}

const SHOP = {
  legal_name: "Cooperativa Teste",
  uf: "SP",
  city: "São Paulo",
  origin_postal_code: "01001-000",
  shipping: {
    table_rates: [
      {
        name: "Entrega padrão",
        region: { kind: "uf", uf: "SP" },
        min_weight_grams: 0,
        max_weight_grams: 30000,
        price_cents: 1290,
        delivery_days: 3,
      },
    ],
  },
};

beforeEach(async () => {
  const token = t.superToken;
  const product = (
    await t.request("POST", "/api/products", {
      token,
      body: { name: "Mel", status: "published", variants: [{ price_cents: 2500, stock: 5 }], weight_grams: 400 },
    })
  ).json<{ id: number; variants: { id: number }[] }>();
  cookie = `cms_cart=1~~~${product.id}.${product.variants[0]?.id}.2`;
  expect((await t.request("PUT", "/api/shop/settings", { token, body: SHOP })).status).toBe(200);
  const settings = (await t.request("GET", "/api/settings")).json<{ features: { shop: { enabled: boolean } } }>();
  settings.features.shop.enabled = true;
  expect((await t.request("POST", "/api/settings", { token, body: settings })).status).toBe(200);
  const user = await t.createUser("user", token);
  buyer = { id: user.id, name: "Pessoa user", email: user.email, role: "user" };
});

describe("the checkout page", () => {
  it("is never kept by a cache, and shows the options and each one's total", async () => {
    const request = new Request(URL_, { headers: { cookie } });
    const answer = await loader({ request, context: contextFor(buyer), params: {}, url: new URL(URL_), pattern: "" });
    expect(new Headers(answer.init?.headers).get("cache-control")).toBe("private, no-store");
    // No CEP yet: no options to choose.
    expect(answer.data.form).toMatchObject({ quote: null, totals: {}, values: { name: "Pessoa user" } });
    expect(answer.data.account).toEqual({ name: "Pessoa user", email: buyer.email });
    const withCep = await loader({
      request: new Request(URL_, { headers: { cookie: cookie.replace("1~~~", "1~01310100~~") } }),
      context: contextFor(buyer),
      params: {},
      url: new URL(URL_),
      pattern: "",
    });
    expect(withCep.data.form?.values.postal_code).toBe("01310-100");
    expect(withCep.data.form?.values.shipping).toBe("table:entrega-padrao");
    expect(withCep.data.form?.totals).toEqual({
      "table:entrega-padrao": { cents: 6290, text: "R$ 62,90", couponDiscount: null, pix: null },
    });
  });

  it("places one order for a double submit, empties the cart and goes to the payment page", async () => {
    const first = expectRedirect(await post(buyer, form()), /^\/checkout\?pedido=\d+$/);
    expect(first.headers.get("set-cookie")).toMatch(/^cms_cart=; Path=\/; SameSite=Lax; Max-Age=0/);
    const again = expectRedirect(await post(buyer, form()), first.headers.get("location") ?? "");
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await orderCount()).toBe(1);
  });

  it("refuses a total that changed since she reviewed it with a 409, drawing the form again", async () => {
    const answer = await post(buyer, form({ "total_table:entrega-padrao": "6000" }));
    expect(answer).toMatchObject({
      init: { status: 409 },
      data: {
        ok: false,
        message: "O total do pedido mudou para R$ 62,90. Revise o pedido e confirme de novo.",
        form: { values: { street: "Avenida Paulista", idempotency_key: KEY } },
      },
    });
    expect(await orderCount()).toBe(0);
  });

  it("answers bad input with a 400 and the messages beside the fields", async () => {
    const answer = await post(buyer, form({ tax_id: "111.111.111-11", uf: "", shipping: "" }));
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        errors: {
          tax_id: ["Informe um CPF ou CNPJ válido"],
          uf: ["Selecione o estado"],
          shipping: ["Escolha uma forma de entrega"],
        },
      },
    });
    expect(await orderCount()).toBe(0);
  });

  it("sends a visitor to sign in, and an empty cart back to the page", async () => {
    // Thrown, as a loader's or action's redirect may be.
    const thrown = (answer: Promise<unknown>) => answer.catch((redirect: unknown) => redirect);
    expectRedirect(await thrown(post(null, form())), "/login?redirectTo=%2Floja%2Ffinalizar-pedido");
    expectRedirect(await thrown(post(buyer, form(), "")), "/loja/finalizar-pedido");
    expect(await orderCount()).toBe(0);
  });

  it("creates her account on the way and signs her in; a wrong CPF keeps what she typed, never the password", async () => {
    const account = {
      intent: "register",
      name: "Bia Nova",
      email: "bia.nova@example.com",
      password: "senha-da-bia-1",
      password_confirmation: "senha-da-bia-1",
      phone: "(11) 98765-4321",
      organization: "",
    };
    const refused = await post(null, { ...account, tax_id: "123" });
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { errors: { tax_id: ["Informe um CPF ou CNPJ válido"] }, registration: { email: "bia.nova@example.com" } },
    });
    expect(JSON.stringify(refused)).not.toContain("senha-da-bia-1");
    const made = expectRedirect(await post(null, { ...account, tax_id: "529.982.247-25" }), "/loja/finalizar-pedido");
    const token = /cms_session=([^;]+)/.exec(made.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(await t.services.auth.userForToken(token)).toMatchObject({ email: "bia.nova@example.com", role: "user" });
  });
});

describe("the checkout page's answers (issue 24)", () => {
  const load = (actor: Actor | null, cart: string) =>
    loader({
      request: new Request(URL_, { headers: { cookie: cart } }),
      context: contextFor(actor),
      params: {},
      url: new URL(URL_),
      pattern: "",
    });
  /** The test cart with a CEP and a shipping choice, as the cart page leaves them. */
  const chosen = (postalCode: string, shipping: string) =>
    cookie.replace("cms_cart=1~~~", `cms_cart=1~${postalCode}~${shipping}~`);

  it("shows the shipping chosen in the cart, and the total with it, before she signs in", async () => {
    const answer = await load(null, chosen("01310100", "table:entrega-padrao"));
    expect(answer.data).toMatchObject({ form: null, subtotal: "R$ 50,00" });
    expect(answer.data.cartShipping).toEqual({
      name: "Entrega padrão",
      price: "R$ 12,90",
      postalCode: "01310-100",
      sums: { cents: 6290, text: "R$ 62,90", couponDiscount: null, pix: null },
    });
    // Nothing chosen, or a choice no longer offered for the cart's CEP: nothing to show.
    expect((await load(null, chosen("01310100", ""))).data.cartShipping).toBeNull();
    expect((await load(null, chosen("50010000", "table:entrega-padrao"))).data.cartShipping).toBeNull();
  });

  it("says when no option delivers to her CEP", async () => {
    const recife = await load(buyer, chosen("50010000", ""));
    expect(recife.data.form?.quote).toMatchObject({ postalCode: "50010-000", options: [], delivers: false });
    const paulista = await load(buyer, chosen("01310100", ""));
    expect(paulista.data.form?.quote).toMatchObject({ delivers: true });
  });

  it("answers every field's problem of a sign-up at once, the unequal passwords too", async () => {
    const answer = await post(null, {
      intent: "register",
      name: "Bia Nova",
      email: "bia.nova@example.com",
      password: "senha-da-bia-1",
      password_confirmation: "senha-da-bia-2",
      tax_id: "111.111.111-11",
      phone: "(11) 9876-5432",
      organization: "",
    });
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        errors: {
          tax_id: ["Informe um CPF ou CNPJ válido"],
          phone: [
            "Telefone fixo tem 10 dígitos e não começa com 9 depois do DDD; celular tem 11, com o 9 na frente: (11) 99876-5432",
          ],
          password_confirmation: ["As senhas digitadas não conferem"],
        },
      },
    });
  });

  it("answers every field's problem of the order form at once", async () => {
    const answer = await post(
      buyer,
      form({ tax_id: "111.111.111-11", phone: "(11) 9876-5432", postal_code: "00000-000", number: "", shipping: "" }),
    );
    expect(answer).toMatchObject({ init: { status: 400 } });
    const errors = (answer as { data: { errors: Record<string, string[]> } }).data.errors;
    expect(Object.keys(errors).sort()).toEqual(["number", "phone", "postal_code", "shipping", "tax_id"]);
    expect(await orderCount()).toBe(0);
  });
});

describe("the payment page and the order e-mail say until when to pay (issue 33)", () => {
  const PIX = { key: "pix@cooperativa-teste.com.br", receiver_name: "Cooperativa Teste", receiver_city: "São Paulo" };
  const cases = [
    { name: "Pix", payments: { provider: "pix", pix: PIX } },
    { name: "manual payment", payments: { provider: "manual", manual: { instructions: "Transfira para a conta 1" } } },
  ];

  for (const { name, payments } of cases)
    it(`by ${name}: the shop's 72 hours, on São Paulo's clock`, async () => {
      const shop = await t.request("PUT", "/api/shop/settings", {
        token: t.superToken,
        body: { ...SHOP, payments },
      });
      expect(shop.status, JSON.stringify(shop.body)).toBe(200);
      const placed = expectRedirect(await post(buyer, form()), /^\/checkout\?pedido=\d+$/);
      const [order] = await t.database.db.select().from(orders);
      if (!order) throw new Error("no order");
      expect(order.expiresAt.getTime() - order.createdAt.getTime()).toBeCloseTo(72 * 3_600_000, -4);
      const local = new Intl.DateTimeFormat("pt-BR", {
        timeZone: "America/Sao_Paulo",
        dateStyle: "short",
        timeStyle: "short",
      }).format(order.expiresAt);
      const [day, clock] = local.split(", ");
      const expected = `Pague até ${day} às ${clock} (horário de Brasília); depois disso o pedido é cancelado.`;

      const url = `http://localhost${placed.headers.get("location")}`;
      const page = await paymentLoader({
        request: new Request(url),
        context: contextFor(buyer),
        params: {},
        url: new URL(url),
        pattern: "/checkout",
      });
      expect(page.data.payBy).toBe(expected);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-received"));
      expect(mail?.text).toContain(expected);
      expect(mail?.html).toContain(expected);

      // Paid, there is no deadline left to tell.
      await t.database.db.update(orders).set({ status: "paid" });
      const paid = await paymentLoader({
        request: new Request(url),
        context: contextFor(buyer),
        params: {},
        url: new URL(url),
        pattern: "/checkout",
      });
      expect(paid.data.payBy).toBeNull();
    });
});

describe("order e-mails without BASE_URL (issue 33)", () => {
  it("carry no link rather than a relative one, and administrators are told on the /conta home", async () => {
    const shop = await t.request("PUT", "/api/shop/settings", {
      token: t.superToken,
      body: { ...SHOP, payments: { provider: "manual", manual: { instructions: "Transfira para a conta 1" } } },
    });
    expect(shop.status).toBe(200);
    expectRedirect(await post(buyer, form()), /^\/checkout\?pedido=\d+$/);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-received"));
    expect(mail?.html).not.toMatch(/href="\//);
    expect(mail?.text).not.toContain("/conta/pedidos");
    expect(mail?.text).toContain("em Meus pedidos, no site da loja");
    const admin = await t.services.auth.userForToken(t.superToken);
    expect(t.services.orders.mailLinksNotice(admin)).toBe(ORDER_MAIL_NEEDS_BASE_URL);
    expect(t.services.orders.mailLinksNotice(buyer)).toBeNull();
  });
});
