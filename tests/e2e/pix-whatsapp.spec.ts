import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ProductView } from "../../common/views/products.ts";
import { test as base, expect, jsonOf, login, waitForHydratedPage } from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * Issue 26's Pix discount and WhatsApp button: an administrator sets them in /conta/shop on a phone, a
 * visitor's product page shows the price by Pix and a chat with the shop, with and without JavaScript, and a
 * customer's order offers a chat about it. The
 * shop's settings change, so this runs on a server of its own (its own data folder, or its own database with
 * TEST_DATABASE_URL) started from the global setup's build, with its address as BASE_URL. The tests run in
 * order, each on the settings the one before left.
 */
const PHONE = { width: 375, height: 812 };
const SUPER = { title: "Cooperativa Pix E2E", admin_name: "Sara Super", email: "sara@pix.example" };
const PASSWORD = "senha-forte-de-teste-1";
const ADMIN = { name: "Ana Admin", email: "ana@pix.example", password: "senha-da-ana-123", role: "admin" };
const CUSTOMER = { name: "Bia Cliente", email: "bia@pix.example", password: "senha-da-bia-123", role: "user" };
const PRODUCT = "Camiseta Orgânica";
const NUMBER = "5581999998888";

let own: OwnServer;
let site: ServerProcess;
/** The own site's REST API, signed in as its super user. */
let siteApi: APIRequestContext;
let product: ProductView;
let productPath: string;

/** The own server's address as every page's base (set up for each test after beforeAll has started it). */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(site?.url);
  },
});

test.describe.configure({ mode: "serial" });

/** The first-time setup, the shop open and paid by Pix, an administrator, and a product of R$ 100,00. */
async function setUpShop(api: APIRequestContext): Promise<ProductView> {
  const settings = await jsonOf<{ features: Record<"shop", { enabled: boolean }> }>(await api.get("/api/settings"));
  settings.features.shop.enabled = true;
  await jsonOf(await api.post("/api/settings", { data: settings }));
  await jsonOf(await api.post("/api/users", { data: ADMIN }), 201);
  await jsonOf(await api.post("/api/users", { data: CUSTOMER }), 201);
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: "Cooperativa Pix E2E",
        shipping: { pickup: { enabled: true, address: "Rua da Cooperativa, 100, Recife", delivery_days: 1 } },
        payments: {
          provider: "pix",
          pix: { key: "529.982.247-25", receiver_name: "Cooperativa Pix", receiver_city: "Recife" },
        },
      },
    }),
  );
  return jsonOf<ProductView>(
    await api.post("/api/products", {
      data: {
        name: PRODUCT,
        status: "published",
        options: [{ name: "Tamanho", values: ["P", "G"] }],
        variants: [
          { options: ["P"], price_cents: 10000, stock: 5 },
          { options: ["G"], price_cents: 6000, stock: 5 },
        ],
      },
    }),
    201,
  );
}

test.beforeAll(async ({ playwright }) => {
  own = await startOwnServer("pix-whatsapp", { LOG_LEVEL: "warn" });
  site = own.server;
  const token = await setUpSite(site.url, SUPER, PASSWORD);
  siteApi = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  product = await setUpShop(siteApi);
  productPath = product.url;
});

test.afterAll(async () => {
  await siteApi?.dispose();
  await own?.close();
});

test.afterEach(async ({ baseURL: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && site) {
    await testInfo.attach("server-log", { body: await tail(site.logPath), contentType: "text/plain" });
  }
});

/** The link a visitor of the product page opens: the shop's number, the product named with its address. */
const productChat = () =>
  `https://wa.me/${NUMBER}?text=${encodeURIComponent(`Olá! Tenho interesse no produto ${PRODUCT}: ${site.url}${productPath}`)}`;

/** /conta/shop's Pix discount and WhatsApp, typed and saved by the administrator. */
async function saveShop(page: Page, fields: { discount: string; whatsapp: string }) {
  await page.goto("/conta/shop");
  await waitForHydratedPage(page);
  const form = page.getByRole("form", { name: "Loja" });
  await form.getByRole("textbox", { name: "Desconto para pagamento com Pix (%)" }).fill(fields.discount);
  await form.getByRole("textbox", { name: "WhatsApp da loja" }).fill(fields.whatsapp);
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Loja salva com sucesso!")).toBeVisible();
}

const whatsappLink = (page: Page) => page.getByRole("link", { name: /^Fale conosco pelo WhatsApp/ });

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the administrator sets 5 % and the shop's WhatsApp, and the product page shows the Pix price and the chat", async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await saveShop(page, { discount: "5", whatsapp: "(81) 99999-8888" });
    const form = page.getByRole("form", { name: "Loja" });
    await expect(form.getByRole("textbox", { name: "WhatsApp da loja" })).toHaveValue("(81) 99999-8888");
    await expect(form.getByRole("textbox", { name: "Desconto para pagamento com Pix (%)" })).toHaveValue("5");

    await page.goto(productPath);
    await waitForHydratedPage(page);
    const main = page.getByRole("main");
    await expect(main.getByText("R$ 95,00 no Pix")).toBeVisible();
    await expect(main.getByText("5 % de desconto no Pix")).toBeVisible();
    // The price by Pix follows the size chosen.
    await main.getByRole("combobox", { name: "Tamanho" }).selectOption({ label: "G — R$ 60,00" });
    await expect(main.getByText("R$ 57,00 no Pix")).toBeVisible();
    await expect(main.getByText("R$ 95,00 no Pix")).toHaveCount(0);

    const chat = whatsappLink(page);
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute("href", productChat());
    await expect(chat).toHaveAttribute("target", "_blank");
    await expect(chat).toHaveAttribute("rel", /noopener/);
    // Fits the phone's width.
    const box = await chat.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the product page shows the same price by Pix and the same chat", async ({ page }) => {
    await page.goto(productPath);
    const main = page.getByRole("main");
    await expect(main.getByText("R$ 95,00 no Pix")).toBeVisible();
    await expect(main.getByText("5 % de desconto no Pix")).toBeVisible();
    await expect(whatsappLink(page)).toHaveAttribute("href", productChat());
  });
});

type Order = { id: number; number: number };

/** The customer's order of one shirt, picked up at the shop, placed through the cart and the checkout of the API. */
async function placeOrder(customer: APIRequestContext): Promise<Order> {
  const variant = product.variants[0];
  if (!variant) throw new Error("the product has no variant");
  const { token } = await jsonOf<{ token: string }>(
    await customer.post("/api/auth/login", { data: { email: CUSTOMER.email, password: CUSTOMER.password } }),
  );
  const headers = { Authorization: `Token ${token}` };
  // The request context keeps the cart's cookie between the calls, as a browser does.
  await jsonOf(
    await customer.post("/api/shop/cart/items", {
      headers,
      data: { product_id: product.id, variant_id: variant.id, quantity: 1 },
    }),
  );
  await jsonOf(await customer.put("/api/shop/cart/postal-code", { headers, data: { postal_code: "50030-230" } }));
  await jsonOf(await customer.put("/api/shop/cart/shipping", { headers, data: { shipping: "pickup" } }));
  const placed = await jsonOf<{ order: Order }>(
    await customer.post("/api/shop/checkout", {
      headers,
      data: {
        name: CUSTOMER.name,
        tax_id: "529.982.247-25",
        phone: "(81) 98765-4321",
        postal_code: "50030-230",
        uf: "PE",
        city: "Recife",
        street: "Rua da Aurora",
        number: "100",
        shipping: "pickup",
        idempotency_key: randomUUID(),
      },
    }),
    201,
  );
  return placed.order;
}

test("a customer's order and its payment page offer a chat about it, which an administrator looking at it is not offered", async ({
  page,
  playwright,
}) => {
  const customer = await playwright.request.newContext({ baseURL: site.url });
  const order = await placeOrder(customer).finally(() => customer.dispose());
  const orderPath = `/conta/pedidos/${order.id}`;
  const chat = `https://wa.me/${NUMBER}?text=${encodeURIComponent(
    `Olá! Sobre o meu pedido nº ${order.number} na ${SUPER.title}: ${site.url}${orderPath}`,
  )}`;
  await login(page, CUSTOMER.email, CUSTOMER.password);
  await page.goto(orderPath);
  await expect(page.getByRole("heading", { level: 1, name: `Pedido nº ${order.number}` })).toBeVisible();
  await expect(whatsappLink(page)).toHaveAttribute("href", chat);
  await expect(whatsappLink(page)).toHaveAttribute("target", "_blank");
  await page.goto(`/checkout?pedido=${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Pedido nº ${order.number}` })).toBeVisible();
  await expect(whatsappLink(page)).toHaveAttribute("href", chat);

  await page.context().clearCookies();
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(orderPath);
  await expect(page.getByRole("heading", { level: 1, name: `Pedido nº ${order.number}` })).toBeVisible();
  await expect(whatsappLink(page)).toHaveCount(0);
});

test("with no discount and the WhatsApp emptied, the product page shows neither", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await saveShop(page, { discount: "0", whatsapp: "" });
  await page.goto(productPath);
  const main = page.getByRole("main");
  await expect(main.getByText("R$ 100,00", { exact: true })).toBeVisible();
  await expect(main.getByText(/no Pix/)).toHaveCount(0);
  await expect(whatsappLink(page)).toHaveCount(0);
});
