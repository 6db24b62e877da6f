import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Locator, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { cartCookieValue, emptyCart } from "../../common/cart.ts";
import { type FakeCepServer, jsonAnswer, startFakeCepServer, viaCepBody } from "../support/fake-cep-server.ts";
import { type FakeFocusNfe, startFakeFocusNfe } from "../support/fake-focus-nfe.ts";
import { signInWithoutJavaScript } from "./account-forms.ts";
import {
  test as base,
  bytesOf,
  expect,
  expectPath,
  jsonOf,
  login,
  waitForHydratedPage,
  watchCspViolations,
} from "./fixtures.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * Issue 35's notas fiscais, against a server of its own whose Focus NFe is the local fake (FOCUS_NFE_URL) and
 * whose BASE_URL is its own address, so the fake's webhooks reach POST /api/fiscal/webhook: the owner sets the
 * notes up on a phone without JavaScript and gives the product its fiscal data; the buyer places her order on
 * the checkout's page and pays by Pix; its note is authorised and its DANFE is a PDF she finds on her order, in
 * 'Meus pedidos' (hers only) and in her e-mail; a note blocked by an address without its bairro is fixed on the
 * order's page and issued without JavaScript; a note SEFAZ rejects for the buyer's CPF names that field and
 * links to where it is fixed, and is issued again without JavaScript; canceling an order asks whether to cancel
 * its note too, with and without JavaScript. Each page is read by axe at 375 px and at 1280 px.
 */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = "senha-forte-de-teste-1";
const OWNER = { title: "Cooperativa Nota E2E", admin_name: "Nair Dona", email: "nair@notas.example" };
const BUYER = { name: "Bia Compradora", email: "bia@notas.example", password: "senha-da-bia-123", role: "user" };
const PRODUCT = "Café de Triunfo";
/** Long enough for the job runner's two turns (every 15 s: send, then copy the files) on a slow machine. */
const NOTE_WAIT = { timeout: 75_000, intervals: [1_000, 2_000] };
const FAILED = "Falta o bairro do endereço do cliente.";

let own: OwnServer;
let site: ServerProcess;
let focus: FakeFocusNfe;
let addresses: FakeCepServer;
/** The buyer's CEP, as the CEP lookup (this spec's own fake) answers it. */
const BUYER_CEP = {
  cep: "50100000",
  street: "Rua do Príncipe",
  neighborhood: "Santo Amaro",
  city: "Recife",
  uf: "PE",
  complement: "",
} as const;
let ownerApi: APIRequestContext;
let buyerToken = "";
let productId = 0;
let variantId = 0;

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(site?.url);
  },
});

test.describe.configure({ mode: "serial" });

/** The site set up, the shop open in Recife with a table rate for Pernambuco, a coffee without fiscal data, the buyer. */
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
        shipping: {
          table_rates: [
            {
              name: "Entrega padrão",
              region: { kind: "uf", uf: "PE" },
              min_weight_grams: 0,
              max_weight_grams: 30000,
              price_cents: 1500,
              delivery_days: 2,
            },
          ],
        },
        payments: {
          provider: "pix",
          pix: { key: "cooperativa@example.org", receiver_name: "Boa Terra", receiver_city: "Recife" },
        },
      },
    }),
  );
  const coffee = await jsonOf<{ id: number; variants: { id: number }[] }>(
    await ownerApi.post("/api/products", {
      data: { name: PRODUCT, status: "published", variants: [{ price_cents: 3200, stock: 50 }], weight_grams: 500 },
    }),
    201,
  );
  productId = coffee.id;
  variantId = coffee.variants[0]?.id ?? 0;
  await jsonOf(await ownerApi.post("/api/users", { data: BUYER }), 201);
  await anonymous.dispose();
  const buyer = await playwright.request.newContext({ baseURL: site.url });
  ({ token: buyerToken } = await jsonOf<{ token: string }>(
    await buyer.post("/api/auth/login", { data: { email: BUYER.email, password: BUYER.password } }),
  ));
  await buyer.dispose();
}

/** The buyer's order of a bag of coffee to Recife, placed through the checkout's REST call, then paid. */
async function paidOrder(
  playwright: PlaywrightWorkerArgs["playwright"],
  neighborhood: string,
): Promise<{ id: number; number: number; path: string }> {
  const buyer = await playwright.request.newContext({ baseURL: site.url });
  const cart = cartCookieValue({
    ...emptyCart,
    items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
  });
  const placed = await jsonOf<{ order: { id: number; number: number } }>(
    await buyer.post("/api/shop/checkout", {
      headers: { Authorization: `Token ${buyerToken}`, cookie: `cms_cart=${cart}` },
      data: {
        postal_code: "50100-000",
        uf: "PE",
        city: "Recife",
        street: "Rua do Príncipe",
        number: "52",
        neighborhood,
        name: BUYER.name,
        tax_id: "529.982.247-25",
        phone: "(81) 98765-4321",
        shipping: "table:entrega-padrao",
        idempotency_key: randomUUID(),
      },
    }),
    201,
  );
  await buyer.dispose();
  await jsonOf(await ownerApi.post(`/api/orders/${placed.order.id}/status`, { data: { status: "paid" } }));
  return { ...placed.order, path: `/conta/pedidos/${placed.order.id}` };
}

/**
 * The buyer's order of a bag of coffee to Santo Amaro, Recife, placed on the checkout's page on her phone and
 * paid by Pix; the owner then confirms the payment, as she does once the Pix reaches the shop's account.
 */
async function orderInBrowser(browser: Browser): Promise<{ id: number; number: number; path: string }> {
  const { page, done } = await phonePage(browser, true);
  await login(page, BUYER.email, BUYER.password);
  const cart = cartCookieValue({
    ...emptyCart,
    items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
  });
  await page.context().addCookies([{ name: "cms_cart", value: cart, url: site.url }]);
  await page.goto("/loja/finalizar-pedido");
  await waitForHydratedPage(page);
  const checkout = page.getByRole("form", { name: "Finalizar pedido" });
  await checkout.getByRole("textbox", { name: "CPF ou CNPJ", exact: true }).fill("529.982.247-25");
  await checkout.getByRole("textbox", { name: "Telefone com DDD", exact: true }).fill("(81) 98765-4321");
  await checkout.getByRole("textbox", { name: "CEP", exact: true }).fill("50100-000");
  await checkout.getByRole("button", { name: "Buscar" }).click();
  await expect(checkout.getByRole("textbox", { name: "Rua", exact: true })).toHaveValue(BUYER_CEP.street);
  await expect(checkout.getByRole("combobox", { name: "Cidade" })).toHaveValue("Recife");
  await checkout.getByRole("textbox", { name: "Número", exact: true }).fill("52");
  await expect(checkout.getByRole("radio", { name: /Entrega padrão/ })).toBeChecked();
  await checkout.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page).toHaveURL(/\/checkout\?pedido=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get("pedido"));
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Pedido nº \d+$/);
  const number = Number(/\d+/.exec((await heading.textContent()) ?? "")?.[0]);
  await expect(page.getByRole("textbox", { name: "Pix copia e cola" })).toHaveValue(/^000201/);
  await done();
  await jsonOf(await ownerApi.post(`/api/orders/${id}/status`, { data: { status: "paid" } }));
  return { id, number, path: `/conta/pedidos/${id}` };
}

test.beforeAll(async ({ playwright }) => {
  focus = await startFakeFocusNfe();
  addresses = await startFakeCepServer();
  addresses.viacep.set(BUYER_CEP.cep, jsonAnswer(viaCepBody(BUYER_CEP)));
  own = await startOwnServer("notas-fiscais", {
    FOCUS_NFE_URL: focus.url,
    VIACEP_URL: addresses.url,
    BRASILAPI_URL: addresses.url,
  });
  site = own.server;
  await setUpShop(playwright);
});

test.afterAll(async () => {
  await ownerApi?.dispose();
  await own?.close();
  await focus?.close();
  await addresses?.close();
});

test.afterEach(async ({ baseURL: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && site)
    await testInfo.attach("server-log", { body: await tail(site.logPath), contentType: "text/plain" });
});

/** Nothing wider than the phone at 375 px, and nothing axe finds wrong at 375 px and at 1280 px. */
async function expectAccessible(page: Page) {
  await page.waitForLoadState("load");
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    if (viewport === PHONE)
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `horizontal overflow at 375 px on ${page.url()}`,
        })
        .toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes[0]?.target})`),
      `axe at ${viewport.width} px on ${page.url()}`,
    ).toEqual([]);
  }
  await page.setViewportSize(PHONE);
}

/** Nothing wider than the phone, on a page without JavaScript (axe runs in the page: its scripted twin is read). */
async function expectNoOverflow(page: Page) {
  await page.waitForLoadState("load");
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
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

const flash = (page: Page, message: string) =>
  expect(page.getByRole("status").filter({ hasText: message }).first()).toBeVisible();
const ownerNote = (page: Page) => page.getByRole("region", { name: "Nota fiscal" });
const stateBadge = (section: Locator) => section.locator("[data-state]").first();

/** Reloads the order's page until its note section shows `state` (and `also`, when given): the job runner's turns. */
async function reloadUntil(page: Page, state: string, also?: (section: Locator) => Locator) {
  await expect(async () => {
    await page.reload();
    const section = ownerNote(page);
    await expect(stateBadge(section)).toHaveText(state, { timeout: 1_000 });
    if (also) await expect(also(section)).toBeVisible({ timeout: 1_000 });
  }).toPass(NOTE_WAIT);
}

/** "Emitir nota fiscal" / "Emitir novamente" on a page without JavaScript: the question opens in place, with its own form. */
async function issueWithoutJavaScript(page: Page, label: string, orderNumber: number) {
  const section = ownerNote(page);
  await section.locator("summary", { hasText: label }).click();
  const asked = section.getByRole("form", { name: `Emitir a nota fiscal do pedido nº ${orderNumber}?` });
  await expect(asked).toBeVisible();
  await expectNoOverflow(page);
  await asked.getByRole("button", { name: label }).click();
}

test("the owner sets the notes up on a phone without JavaScript: saved, tested, the token never sent back", async ({
  browser,
}) => {
  const { page, done } = await phonePage(browser, false);
  await signInWithoutJavaScript(page, OWNER.email, PASSWORD, "/conta/fiscal");
  const form = page.getByRole("form", { name: "Configurações fiscais" });
  await expect(form.getByRole("button", { name: "Testar conexão com a Focus NFe" })).toHaveCount(0);
  await expectNoOverflow(page);

  await form.getByRole("checkbox", { name: "Emitir notas fiscais" }).check();
  await form.getByRole("combobox", { name: "Ambiente" }).selectOption("homologacao");
  await form.getByRole("combobox", { name: "Quando emitir" }).selectOption("on_payment");
  await form.getByLabel("Token de homologação").fill(focus.token);
  await form.getByRole("textbox", { name: "CNPJ" }).fill("11.222.333/0001-81");
  await form.getByRole("textbox", { name: "Inscrição estadual" }).fill("ISENTO");
  await form.getByRole("combobox", { name: "Estado (UF)" }).selectOption("PE");
  await form.getByRole("combobox", { name: "Regime tributário" }).selectOption("simples");
  await form.getByRole("textbox", { name: "Série" }).fill("1");
  await form.getByRole("button", { name: "Salvar" }).click();

  await expectPath(page, "/conta/fiscal");
  await flash(page, "Configurações fiscais salvas.");
  await expect(form.getByRole("checkbox", { name: "Emitir notas fiscais" })).toBeChecked();
  await expect(form.getByRole("combobox", { name: "Ambiente" })).toHaveValue("homologacao");
  await expect(form.getByRole("combobox", { name: "Quando emitir" })).toHaveValue("on_payment");
  await expect(form.getByRole("textbox", { name: "CNPJ" })).toHaveValue("11.222.333/0001-81");
  await expect(form.getByRole("textbox", { name: "Inscrição estadual" })).toHaveValue("ISENTO");
  await expect(form.getByRole("combobox", { name: "Estado (UF)" })).toHaveValue("PE");
  await expect(form.getByRole("combobox", { name: "Regime tributário" })).toHaveValue("simples");
  await expect(form.getByRole("textbox", { name: "Série" })).toHaveValue("1");
  const token = form.getByLabel("Token de homologação");
  await expect(token).toHaveValue("");
  await expect(token).toHaveAccessibleDescription("Token salvo: deixe em branco para mantê-lo.");
  // Neither in a field nor in the loader's data the page carries.
  expect(await page.content()).not.toContain(focus.token);
  // The save registered this site's webhook with the token.
  const hooks = page.getByRole("region", { name: "Aviso automático (webhook)" });
  await expect(hooks.getByTestId("fiscal-webhook")).toContainText("Registrado");
  await expect(hooks).toContainText(`Endereço: ${site.url}/api/fiscal/webhook`);
  const registered = focus.requests.filter((request) => request.method === "POST" && request.path === "/v2/hooks");
  expect(registered).toHaveLength(1);
  expect(registered[0]?.body).toMatchObject({ event: "nfe", url: `${site.url}/api/fiscal/webhook` });
  await expectNoOverflow(page);

  const asked = focus.requests.length;
  await form.getByRole("button", { name: "Testar conexão com a Focus NFe" }).click();
  await expectPath(page, "/conta/fiscal");
  await flash(page, "Conexão com a Focus NFe (homologação) funcionando: o token foi aceito.");
  expect(focus.requests.slice(asked).map((request) => `${request.method} ${request.path}`)).toEqual(["GET /v2/hooks"]);
  expect(focus.requests.at(-1)?.headers.authorization).toBe(
    `Basic ${Buffer.from(`${focus.token}:`).toString("base64")}`,
  );
  await done();

  const settings = await ownerApi.get("/api/fiscal/settings");
  expect(await settings.text()).not.toContain(focus.token);
  expect(await settings.json()).toMatchObject({ enabled: true, homologation_token_set: true, cnpj: "11222333000181" });

  // The same page, saved, as a browser with JavaScript shows it.
  const scripted = await phonePage(browser, true);
  await login(scripted.page, OWNER.email, PASSWORD);
  await scripted.page.goto("/conta/fiscal");
  await expect(scripted.page.getByRole("button", { name: "Testar conexão com a Focus NFe" })).toBeVisible();
  await expectAccessible(scripted.page);
  await scripted.done();
});

test("the owner gives the coffee its fiscal data on its page", async ({ page }) => {
  await login(page, OWNER.email, PASSWORD);
  await page.goto(`/conta/produtos/${productId}/edit`);
  const form = page.getByRole("form", { name: "Editar produto" });
  const section = form.getByRole("region", { name: "Dados fiscais (nota fiscal)" });
  await expect(section).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await waitForHydratedPage(page);
  await section.getByRole("textbox", { name: "NCM", exact: true }).fill("0901.11.10");
  await section.getByRole("combobox", { name: "CSOSN/CST" }).selectOption("102");
  await section.getByRole("combobox", { name: "Origem da mercadoria" }).selectOption("0");
  await section.getByRole("textbox", { name: "Unidade comercial" }).fill("UN");
  await section.getByRole("textbox", { name: "GTIN/EAN", exact: true }).fill("SEM GTIN");
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectPath(page, "/conta/produtos");
  await expect(page.getByText("Produto salvo com sucesso!")).toBeVisible();
  await expectAccessible(page);
  const saved = await jsonOf<{ fiscal: unknown }>(await ownerApi.get(`/api/products/${productId}`));
  expect(saved.fiscal).toEqual({ ncm: "09011110", origin: 0, tax_situation: "102", unit: "UN", gtin: "SEM GTIN" });
});

let authorized = { id: 0, number: 0, path: "" };
/** Paid with the first one, so the job runner's same turns try both: this one is blocked by its address. */
let blocked = { id: 0, number: 0, path: "" };

test("a paid order's note is authorised, told by the webhook, and its DANFE is a PDF", async ({
  browser,
  page,
  playwright,
}) => {
  authorized = await orderInBrowser(browser);
  blocked = await paidOrder(playwright, "");
  await login(page, OWNER.email, PASSWORD);
  await page.goto(authorized.path);
  const danfe = (section: Locator) => section.getByRole("link", { name: "Abrir DANFE (PDF)" });
  await reloadUntil(page, "Autorizada", danfe);

  const [sent] = [...focus.notes.values()];
  expect(sent?.payload).toMatchObject({ cnpj_emitente: "11222333000181", bairro_destinatario: "Santo Amaro" });
  expect(focus.webhooks.map((hook) => [hook.url, hook.answered])).toEqual([[`${site.url}/api/fiscal/webhook`, 200]]);
  const section = ownerNote(page);
  await expect(section).toContainText(`nº ${sent?.numero}, série 1`);
  await expect(section).toContainText("Emitida em homologação: sem valor fiscal.");
  await expect(section.getByRole("link", { name: "Baixar XML" })).toBeVisible();
  // The note's steps in the order's one timeline, beside the order's own.
  const history = page.getByRole("table", { name: "Histórico" });
  await expect(
    history.getByRole("row").filter({ hasText: "Nota fiscal: Autorizada" }).filter({ hasText: "Nota autorizada: nº" }),
  ).toHaveCount(1);
  await expect(history.getByRole("row").filter({ hasText: "Pedido feito" })).toHaveCount(1);
  await expectAccessible(page);

  const href = await danfe(section).getAttribute("href");
  expect(href).toMatch(/^\/api\/fiscal\/notes\/\d+\/files\/danfe$/);
  const response = await page.request.get(href ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const downloading = page.waitForEvent("download");
  await danfe(section).click();
  const pdf = await bytesOf(await downloading);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(pdf.toString()).toContain(sent?.chave_nfe?.replace(/^NFe/, ""));
});

test("the buyer finds her note on her order, in 'Meus pedidos' (hers only), on her phone with and without JavaScript, and in her e-mail", async ({
  browser,
  page,
  playwright,
}) => {
  const plain = await phonePage(browser, false);
  await signInWithoutJavaScript(plain.page, BUYER.email, BUYER.password, authorized.path);
  const note = plain.page.getByRole("region", { name: "Nota fiscal" });
  await expect(note).toContainText("Autorizada");
  const danfe = note.getByRole("link", { name: "Nota fiscal (DANFE)" });
  await expect(danfe).toHaveAttribute("href", /^\/api\/fiscal\/notes\/\d+\/files\/danfe$/);
  await expect(note.getByRole("link", { name: "XML da nota fiscal" })).toBeVisible();
  // Hers only: no panel of the owner's.
  await expect(note.getByRole("button")).toHaveCount(0);
  await expectNoOverflow(plain.page);
  const response = await plain.page.request.get((await danfe.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  await plain.done();

  const scripted = await phonePage(browser, true);
  await login(scripted.page, BUYER.email, BUYER.password);
  await scripted.page.goto("/conta/pedidos");
  await expect(scripted.page.getByRole("heading", { name: "Meus pedidos" })).toBeVisible();
  // Her order's "Nota fiscal": where it stands, and its DANFE, which opens for her only.
  const listed = scripted.page.getByRole("link", { name: `Nota fiscal (DANFE) do pedido nº ${authorized.number}` });
  await expect(listed).toHaveText("DANFE (PDF)");
  await expect(scripted.page.getByRole("row").filter({ has: listed })).toContainText("Autorizada");
  const listedHref = (await listed.getAttribute("href")) ?? "";
  expect(listedHref).toMatch(/^\/api\/fiscal\/notes\/\d+\/files\/danfe$/);
  const hers = await scripted.page.request.get(listedHref);
  expect(hers.status()).toBe(200);
  expect(hers.headers()["content-type"]).toBe("application/pdf");
  await expectAccessible(scripted.page);
  const other = { name: "Outra Cliente", email: "outra@notas.example", password: "senha-da-outra-1", role: "user" };
  await jsonOf(await ownerApi.post("/api/users", { data: other }), 201);
  const another = await playwright.request.newContext({ baseURL: site.url });
  const { token } = await jsonOf<{ token: string }>(
    await another.post("/api/auth/login", { data: { email: other.email, password: other.password } }),
  );
  expect((await another.get(listedHref, { headers: { Authorization: `Token ${token}` } })).status()).toBe(404);
  await another.dispose();
  // Signed out (a context of its own: signing in above left the other customer's session cookie).
  const signedOut = await playwright.request.newContext({ baseURL: site.url });
  expect((await signedOut.get(listedHref)).status()).toBe(401);
  await signedOut.dispose();
  await scripted.page.getByRole("link", { name: `Nº ${authorized.number}`, exact: true }).click();
  await expectPath(scripted.page, authorized.path);
  await expect(
    scripted.page.getByRole("region", { name: "Nota fiscal" }).getByRole("link", { name: "Nota fiscal (DANFE)" }),
  ).toBeVisible();
  await expectAccessible(scripted.page);
  await scripted.done();

  // Her e-mail, as the owner's outbox shows it.
  await login(page, OWNER.email, PASSWORD);
  await page.goto(`/conta/emails?q=${encodeURIComponent(BUYER.email)}`);
  const row = page.getByRole("row").filter({ hasText: `Nota fiscal emitida: pedido ${authorized.number}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(BUYER.email);
  await expectAccessible(page);
  const { data } = await jsonOf<{ data: { kind: string; to: string; text: string }[] }>(
    await ownerApi.get(`/api/mail/outbox?q=${encodeURIComponent("Nota fiscal emitida")}`),
  );
  expect(data.map((mail) => [mail.kind, mail.to])).toEqual([["fiscal-note-issued", BUYER.email]]);
  expect(data[0]?.text).toMatch(new RegExp(`Baixar a DANFE \\(PDF\\): ${site.url}/api/fiscal/notes/\\d+/files/danfe`));
});

test("an address without its bairro blocks the note before it is sent; fixed on the order's page, it is issued without JavaScript", async ({
  browser,
  page,
}) => {
  await page.setViewportSize(PHONE);
  await login(page, OWNER.email, PASSWORD);
  // The job runner tried it and kept what blocks it: the owner is told on /conta/fiscal.
  await page.goto("/conta/fiscal");
  const attention = page.getByRole("region", { name: "Notas que precisam de atenção" });
  await expect(async () => {
    await page.reload();
    await expect(attention.getByRole("row").filter({ hasText: `Pedido nº ${blocked.number}` })).toContainText(FAILED, {
      timeout: 1_000,
    });
  }).toPass(NOTE_WAIT);
  expect(focus.notes.size, "nothing sent but the first order's note").toBe(1);
  await expectAccessible(page);

  await attention.getByRole("link", { name: `Pedido nº ${blocked.number}` }).click();
  await expectPath(page, blocked.path);
  const section = ownerNote(page);
  await expect(stateBadge(section)).toHaveText("Aguardando envio");
  await expect(section.getByTestId("note-problems").getByRole("listitem")).toHaveText([`${FAILED} Corrigir`]);
  await expect(section.getByRole("button", { name: "Emitir nota fiscal" })).toHaveCount(0);
  await expectAccessible(page);

  await waitForHydratedPage(page);
  // The hidden half of its name is positioned absolutely, which the name's computation reads as a block.
  await section.getByRole("link", { name: "Corrigir: Falta o bairro do endereço do cliente." }).click();
  await expect(page).toHaveURL(`${site.url}${blocked.path}#endereco`);
  // Open already: the note waits on the order's own address.
  const address = page.getByRole("form", { name: "Corrigir endereço e CPF/CNPJ" });
  await expect(address).toBeInViewport();
  await address.getByRole("textbox", { name: "Bairro" }).fill("Santo Amaro");
  await address.getByRole("button", { name: "Salvar endereço e CPF/CNPJ" }).click();
  await flash(page, "Endereço do pedido corrigido.");
  await expect(section.getByTestId("note-problems")).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Emitir nota fiscal" })).toBeVisible();
  await expectAccessible(page);

  // "Emitir nota fiscal" on a phone without JavaScript: its question opens in place.
  const plain = await phonePage(browser, false);
  await signInWithoutJavaScript(plain.page, OWNER.email, PASSWORD, blocked.path);
  await issueWithoutJavaScript(plain.page, "Emitir nota fiscal", blocked.number);
  await flash(plain.page, "Nota enviada à SEFAZ.");
  await plain.done();
  await reloadUntil(page, "Autorizada");
  expect(focus.notes.size).toBe(2);
  expect([...focus.notes.values()].at(-1)?.payload).toMatchObject({ bairro_destinatario: "Santo Amaro" });
});

test("a note SEFAZ rejects for the buyer's CPF names that field with where to fix it, and is issued again without JavaScript", async ({
  browser,
  page,
  playwright,
}) => {
  // SEFAZ's rejection of the buyer's CPF, told by the provider's webhook as the fake tells every change: held
  // while processing, then reported with its code and text to the hook the site registered (its header is
  // Authorization unless the registration named another).
  focus.holdProcessing = true;
  const rejected = await paidOrder(playwright, "Santo Amaro");
  const reference = `pedido-${rejected.number}`;
  await expect.poll(() => focus.notes.get(reference)?.status, NOTE_WAIT).toBe("processando_autorizacao");
  const held = focus.notes.get(reference);
  if (!held) throw new Error("the note never reached the fake");
  Object.assign(held, {
    status: "erro_autorizacao",
    status_sefaz: "237",
    mensagem_sefaz: "Rejeição: CPF do destinatário inválido",
  });
  focus.holdProcessing = false;
  const hook = focus.requests.find((request) => request.method === "POST" && request.path === "/v2/hooks")?.body as {
    url: string;
    authorization: string;
    authorization_header?: string;
  };
  const { payload, sent: _sent, ...told } = held;
  const delivered = await fetch(hook.url, {
    method: "POST",
    headers: { "content-type": "application/json", [hook.authorization_header ?? "Authorization"]: hook.authorization },
    body: JSON.stringify({ ...told, cnpj_emitente: payload.cnpj_emitente }),
  });
  expect(delivered.status).toBe(200);

  await login(page, OWNER.email, PASSWORD);
  await page.goto(rejected.path);
  await reloadUntil(page, "Rejeitada");
  const section = ownerNote(page);
  const refusal = section.getByRole("note").filter({ hasText: "Nota rejeitada pela SEFAZ" });
  await expect(refusal).toContainText("237: Rejeição: CPF do destinatário inválido");
  await expect(refusal.getByTestId("note-field-to-fix")).toContainText("Campo a corrigir: CPF/CNPJ do cliente");
  const fix = refusal.getByRole("link", { name: "Corrigir CPF/CNPJ do cliente: Endereço e CPF/CNPJ do pedido" });
  await expect(fix).toHaveAttribute("href", `${rejected.path}#endereco`);
  await expect(section.getByRole("button", { name: "Emitir novamente" })).toBeVisible();
  await expect(section.getByRole("link", { name: "Abrir DANFE (PDF)" })).toHaveCount(0);
  const history = page.getByRole("table", { name: "Histórico" });
  await expect(history.getByRole("row").filter({ hasText: "Nota fiscal: Rejeitada" })).toContainText("237");
  await expectAccessible(page);

  // The /conta home counts the notes to act on, and its count opens the list that names this order.
  await page.goto("/conta");
  const todos = page.getByRole("region", { name: "Loja: o que fazer" });
  await todos.getByRole("link", { name: /^\d+\s*Notas? fisca(l|is) precisa(m)? de atenção$/ }).click();
  await expect(page).toHaveURL(/\/conta\/fiscal$/);
  const attention = page.getByRole("table", { name: "Notas que precisam de atenção" });
  await expect(attention.getByRole("row").filter({ hasText: `Pedido nº ${rejected.number}` })).toContainText(
    "Rejeitada",
  );
  await page.goto(rejected.path);

  // Fixed and issued again on a phone without JavaScript: the link lands on the form, open, with her CPF.
  const plain = await phonePage(browser, false);
  await signInWithoutJavaScript(plain.page, OWNER.email, PASSWORD, rejected.path);
  await plain.page.getByRole("link", { name: "Corrigir CPF/CNPJ do cliente: Endereço e CPF/CNPJ do pedido" }).click();
  await expect(plain.page).toHaveURL(`${site.url}${rejected.path}#endereco`);
  const buyer = plain.page.getByRole("form", { name: "Corrigir endereço e CPF/CNPJ" });
  const taxId = buyer.getByRole("textbox", { name: "CPF/CNPJ do cliente" });
  await expect(taxId).toBeInViewport();
  await expect(taxId).toHaveValue("529.982.247-25");
  await taxId.fill("111.444.777-35");
  await buyer.getByRole("button", { name: "Salvar endereço e CPF/CNPJ" }).click();
  await flash(plain.page, "Endereço do pedido corrigido.");
  await expectNoOverflow(plain.page);
  await issueWithoutJavaScript(plain.page, "Emitir novamente", rejected.number);
  await plain.done();

  await reloadUntil(page, "Autorizada");
  await expect(section.getByRole("note").filter({ hasText: "Nota rejeitada pela SEFAZ" })).toHaveCount(0);
  const sent = focus.notes.get(reference);
  expect(sent?.sent).toBe(2);
  expect(sent?.payload).toMatchObject({ cpf_destinatario: "11144477735" });
});

test("canceling an order with an authorised note asks whether to cancel the note too, with JavaScript", async ({
  page,
}) => {
  await login(page, OWNER.email, PASSWORD);
  await page.goto(authorized.path);
  await waitForHydratedPage(page);
  const move = page.getByRole("form", { name: "Alterar situação" });
  await move.getByRole("combobox", { name: "Nova situação" }).selectOption({ label: "Cancelado" });
  await move.getByRole("button", { name: "Alterar situação" }).click();
  const question = page.getByRole("alertdialog", { name: "Mudar a situação para “Cancelado”?" });
  await expect(question).toBeInViewport();
  await expect(question).toContainText("Este pedido tem nota fiscal autorizada");
  const box = question.getByRole("checkbox", { name: "Cancelar também a nota fiscal" });
  await expect(box).toBeChecked();
  await expectAccessible(page);
  await question.getByRole("button", { name: "Confirmar: Cancelado" }).click();
  await expect(
    question.getByRole("textbox", { name: "Justificativa do cancelamento da nota" }),
  ).toHaveAccessibleDescription(/A justificativa tem de 15 a 255 caracteres/);
  await question
    .getByRole("textbox", { name: "Justificativa do cancelamento da nota" })
    .fill("Cliente desistiu da compra");
  await question.getByRole("button", { name: "Confirmar: Cancelado" }).click();
  await flash(page, "Pedido cancelado. Nota fiscal cancelada na SEFAZ.");
  await expect(stateBadge(ownerNote(page))).toHaveText("Cancelada");
  await expect(page.getByTestId("order-status")).toContainText("Cancelado");
  const history = page.getByRole("table", { name: "Histórico" });
  await expect(
    history
      .getByRole("row")
      .filter({ hasText: "Nota fiscal: Cancelada" })
      .filter({ hasText: "Justificativa: Cliente desistiu da compra" }),
  ).toHaveCount(1);
  expect(focus.notes.get(`pedido-${authorized.number}`)?.status).toBe("cancelado");
  await expectAccessible(page);
});

test("without JavaScript, once SEFAZ's window has passed, canceling says so and cancels only the order", async ({
  browser,
}) => {
  focus.cancelWindowPassed = true;
  const plain = await phonePage(browser, false);
  await signInWithoutJavaScript(plain.page, OWNER.email, PASSWORD, blocked.path);
  const move = plain.page.getByRole("form", { name: "Alterar situação" });
  await move.getByRole("combobox", { name: "Nova situação" }).selectOption({ label: "Cancelado" });
  await move.getByRole("button", { name: "Alterar situação" }).click();
  const question = plain.page.getByRole("alertdialog", { name: "Mudar a situação para “Cancelado”?" });
  await expect(question.getByRole("checkbox", { name: "Cancelar também a nota fiscal" })).toBeChecked();
  await question
    .getByRole("textbox", { name: "Justificativa do cancelamento da nota" })
    .fill("Cliente desistiu da compra");
  await expectNoOverflow(plain.page);
  await question.getByRole("button", { name: "Confirmar: Cancelado" }).click();
  await expectPath(plain.page, blocked.path);
  await expect(
    plain.page
      .getByRole("alert")
      .or(plain.page.getByRole("status"))
      .filter({
        hasText: "Pedido cancelado. A nota fiscal continua autorizada. O prazo para cancelar esta nota já passou",
      })
      .first(),
  ).toBeVisible();
  await expect(plain.page.getByTestId("order-status")).toContainText("Cancelado");
  await expect(stateBadge(ownerNote(plain.page))).toHaveText("Autorizada");
  await plain.done();
  focus.cancelWindowPassed = false;
});
