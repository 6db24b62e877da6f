import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { cartCookieValue, emptyCart } from "../../common/cart.ts";
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from "../support/fake-melhor-envio.ts";
import { signInWithoutJavaScript } from "./account-forms.ts";
import { test as base, expect, jsonOf, login, waitForHydration, watchCspViolations } from "./fixtures.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * Issue 26's label and tracking on the order page, against a server of its own whose Melhor Envio is the
 * local fake (MELHOR_ENVIO_URL): the owner buys the label on a phone without JavaScript, sees it stop for
 * lack of balance and resumes it, marks the order sent and, once delivered, received with JavaScript; the
 * buyer follows the tracking on her phone. Each page is read by axe.
 */
const PHONE = { width: 375, height: 812 };
const PASSWORD = "senha-forte-de-teste-1";
const OWNER = { title: "Cooperativa Etiqueta E2E", admin_name: "Olga Dona", email: "olga@etiqueta.example" };
const BUYER = { name: "Bia Compradora", email: "bia@etiqueta.example", password: "senha-da-bia-123", role: "user" };

let own: OwnServer;
let site: ServerProcess;
let me: FakeMelhorEnvio;
let ownerApi: APIRequestContext;
let orderPath = "";

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(site?.url);
  },
});

test.describe.configure({ mode: "serial" });

/** The site set up, the shop open with Melhor Envio's PAC, a jar of honey, and the buyer's order of it, paid. */
async function setUpShop(playwright: PlaywrightWorkerArgs["playwright"]) {
  const anonymous = await playwright.request.newContext({ baseURL: site.url });
  await jsonOf(
    await anonymous.post("/api/settings/setup", {
      data: { ...OWNER, password: PASSWORD, password_confirmation: PASSWORD },
    }),
    201,
  );
  const { token } = await jsonOf<{ token: string }>(
    await anonymous.post("/api/auth/login", { data: { email: OWNER.email, password: PASSWORD } }),
  );
  await anonymous.dispose();
  ownerApi = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  const settings = await jsonOf<{ features: Record<string, { enabled: boolean }> }>(
    await ownerApi.get("/api/settings"),
  );
  const shop = settings.features.shop;
  if (!shop) throw new Error("settings have no shop feature");
  settings.features.shop = { ...shop, enabled: true };
  await jsonOf(await ownerApi.post("/api/settings", { data: settings }));
  await jsonOf(
    await ownerApi.put("/api/shop/settings", {
      data: {
        legal_name: "Cooperativa Boa Terra",
        address: "Rua do Sol, 20 - Santo Antônio",
        tax_id: "11.222.333/0001-81",
        city: "Recife",
        uf: "PE",
        origin_postal_code: "50010-000",
        shipping: { melhor_envio: { enabled: true, environment: "sandbox", token: me.token, services: [1] } },
        payments: {
          provider: "pix",
          pix: { key: "cooperativa@example.org", receiver_name: "Boa Terra", receiver_city: "Recife" },
        },
      },
    }),
  );
  const honey = await jsonOf<{ id: number; variants: { id: number }[] }>(
    await ownerApi.post("/api/products", {
      data: {
        name: "Mel de aroeira",
        status: "published",
        variants: [{ price_cents: 4990, stock: 20 }],
        weight_grams: 600,
        package_format: 1,
        length_cm: 12,
        width_cm: 9,
        height_cm: 9,
      },
    }),
    201,
  );
  await jsonOf(await ownerApi.post("/api/users", { data: BUYER }), 201);
  const buyer = await playwright.request.newContext({ baseURL: site.url });
  const { token: buyerToken } = await jsonOf<{ token: string }>(
    await buyer.post("/api/auth/login", { data: { email: BUYER.email, password: BUYER.password } }),
  );
  const cart = cartCookieValue({
    ...emptyCart,
    items: [{ product_id: honey.id, variant_id: honey.variants[0]?.id ?? 0, quantity: 1 }],
  });
  const placed = await jsonOf<{ order: { id: number } }>(
    await buyer.post("/api/shop/checkout", {
      headers: { Authorization: `Token ${buyerToken}`, cookie: `cms_cart=${cart}` },
      data: {
        postal_code: "50050-000",
        uf: "PE",
        city: "Recife",
        street: "Rua da Aurora",
        number: "100",
        neighborhood: "Boa Vista",
        name: BUYER.name,
        tax_id: "529.982.247-25",
        phone: "(81) 98765-4321",
        shipping: "melhorenvio:1",
        idempotency_key: randomUUID(),
      },
    }),
    201,
  );
  await buyer.dispose();
  await jsonOf(await ownerApi.post(`/api/orders/${placed.order.id}/status`, { data: { status: "paid" } }));
  orderPath = `/conta/pedidos/${placed.order.id}`;
}

test.beforeAll(async ({ playwright }) => {
  me = await startFakeMelhorEnvio();
  own = await startOwnServer("melhor-envio-label", { MELHOR_ENVIO_URL: me.url });
  site = own.server;
  await setUpShop(playwright);
});

test.afterAll(async () => {
  await ownerApi?.dispose();
  await own?.close();
  await me?.close();
});

test.afterEach(async ({ baseURL: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && site)
    await testInfo.attach("server-log", { body: await tail(site.logPath), contentType: "text/plain" });
});

/** Nothing wider than the phone and, on a page with JavaScript (axe runs in the page), nothing axe finds wrong. */
async function expectReadable(page: Page, javaScript = true) {
  // Measured once the page and its stylesheets have loaded (a sign-in's redirect may still be loading them
  // on a busy machine), as the person reads it.
  await page.waitForLoadState("load");
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: "horizontal overflow at 375 px",
    })
    .toBeLessThanOrEqual(0);
  if (!javaScript) return;
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function phonePage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: site.url, viewport: PHONE, locale: "pt-BR", javaScriptEnabled });
  const page = await context.newPage();
  const violations = await watchCspViolations(page);
  return {
    page,
    async done() {
      await context.close();
      expect(violations(), "Content-Security-Policy violations").toEqual([]);
    },
  };
}

const labelSection = (page: Page) => page.getByRole("region", { name: "Etiqueta do Melhor Envio" });
const trackingSection = (page: Page) => page.getByRole("region", { name: "Rastreamento" });

test("the owner buys the label on a phone without JavaScript: it stops for lack of balance, then resumes and pays once", async ({
  browser,
}) => {
  const { page, done } = await phonePage(browser, false);
  await signInWithoutJavaScript(page, OWNER.email, PASSWORD, orderPath);
  const label = labelSection(page);
  await expect(label).toBeVisible();
  await expectReadable(page, false);

  me.setBalance(0);
  await label.locator("summary", { hasText: "Comprar etiqueta" }).click();
  await label.getByRole("button", { name: "Comprar etiqueta" }).click();
  await expect(label.getByRole("alert")).toContainText("Saldo insuficiente no Melhor Envio");
  const steps = label.getByRole("list", { name: "Etapas da etiqueta" });
  await expect(steps.getByRole("listitem")).toHaveText([
    "No carrinho do Melhor Envio (feito)",
    "Paga (parou aqui)",
    "Gerada (a fazer)",
    "Pronta para imprimir (a fazer)",
  ]);
  await expectReadable(page, false);
  // The same page, stopped, as a browser with JavaScript shows it.
  const scripted = await phonePage(browser, true);
  await login(scripted.page, OWNER.email, PASSWORD);
  await scripted.page.goto(orderPath);
  await expect(labelSection(scripted.page).getByRole("button", { name: "Tentar de novo" })).toBeVisible();
  await expectReadable(scripted.page);
  await scripted.done();

  me.setBalance(50_000);
  await label.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(steps.getByRole("listitem")).toHaveText([
    "No carrinho do Melhor Envio (feito)",
    "Paga (feito)",
    "Gerada (feito)",
    "Pronta para imprimir (feito)",
  ]);
  await expect(label.getByRole("alert")).toHaveCount(0);
  const [shipment] = [...me.shipments.values()];
  await expect(label.getByRole("link", { name: "Imprimir etiqueta" })).toHaveAttribute("href", /\/imprimir\//);
  await expect(label).toContainText(`Código de rastreamento: ${shipment?.tracking}`);
  expect(me.requestsTo("POST /api/v2/me/shipment/checkout")).toHaveLength(2);
  expect(me.balanceCents()).toBe(50_000 - (shipment?.price_cents ?? 0));
  await expect(page.getByTestId("order-status")).toHaveText("Em processamento");
  await expect(trackingSection(page)).toContainText("Etiqueta gerada");
  await expectReadable(page, false);
  await done();
});

test("the owner marks it sent, then received once Melhor Envio reports the delivery", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, OWNER.email, PASSWORD);
  await page.goto(orderPath);
  const send = labelSection(page).getByRole("button", { name: "Marcar como enviado" });
  await waitForHydration(send);
  await send.click();
  await page.getByRole("dialog").getByRole("button", { name: "Marcar como enviado" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Produto enviado");

  const [shipment] = [...me.shipments.values()];
  if (!shipment) throw new Error("no shipment");
  me.deliver(shipment.id);
  const tracking = trackingSection(page);
  await tracking.getByRole("button", { name: "Atualizar rastreamento" }).click();
  await expect(tracking.getByText("Entregue", { exact: true }).first()).toBeVisible();
  await expectReadable(page);
  await tracking.getByRole("button", { name: "Marcar como recebido" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Marcar como recebido" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Produto recebido");
  await expect(page.getByRole("table").last()).toContainText("(horário de Brasília), segundo o Melhor Envio.");
});

test("the buyer follows her parcel on her phone, with no label section", async ({ browser }) => {
  const { page, done } = await phonePage(browser, true);
  await login(page, BUYER.email, BUYER.password);
  await page.goto(orderPath);
  const tracking = trackingSection(page);
  await expect(tracking).toBeVisible();
  await expect(tracking.getByRole("list", { name: "Eventos da entrega" }).getByRole("listitem").first()).toContainText(
    "Entregue",
  );
  const [shipment] = [...me.shipments.values()];
  await expect(tracking.getByRole("link", { name: /Acompanhar a entrega/ })).toHaveAttribute(
    "href",
    `https://www.melhorrastreio.com.br/rastreio/${shipment?.melhorenvio_tracking}`,
  );
  await expect(labelSection(page)).toHaveCount(0);
  await expect(tracking.getByRole("button")).toHaveCount(0);
  await expectReadable(page);
  await done();
});
