import { beforeEach, describe, expect, it } from "vitest";
import { orderWhatsappHref } from "../../../app/lib/order-whatsapp.server.ts";
import { loader as productLoader } from "../../../app/routes/site/product.tsx";
import type { ProductView } from "../../../common/views/products.ts";
import type { ShopSettingsView } from "../../../common/views/shop.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { pageArgs, pageGet } from "../../../tests/support/page-route.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import type { Actor } from "../../kernel/access.ts";

/*
 * Issue 26's Pix discount and WhatsApp: kept through /api/shop/settings, read by every visitor through
 * services.shop.storefront(), and turned into the product page's "no Pix" prices and the WhatsApp links.
 */

const BASE_URL = "https://coop.example";
const t = withTestApp({ env: { BASE_URL }, setUp: true });

type ErrorBody = { message: string; errors?: Record<string, string[]> };

const base = { legal_name: "Cooperativa Sol", city: "Recife", uf: "PE" };
const pix = { key: "529.982.247-25", receiver_name: "Cooperativa Sol", receiver_city: "Recife" };
const withPix = (percent: unknown, provider = "pix") => ({
  provider,
  pix,
  manual: { instructions: "Pague na retirada." },
  pix_discount_percent: percent,
});

let token = "";
const save = (body: Record<string, unknown>) => t.request("PUT", "/api/shop/settings", { token, body });
const read = async () => (await t.request("GET", "/api/shop/settings", { token })).json<ShopSettingsView>();

beforeEach(() => {
  token = t.superToken;
});

describe("the Pix discount and the WhatsApp in /api/shop/settings", () => {
  it("are saved as typed and read back, and documented", async () => {
    const saved = await save({ ...base, payments: withPix("5 %"), whatsapp: "(81) 99999-8888" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expectDocumented("put", "/api/shop/settings", saved);
    const response = await t.request("GET", "/api/shop/settings", { token });
    expectDocumented("get", "/api/shop/settings", response);
    const view = response.json<ShopSettingsView>();
    expect(view.payments.pix_discount_percent).toBe(5);
    expect(view.whatsapp).toBe("5581999998888");
  });

  it("stay as stored when a client leaves them out, come back unchanged, and are cleared when emptied", async () => {
    expect((await save({ ...base, payments: withPix(10), whatsapp: "+55 81 3333-4444" })).status).toBe(200);
    // An older client knows neither field, nor sends the payments.
    expect((await save({ ...base, city: "Olinda" })).status).toBe(200);
    let view = await read();
    expect([view.city, view.payments.pix_discount_percent, view.whatsapp]).toEqual(["Olinda", 10, "558133334444"]);
    // What GET answers, sent back (Mercado Pago's flags and the empty origin aside), keeps both.
    const { payments, origin_postal_code, ...rest } = view;
    const back = await save({ ...rest, payments: { ...payments, mercadopago: {} } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    view = await read();
    expect([view.payments.pix_discount_percent, view.whatsapp]).toEqual([10, "558133334444"]);
    expect((await save({ ...base, payments: withPix(""), whatsapp: "" })).status).toBe(200);
    view = await read();
    expect([view.payments.pix_discount_percent, view.whatsapp]).toEqual([0, null]);
    expect((await save({ ...base, whatsapp: "81999998888" })).status).toBe(200);
    expect((await save({ ...base, whatsapp: null })).status).toBe(200);
    expect((await read()).whatsapp).toBeNull();
  });

  it("refuse a number without its DDD and a discount over 50 %, in Portuguese, saving nothing", async () => {
    const response = await save({ ...base, payments: withPix(51), whatsapp: "99999-8888" });
    expect(response.status).toBe(400);
    expect(response.json<ErrorBody>().errors).toMatchObject({
      whatsapp: ["Informe o WhatsApp com DDD, como (81) 99999-8888"],
      "payments.pix_discount_percent": ["Informe de 0 a 50 %, em números inteiros"],
    });
    const view = await read();
    expect([view.payments.pix_discount_percent, view.whatsapp]).toEqual([0, null]);
  });
});

describe("services.shop.storefront()", () => {
  it("is no discount and no WhatsApp before the shop is set", async () => {
    expect(await t.services.shop.storefront()).toEqual({ pix_discount_percent: 0, whatsapp: null });
  });

  it("offers the discount with static Pix and Mercado Pago, not with payment by transfer or at pickup", async () => {
    expect((await save({ ...base, payments: withPix(5), whatsapp: "(81) 99999-8888" })).status).toBe(200);
    expect(await t.services.shop.storefront()).toEqual({ pix_discount_percent: 5, whatsapp: "5581999998888" });
    const mercadopago = { access_token: "APP_USR-token", webhook_secret: "segredo" };
    expect((await save({ ...base, payments: { ...withPix(7, "mercadopago"), mercadopago } })).status).toBe(200);
    expect((await t.services.shop.storefront()).pix_discount_percent).toBe(7);
    expect((await save({ ...base, payments: withPix(5, "manual") })).status).toBe(200);
    expect(await t.services.shop.storefront()).toEqual({ pix_discount_percent: 0, whatsapp: "5581999998888" });
    expect(JSON.stringify(await t.services.shop.storefront())).not.toContain("segredo");
  });
});

describe("what the pages show of them", () => {
  async function product(body: Record<string, unknown>): Promise<ProductView> {
    const response = await t.request("POST", "/api/products", { token, body: { status: "published", ...body } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.json<ProductView>();
  }

  const pageOf = async (slug: string) =>
    productLoader(pageArgs(t.services, pageGet(`/loja/${slug}`), { params: { slug }, pattern: "/loja/:slug" }));

  beforeEach(async () => {
    const settings = (await t.request("GET", "/api/settings")).json<{
      features: Record<"shop", { enabled: boolean }>;
    }>();
    settings.features.shop.enabled = true;
    expect((await t.request("POST", "/api/settings", { token, body: settings })).status).toBe(200);
  });

  it("prices each variant by Pix, and links the product's address for a WhatsApp chat", async () => {
    const shirt = await product({
      name: "Camiseta Orgânica",
      options: [{ name: "Tamanho", values: ["P", "M"] }],
      variants: [
        { options: ["P"], price_cents: 10000, stock: 3 },
        { options: ["M"], price_cents: 4990, stock: 3 },
      ],
    });
    expect((await save({ ...base, payments: withPix(5), whatsapp: "(81) 99999-8888" })).status).toBe(200);
    const page = await pageOf(shirt.slug);
    // R$ 49,90 less 5 % (R$ 2,495) rounds half up to R$ 2,50 off.
    expect(page.product.variants.map((variant) => [variant.price, variant.pixPrice])).toEqual([
      ["R$ 100,00", "R$ 95,00"],
      ["R$ 49,90", "R$ 47,40"],
    ]);
    expect(page.product.pixDiscountPercent).toBe(5);
    const link = new URL(page.whatsappHref ?? "");
    expect(`${link.origin}${link.pathname}`).toBe("https://wa.me/5581999998888");
    expect(link.searchParams.get("text")).toBe(
      `Olá! Tenho interesse no produto Camiseta Orgânica: ${BASE_URL}/loja/${shirt.slug}`,
    );
  });

  it("shows no Pix price without a discount or with payment by transfer, and no link without a number", async () => {
    const coffee = await product({ name: "Café", variants: [{ price_cents: 10000, stock: 3 }] });
    expect((await save({ ...base, payments: withPix(0) })).status).toBe(200);
    let page = await pageOf(coffee.slug);
    expect([page.product.variants[0]?.pixPrice, page.whatsappHref]).toEqual([null, null]);
    expect((await save({ ...base, payments: withPix(5, "manual") })).status).toBe(200);
    page = await pageOf(coffee.slug);
    expect(page.product.variants[0]?.pixPrice).toBeNull();
  });

  it("gives a customer a WhatsApp link about her own order, not an administrator looking at it", async () => {
    expect((await save({ ...base, whatsapp: "(81) 99999-8888" })).status).toBe(200);
    const customer = await t.createUser("user", token);
    const admin = await t.createUser("admin", token);
    const actorOf = (user: { id: number; email: string }, role: Actor["role"]): Actor => ({
      id: user.id,
      name: "Pessoa",
      email: user.email,
      role,
    });
    const order = { id: 7, number: 1042, customer: { ...orderCustomer, user_id: customer.id } };
    const services = t.services;
    const href = await orderWhatsappHref({ services, actor: actorOf(customer, "user") }, order);
    expect(new URL(href ?? "").searchParams.get("text")).toBe(
      `Olá! Sobre o meu pedido nº 1042 na ${(await services.settings.get())?.title}: ${BASE_URL}/conta/pedidos/7`,
    );
    expect(await orderWhatsappHref({ services, actor: actorOf(admin, "admin") }, order)).toBeNull();
    expect((await save({ ...base, whatsapp: "" })).status).toBe(200);
    expect(await orderWhatsappHref({ services, actor: actorOf(customer, "user") }, order)).toBeNull();
  });
});

const orderCustomer = { name: "Ana", email: "ana@example.com", phone: "", tax_id: "", organization: "" };
