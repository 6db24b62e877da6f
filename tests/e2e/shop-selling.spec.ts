import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { OrderView } from "../../common/views/orders.ts";
import {
  FAKE_MELHOR_ENVIO_DEFAULTS,
  type FakeMelhorEnvio,
  startFakeMelhorEnvio,
} from "../support/fake-melhor-envio.ts";
import { FOUND_CEP } from "./fake-addresses.ts";
import { test as base, expect, expectPath, jsonOf, SAO_PAULO_RATE, waitForHydratedPage } from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * Issue 26's story: a shop without a Correios contract sells like Brazilian shops do. A buyer on a phone
 * quotes Melhor Envio's carriers beside the shop's own table rate, applies a coupon, sees the product's
 * price by Pix and pays by Pix with the discount; the owner buys the label from Melhor Envio's balance,
 * prints it and sends the order; the buyer follows the tracking until it is delivered. Melhor Envio is
 * the local fake of tests/support/fake-melhor-envio.ts (MELHOR_ENVIO_URL), so this runs on a server of its
 * own (its own data folder, or its own database on PostgreSQL with TEST_DATABASE_URL), started from the
 * global setup's build. The tests run in order: each goes on from the one before.
 */
const PHONE = { width: 375, height: 812 };

const SUPER = { title: "Cooperativa Venda E2E", admin_name: "Sara Super", email: "sara@venda.example" };
const PASSWORD = "senha-forte-de-teste-1";
const BUYER = { name: "Beatriz Lima", email: "bia@venda.example", password: "senha-da-bia-123" };
const PRODUCT = "Cesta agroecológica";

let own: OwnServer;
let site: ServerProcess;
let melhorEnvio: FakeMelhorEnvio;
/** The own site's REST API, signed in as its super user. */
let siteApi: APIRequestContext;
let orderId = 0;

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(site?.url);
  },
});

test.describe.configure({ mode: "serial", timeout: 180_000 });

async function setUpShop(url: string): Promise<string> {
  const token = await setUpSite(url, SUPER, PASSWORD);
  const headers = { "content-type": "application/json", accept: "application/json", authorization: `Token ${token}` };
  const call = async (method: string, address: string, body: unknown, status = 200) => {
    const response = await fetch(`${url}${address}`, { method, headers, body: JSON.stringify(body) });
    expect(response.status, `${method} ${address}: ${await response.clone().text()}`).toBe(status);
    return response.json();
  };
  const settings = (await (await fetch(`${url}/api/settings`, { headers })).json()) as {
    features: Record<string, { enabled: boolean }>;
  };
  for (const feature of Object.values(settings.features)) feature.enabled = true;
  await call("POST", "/api/settings", settings);
  await call("PUT", "/api/shop/settings", {
    legal_name: "Cooperativa Venda E2E",
    address: "Praça da Sé, 100 - Sé",
    tax_id: "11.222.333/0001-81",
    city: "São Paulo",
    uf: "SP",
    origin_postal_code: "01001-000",
    shipping: {
      table_rates: [SAO_PAULO_RATE],
      melhor_envio: {
        enabled: true,
        environment: "sandbox",
        token: melhorEnvio.token,
        services: [1, 3],
        margin: { kind: "fixed", value: 0 },
        extra_days: 1,
      },
    },
    payments: {
      provider: "pix",
      pix: { key: "pix@venda.example", receiver_name: "Cooperativa Venda", receiver_city: "São Paulo" },
      pix_discount_percent: 5,
    },
  });
  await call(
    "POST",
    "/api/products",
    {
      name: PRODUCT,
      status: "published",
      variants: [{ price_cents: 10000, stock: 20 }],
      weight_grams: 1500,
      length_cm: 30,
      width_cm: 20,
      height_cm: 15,
    },
    201,
  );
  await call("POST", "/api/coupons", { code: "PROMO10", kind: "percent", percent: 10 }, 201);
  return token;
}

test.beforeAll(async ({ playwright }) => {
  melhorEnvio = await startFakeMelhorEnvio();
  own = await startOwnServer("shop-selling", { MELHOR_ENVIO_URL: melhorEnvio.url });
  site = own.server;
  const token = await setUpShop(site.url);
  siteApi = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
});

test.afterAll(async () => {
  await siteApi?.dispose();
  await own?.close();
  await melhorEnvio?.close();
});

test.afterEach(async ({ baseURL: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && site)
    await testInfo.attach("server-log", { body: await tail(site.logPath), contentType: "text/plain" });
});

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site.url, locale: "pt-BR", viewport: PHONE });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string, password: string, to: string): Promise<void> {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await waitForHydratedPage(page);
  await page.getByRole("main").getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Senha" }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expectPath(page, to);
}

test("a buyer on a phone quotes Melhor Envio beside the table rate, applies a coupon and pays by Pix with the discount", async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  await page.goto("/loja");
  await page.getByRole("link", { name: PRODUCT }).first().click();
  await expect(page.getByText("R$ 95,00 no Pix")).toBeVisible();
  await waitForHydratedPage(page);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expectPath(page, "/loja/carrinho");
  await waitForHydratedPage(page);

  await page.getByRole("textbox", { name: "CEP" }).fill("01310-100");
  await page.getByRole("button", { name: "Calcular frete" }).click();
  const quote = page.getByRole("status").filter({ hasText: "Frete para o CEP 01310-100" });
  const options = quote.getByRole("radio");
  // The shop's own rate (R$ 12,90) and Melhor Envio's Jadlog and Correios services, cheapest first.
  await expect(options).toHaveCount(3);
  await expect(options.nth(0)).toHaveAccessibleName(/Entrega padrão/);
  await expect(quote.getByRole("radio", { name: /Jadlog \.Package/ })).toBeVisible();
  await expect(quote.getByRole("radio", { name: /Correios PAC/ })).toBeVisible();
  await quote.getByRole("radio", { name: /Jadlog \.Package/ }).check();
  const calculated = melhorEnvio.requests.filter((request) => request.path === "/api/v2/me/shipment/calculate");
  expect(calculated.length).toBeGreaterThan(0);
  expect(calculated[0]?.authorization).toBe(`Bearer ${FAKE_MELHOR_ENVIO_DEFAULTS.token}`);

  const coupon = page.getByRole("form", { name: "Cupom de desconto" });
  await coupon.getByRole("textbox", { name: "Cupom de desconto" }).fill("promo10");
  await coupon.getByRole("button", { name: "Aplicar" }).click();
  await expect(coupon.getByText("Cupom PROMO10")).toBeVisible();
  // R$ 100,00 − 10 % + Jadlog's R$ 24,80; by Pix, 5 % off the R$ 90,00 the items still cost.
  const totals = page.getByRole("definition");
  await expect(totals.filter({ hasText: "− R$ 10,00" })).toBeVisible();
  await expect(totals.filter({ hasText: "R$ 24,80 (Jadlog .Package)" })).toBeVisible();
  await expect(totals.filter({ hasText: "R$ 114,80" })).toBeVisible();
  await expect(page.getByText("R$ 110,30 no Pix")).toBeVisible();

  await page.getByRole("link", { name: "Finalizar pedido" }).click();
  await expectPath(page, "/loja/finalizar-pedido");
  await waitForHydratedPage(page);
  const account = page.getByRole("form", { name: "Criar conta" });
  await account.getByRole("textbox", { name: "Nome", exact: true }).fill(BUYER.name);
  await account.getByRole("textbox", { name: "E-mail", exact: true }).fill(BUYER.email);
  await account.getByRole("textbox", { name: "Senha", exact: true }).fill(BUYER.password);
  await account.getByRole("textbox", { name: "Confirmação da senha", exact: true }).fill(BUYER.password);
  await account.getByRole("textbox", { name: "CPF ou CNPJ", exact: true }).fill("529.982.247-25");
  await account.getByRole("textbox", { name: "Telefone com DDD", exact: true }).fill("(11) 98765-4321");
  await account.getByRole("button", { name: "Criar conta e continuar" }).click();
  await expect(page.getByText(`Comprando como ${BUYER.name}`)).toBeVisible();
  await waitForHydratedPage(page);

  const checkout = page.getByRole("form", { name: "Finalizar pedido" });
  await checkout.getByRole("textbox", { name: "CEP", exact: true }).fill("01310-100");
  await checkout.getByRole("button", { name: "Buscar" }).click();
  await expect(checkout.getByRole("textbox", { name: "Rua", exact: true })).toHaveValue(FOUND_CEP.street);
  await checkout.getByRole("textbox", { name: "Número", exact: true }).fill("1000");
  await checkout.getByRole("radio", { name: /Jadlog \.Package/ }).check();
  await expect(checkout.getByRole("definition").filter({ hasText: "R$ 110,30" }).first()).toBeVisible();
  await checkout.getByRole("button", { name: "Confirmar pedido" }).click();

  await page.waitForURL((url) => url.pathname === "/checkout", { timeout: 0 });
  const code = await page.getByRole("textbox", { name: "Pix copia e cola" }).inputValue();
  // The only order of this shop.
  const orders = await jsonOf<{ data: { id: number }[] }>(await siteApi.get("/api/orders"));
  const [order] = orders.data;
  if (!order || orders.data.length !== 1) throw new Error(`expected one order, found ${orders.data.length}`);
  orderId = order.id;
  const placed = await jsonOf<OrderView>(await siteApi.get(`/api/orders/${orderId}`));
  expect(placed).toMatchObject({
    subtotal_cents: 10000,
    coupon_code: "PROMO10",
    coupon_discount_cents: 1000,
    pix_discount_cents: 450,
    shipping: { provider: "melhorenvio", code: "melhorenvio:3" },
  });
  expect(placed.total_cents).toBe(10000 - 1000 - 450 + placed.shipping_cents);
  const amount = (placed.total_cents / 100).toFixed(2);
  expect(code).toContain(`54${String(amount.length).padStart(2, "0")}${amount}`);
  await context.close();
});

test("the owner confirms the payment, buys the label from the balance, prints it and sends the order", async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  await signIn(page, SUPER.email, PASSWORD, `/conta/pedidos/${orderId}`);
  await waitForHydratedPage(page);
  const moveForm = page.getByRole("form", { name: "Alterar situação" });
  await moveForm.getByRole("combobox", { name: "Nova situação" }).selectOption({ label: "Pagamento confirmado" });
  await moveForm.getByRole("button", { name: "Alterar situação" }).click();
  await page
    .getByRole("dialog", { name: "Confirmar a mudança" })
    .getByRole("button", { name: "Confirmar: Pagamento confirmado" })
    .click();
  await expect(page.getByText("Situação alterada para “Pagamento confirmado”.")).toBeVisible();

  await waitForHydratedPage(page);
  await page.getByRole("button", { name: "Comprar etiqueta" }).click();
  const ask = page.getByRole("dialog");
  await ask.getByRole("button", { name: "Comprar etiqueta" }).click();
  const print = page.getByRole("link", { name: /^Imprimir etiqueta \(PDF/ });
  await expect(print).toBeVisible({ timeout: 20_000 });
  expect(await print.getAttribute("href")).toMatch(/^https?:\/\//);
  const checkouts = melhorEnvio.requests.filter((request) => request.path === "/api/v2/me/shipment/checkout");
  expect(checkouts).toHaveLength(1);

  await waitForHydratedPage(page);
  await page.getByRole("button", { name: "Marcar como enviado" }).click();
  const send = page.getByRole("dialog");
  await expect(send).toBeVisible();
  await send.getByRole("button", { name: "Marcar como enviado" }).click();
  await expect(page.getByTestId("order-status").getByText("Produto enviado", { exact: true })).toBeVisible();
  const sent = await jsonOf<OrderView>(await siteApi.get(`/api/orders/${orderId}`));
  expect(sent.tracking_code).toBeTruthy();
  const outbox = await jsonOf<{ data: { kind: string; to: string; text: string }[] }>(
    await siteApi.get("/api/mail/outbox?per_page=100"),
  );
  const mail = outbox.data.find((row) => row.kind === "order-sent" && row.to === BUYER.email);
  expect(mail?.text).toContain(sent.tracking_code ?? "?");
  expect(mail?.text).toMatch(/https:\/\/\S+/);
  await context.close();
});

test("the buyer follows the tracking until it is delivered, and the owner marks it received", async ({ browser }) => {
  const [shipment] = [...melhorEnvio.shipments.keys()];
  if (!shipment) throw new Error("Melhor Envio has no shipment");
  melhorEnvio.post(shipment);
  melhorEnvio.deliver(shipment);

  const owner = await phone(browser);
  await signIn(owner.page, SUPER.email, PASSWORD, `/conta/pedidos/${orderId}`);
  await waitForHydratedPage(owner.page);
  await owner.page.getByRole("button", { name: "Atualizar rastreamento" }).click();
  await expect(owner.page.getByText(/Entregue/).first()).toBeVisible();

  const buyer = await phone(browser);
  await signIn(buyer.page, BUYER.email, BUYER.password, `/conta/pedidos/${orderId}`);
  await expect(buyer.page.getByText(/Entregue/).first()).toBeVisible();
  await expect(buyer.page.getByText(/Postado|Postada/).first()).toBeVisible();
  await buyer.context.close();

  await owner.page.getByRole("button", { name: "Marcar como recebido" }).click();
  const ask = owner.page.getByRole("dialog", { name: "Marcar o pedido como recebido?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Marcar como recebido" }).click();
  await expect(owner.page.getByTestId("order-status").getByText("Produto recebido", { exact: true })).toBeVisible();
  await owner.context.close();
});
