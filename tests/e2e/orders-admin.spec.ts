import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { openBeforeHydration } from "./before-hydration.ts";
import {
  type Account,
  bytesOf,
  expect,
  expectPath,
  jsonOf,
  login,
  SAO_PAULO_RATE,
  siteUrl,
  test,
  uniqueId,
  waitForHydratedPage,
} from "./fixtures.ts";

/**
 * /conta/pedidos: an administrator finds, moves, prints and exports orders; a customer sees only her own.
 * The orders are placed through the REST API (POST /api/shop/checkout with a cart cookie) by two customers
 * created here, on a shop this file sets up; it runs after the shop's administration (playwright.config.ts),
 * which leaves the shop open, and leaves it open too.
 */

test.describe.configure({ mode: "serial" });

type Product = { id: number; variants: { id: number }[] };
type Order = { id: number; number: number; status: string; subtotal_cents: number };
type Customer = Account & { token: string };

const id = uniqueId();
const HONEY = { name: `Mel silvestre ${id}`, price_cents: 2500, weight_grams: 600 };
const SOAP = { name: `Sabonete de argila ${id}`, price_cents: 1250, weight_grams: 150 };
const SENDER = "Cooperativa Pedidos E2E Ltda";
const CPF = "529.982.247-25";

/** Badge colours of spec §4 (Mantine's filled shade 6 of each palette; paid and failed are ours). */
const BADGE_RGB = {
  yellow: "rgb(250, 176, 5)",
  blue: "rgb(34, 139, 230)",
  grey: "rgb(134, 142, 150)",
  teal: "rgb(18, 184, 134)",
  red: "rgb(250, 82, 82)",
};

/** Today on the cooperative's clock, as the date filters take it. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

const products: Record<string, Product> = {};
// Set by beforeAll: Ana's orders (one moved to sent, one she cancels, one moved without JavaScript), Bia's one,
// and Caio's, moved in a hurry.
const customers = new Map<"ana" | "bia" | "caio", Customer>();
type Placed = "first" | "second" | "other" | "plain" | "hurry";
const placed = new Map<Placed, Order>();

function customer(name: "ana" | "bia" | "caio"): Customer {
  const found = customers.get(name);
  if (!found) throw new Error(`${name} was not created`);
  return found;
}

function order(name: Placed): Order {
  const found = placed.get(name);
  if (!found) throw new Error(`the ${name} order was not placed`);
  return found;
}

function product(name: string): Product {
  const found = products[name];
  if (!found) throw new Error(`${name} was not seeded`);
  return found;
}

const line = (name: string, quantity: number) => {
  const seeded = product(name);
  const variant = seeded.variants[0];
  if (!variant) throw new Error(`${name} has no variant`);
  return { product_id: seeded.id, variant_id: variant.id, quantity };
};

/** The shop: two products, where parcels leave from, a table rate to SP, manual payment; then it opens. */
async function openShop(api: APIRequestContext): Promise<void> {
  for (const item of [HONEY, SOAP]) {
    products[item.name] = await jsonOf<Product>(
      await api.post("/api/products", {
        data: {
          name: item.name,
          status: "published",
          variants: [{ price_cents: item.price_cents, stock: 40 }],
          weight_grams: item.weight_grams,
        },
      }),
      201,
    );
  }
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: SENDER,
        tax_id: "11.222.333/0001-81",
        uf: "SP",
        city: "São Paulo",
        origin_postal_code: "01001-000",
        shipping: {
          table_rates: [SAO_PAULO_RATE],
          pickup: { enabled: true, address: "Rua da Cooperativa, 100", delivery_days: 1 },
        },
        payments: { provider: "manual", manual: { instructions: "Pague na retirada ou por transferência." } },
      },
    }),
  );
  const settings = await jsonOf<{ features: Record<string, { enabled: boolean }> }>(await api.get("/api/settings"));
  const shop = settings.features.shop;
  if (!shop) throw new Error("settings have no shop feature");
  settings.features.shop = { ...shop, enabled: true };
  await jsonOf(await api.post("/api/settings", { data: settings }));
}

/**
 * A customer created by the super user, signed in through the API from a context of her own (a second
 * sign-in would carry the first one's cookie, and a write with a session cookie and no origin is refused).
 */
async function createCustomer(
  api: APIRequestContext,
  newVisitor: () => Promise<APIRequestContext>,
  name: string,
): Promise<Customer> {
  const account = { name, email: `${name.split(" ")[0]?.toLowerCase()}-${id}@example.com`, password: "senha-e2e-1" };
  const created = await jsonOf<{ id: number }>(
    await api.post("/api/users", { data: { ...account, role: "user" } }),
    201,
  );
  const visitor = await newVisitor();
  const { token } = await jsonOf<{ token: string }>(
    await visitor.post("/api/auth/login", { data: { email: account.email, password: account.password } }),
  );
  await visitor.dispose();
  return { ...account, id: created.id, role: "user", token };
}

/** Places an order the way the checkout page does: a shipping quote, then the cart in its cookie. */
async function placeOrder(
  api: APIRequestContext,
  customer: Customer,
  items: ReturnType<typeof line>[],
): Promise<Order> {
  const headers = { Authorization: `Token ${customer.token}` };
  const quote = await jsonOf<{ options: { code: string; provider: string }[] }>(
    await api.post("/api/shop/shipping/quote", { headers, data: { postal_code: "01310-100", items } }),
  );
  const shipping = quote.options.find((option) => option.provider === "table");
  if (!shipping) throw new Error(`no table rate in ${JSON.stringify(quote)}`);
  const cart = items.map((item) => `${item.product_id}.${item.variant_id}.${item.quantity}`).join("_");
  const placed = await jsonOf<{ order: Order }>(
    await api.post("/api/shop/checkout", {
      headers: { ...headers, cookie: `cms_cart=1~01310100~${shipping.code}~${cart}` },
      data: {
        name: customer.name,
        tax_id: CPF,
        phone: "(11) 98765-4321",
        postal_code: "01310-100",
        uf: "SP",
        city: "São Paulo",
        street: "Avenida Paulista",
        number: "1000",
        neighborhood: "Bela Vista",
        complement: "Apto 12",
        shipping: shipping.code,
        idempotency_key: randomUUID(),
      },
    }),
    201,
  );
  return placed.order;
}

test.beforeAll(async ({ playwright, superToken }) => {
  const api = await playwright.request.newContext({
    baseURL: siteUrl(),
    extraHTTPHeaders: { Authorization: `Token ${superToken}`, Accept: "application/json" },
  });
  const newVisitor = () => playwright.request.newContext({ baseURL: siteUrl() });
  try {
    await openShop(api);
    const ana = await createCustomer(api, newVisitor, `Ana Compradora ${id}`);
    const bia = await createCustomer(api, newVisitor, `Bia Vizinha ${id}`);
    const caio = await createCustomer(api, newVisitor, `Caio Apressado ${id}`);
    customers.set("ana", ana).set("bia", bia).set("caio", caio);
    placed.set("first", await placeOrder(api, ana, [line(HONEY.name, 2), line(SOAP.name, 3)]));
    placed.set("second", await placeOrder(api, ana, [line(SOAP.name, 1)]));
    placed.set("other", await placeOrder(api, bia, [line(HONEY.name, 1)]));
    placed.set("plain", await placeOrder(api, ana, [line(HONEY.name, 1)]));
    placed.set("hurry", await placeOrder(api, caio, [line(SOAP.name, 2)]));
  } finally {
    await api.dispose();
  }
});

/** The list: "Pedidos, ..." for administrators, "Meus pedidos, ..." for a customer. */
const ordersTable = (page: Page) => page.getByRole("table", { name: /pedidos, dos mais novos aos mais antigos$/i });
const orderLink = (page: Page, order: Order) =>
  ordersTable(page).getByRole("link", { name: `Nº ${order.number}`, exact: true });

/** Serious and critical axe violations, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
}

async function expectBadge(page: Page, label: string, color: keyof typeof BADGE_RGB): Promise<void> {
  const badge = page.getByTestId("order-status").getByText(label, { exact: true });
  await expect(badge).toBeVisible();
  const tag = page.getByTestId("order-status").locator("[data-color]");
  await expect(tag).toHaveAttribute("data-color", color);
  await expect(tag).toHaveCSS("background-color", BADGE_RGB[color]);
}

/** The move form of the order page, hydrated so the tracking field follows the chosen status. */
async function moveForm(page: Page): Promise<Locator> {
  await waitForHydratedPage(page);
  return page.getByRole("form", { name: "Alterar situação" });
}

/** The question asked before a move that e-mails the customer or gives stock back, and its answer. */
async function confirmMove(page: Page, label: string, consequences: string[]): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Confirmar a mudança" });
  await expect(dialog).toContainText(`Mudar a situação para “${label}”?`);
  for (const consequence of consequences) await expect(dialog).toContainText(consequence);
  await dialog.getByRole("button", { name: `Confirmar: ${label}` }).click();
}

async function move(page: Page, label: string, note = ""): Promise<void> {
  const form = await moveForm(page);
  await form.getByRole("combobox", { name: "Nova situação" }).selectOption({ label });
  if (note) await form.getByRole("textbox", { name: "Observação" }).fill(note);
  await form.getByRole("button", { name: "Alterar situação" }).click();
  await confirmMove(page, label, [`O cliente recebe um e-mail com a situação “${label}”.`]);
  await expect(page.getByText(`Situação alterada para “${label}”.`)).toBeVisible();
}

test("an administrator filters the orders and moves one from pending to sent", async ({
  page,
  createUser,
  playwright,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto("/conta");
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await sidebar.getByRole("link", { name: "Pedidos", exact: true }).click();
  await expectPath(page, "/conta/pedidos");
  await expect(page.getByRole("heading", { name: "Pedidos", level: 1 })).toBeVisible();

  // By the customer's name: her two orders, not the neighbour's.
  const filters = page.getByRole("search", { name: "Filtrar pedidos" });
  await waitForHydratedPage(page);
  await filters.getByRole("searchbox", { name: "Buscar" }).fill(customer("ana").name);
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(customer("ana").name);
  await expect(orderLink(page, order("first"))).toBeVisible();
  await expect(orderLink(page, order("second"))).toBeVisible();
  await expect(orderLink(page, order("other"))).toHaveCount(0);
  const row = ordersTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `Nº ${order("first").number}`, exact: true }) });
  // Units, not lines: 2 jars of honey and 3 soaps.
  await expect(row).toContainText("5 itens");
  await expect(row).toContainText("R$ 100,40");
  await expect(row).toContainText("Confirmação Pendente");

  // By number, by status and by day, all in the address (a GET form).
  await page.goto(`/conta/pedidos?q=${order("other").number}`);
  await expect(orderLink(page, order("other"))).toBeVisible();
  await page.goto(`/conta/pedidos?q=${encodeURIComponent(customer("ana").email)}&status=sent`);
  await expect(page.getByText("Nenhum pedido encontrado")).toBeVisible();
  await page.goto(`/conta/pedidos?q=${id}&from=${today()}&to=${today()}&status=pending`);
  // The header row and this run's five orders, all placed today and pending.
  await expect(ordersTable(page).getByRole("row")).toHaveCount(6);
  await page.goto(`/conta/pedidos?q=${id}&from=${today()}&to=2000-01-01`);
  await expect(page.getByText("A data final deve ser igual ou posterior à inicial")).toBeVisible();

  // The order: pending (yellow), offered only the moves the machine allows.
  await page.goto(`/conta/pedidos?q=${encodeURIComponent(customer("ana").name)}`);
  await orderLink(page, order("first")).click();
  await expectPath(page, `/conta/pedidos/${order("first").id}`);
  await expect(page.getByRole("heading", { name: `Pedido nº ${order("first").number}` })).toBeVisible();
  await expectBadge(page, "Confirmação Pendente", "yellow");
  await expect(page.getByText(CPF)).toBeVisible();
  await expect(page.getByText("Entrega padrão")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("R$ 100,40");
  const form = await moveForm(page);
  const status = form.getByRole("combobox", { name: "Nova situação" });
  // Nothing is chosen for her: the first option only asks, and sending it is refused.
  await expect(status.locator("option")).toHaveText([
    "Escolha a nova situação",
    "Pagamento confirmado",
    "Falha no pagamento",
    "Cancelado",
  ]);
  await expect(status).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Código de rastreamento" })).toHaveCount(0);
  await form.getByRole("button", { name: "Alterar situação" }).click();
  await expect(form.getByText("Escolha a nova situação", { exact: true }).last()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectBadge(page, "Confirmação Pendente", "yellow");
  // "Voltar" in the question changes nothing.
  await status.selectOption({ label: "Pagamento confirmado" });
  await form.getByRole("button", { name: "Alterar situação" }).click();
  await page.getByRole("dialog", { name: "Confirmar a mudança" }).getByRole("button", { name: "Voltar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectBadge(page, "Confirmação Pendente", "yellow");

  await move(page, "Pagamento confirmado", "Pagamento conferido no extrato.");
  await expectBadge(page, "Pagamento confirmado", "blue");
  await move(page, "Em processamento");
  await expectBadge(page, "Em processamento", "grey");

  // Sent needs a tracking code: without one the server says so beside the field.
  const sending = await moveForm(page);
  await sending.getByRole("combobox", { name: "Nova situação" }).selectOption({ label: "Produto enviado" });
  const tracking = sending.getByRole("textbox", { name: "Código de rastreamento" });
  await expect(tracking).toBeVisible();
  await sending.getByRole("button", { name: "Alterar situação" }).click();
  await expect(sending.getByText("Informe o código de rastreamento")).toBeVisible();
  await expectBadge(page, "Em processamento", "grey");
  // A Correios code is checked to its digit.
  await tracking.fill("AA123456780BR");
  await sending.getByRole("button", { name: "Alterar situação" }).click();
  await expect(sending.getByText(/Código dos Correios inválido/)).toBeVisible();
  await tracking.fill("aa123456785br");
  await sending.getByRole("button", { name: "Alterar situação" }).click();
  await confirmMove(page, "Produto enviado", ["O cliente recebe um e-mail com a situação “Produto enviado”."]);
  await expect(page.getByText("Situação alterada para “Produto enviado”.")).toBeVisible();
  await expectBadge(page, "Produto enviado", "teal");
  await expect(page.getByText("AA123456785BR")).toBeVisible();

  // Only "received" is left; the history tells every step, who and what was noted.
  await expect((await moveForm(page)).getByRole("combobox", { name: "Nova situação" }).locator("option")).toHaveText([
    "Escolha a nova situação",
    "Produto recebido",
  ]);
  const history = page.getByRole("table", { name: "Histórico" });
  await expect(history.getByRole("row")).toHaveCount(5);
  await expect(history.getByRole("row").nth(1)).toContainText("Pedido feito: Confirmação Pendente");
  const paid = history.getByRole("row").nth(2);
  await expect(paid).toContainText(admin.name);
  await expect(paid).toContainText("Confirmação Pendente → para Pagamento confirmado");
  await expect(paid).toContainText("Pagamento conferido no extrato.");
  await expect(history.getByRole("row").nth(4)).toContainText("Em processamento → para Produto enviado");

  // A move the machine refuses, sent from a page that was open before the order changed, is answered
  // with the server's message.
  await page.goto(`/conta/pedidos/${order("second").id}`);
  const stale = await moveForm(page);
  await stale.getByRole("combobox", { name: "Nova situação" }).selectOption({ label: "Pagamento confirmado" });
  const asAna = await playwright.request.newContext({
    baseURL: siteUrl(),
    extraHTTPHeaders: { Authorization: `Token ${customer("ana").token}`, Accept: "application/json" },
  });
  await jsonOf(await asAna.post(`/api/orders/${order("second").id}/status`, { data: { status: "canceled" } }));
  await asAna.dispose();
  await stale.getByRole("button", { name: "Alterar situação" }).click();
  await confirmMove(page, "Pagamento confirmado", []);
  const refusal = page.getByRole("form", { name: "Alterar situação" }).getByRole("note");
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Não é possível passar um pedido de "Cancelado" para "Pagamento confirmado".');
  await page.reload();
  await expectBadge(page, "Cancelado", "red");
  await expect(page.getByRole("form", { name: "Alterar situação" })).toHaveCount(0);
});

test("a status chosen before the page comes to life is the one sent, and its consequences are asked first", async ({
  page,
  createUser,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  const { hydrate } = await openBeforeHydration(page, `/conta/pedidos/${order("hurry").id}`);
  const form = page.getByRole("form", { name: "Alterar situação" });
  const status = form.getByRole("combobox", { name: "Nova situação" });
  await status.selectOption({ label: "Cancelado" });
  await form.getByRole("textbox", { name: "Observação" }).fill("Pedido em duplicidade.");
  await hydrate();
  await expect(status).toHaveValue("canceled");
  await expect(form.getByRole("textbox", { name: "Observação" })).toHaveValue("Pedido em duplicidade.");
  // What depends on the choice follows it: no tracking fields for a cancellation.
  await expect(form.getByRole("textbox", { name: "Código de rastreamento" })).toHaveCount(0);
  await form.getByRole("button", { name: "Alterar situação" }).click();
  await confirmMove(page, "Cancelado", [
    "O cliente recebe um e-mail avisando que o pedido foi cancelado.",
    "O estoque dos itens volta para a loja.",
  ]);
  await expect(page.getByText("Pedido cancelado.")).toBeVisible();
  await expectBadge(page, "Cancelado", "red");
  await expect(page.getByRole("table", { name: "Histórico" })).toContainText("Pedido em duplicidade.");
});

test("the page's action refuses a move without a status, and one that e-mails the customer until it is confirmed", async ({
  page,
  createUser,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  const path = `/conta/pedidos/${order("plain").id}`;
  await page.goto(path);
  const post = (form: Record<string, string>) =>
    page.request.post(path, { form, headers: { Origin: siteUrl() }, maxRedirects: 0 });
  expect((await post({ status: "", note: "" })).status()).toBe(400);
  expect((await post({ note: "sem situação" })).status()).toBe(400);
  const unconfirmed = await post({ status: "failed" });
  expect(unconfirmed.status()).toBe(200);
  expect(await unconfirmed.text()).toContain("O cliente recebe um e-mail com a situação “Falha no pagamento”.");
  await page.reload();
  await expectBadge(page, "Confirmação Pendente", "yellow");
});

test("the packing slip prints the declaração de conteúdo", async ({ page, createUser }) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto(`/conta/pedidos?q=${id}`);
  await expect(ordersTable(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/conta/pedidos/${order("first").id}`);
  await waitForHydratedPage(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Imprimir etiqueta e declaração" }).click();
  await expectPath(page, `/conta/pedidos/${order("first").id}/declaracao`);
  await expect(page.getByRole("heading", { name: "Declaração de conteúdo" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Minha conta" })).toHaveCount(0);
  const remetente = page.getByRole("table", { name: "Remetente" });
  await expect(remetente).toContainText(SENDER);
  await expect(remetente).toContainText("11.222.333/0001-81");
  await expect(remetente).toContainText("01001-000");
  const destinatario = page.getByRole("table", { name: "Destinatário" });
  await expect(destinatario).toContainText(customer("ana").name);
  await expect(destinatario).toContainText(CPF);
  await expect(destinatario).toContainText("Avenida Paulista, 1000 - Apto 12");
  await expect(destinatario).toContainText("01310-100");
  const goods = page.getByRole("table", { name: "Identificação dos bens" });
  await expect(goods.getByRole("row").filter({ hasText: HONEY.name })).toContainText("1,200 kg");
  // 2 x 600 g + 3 x 150 g; the declared value is the goods' subtotal, without shipping.
  await expect(page.getByTestId("declaration-weight")).toHaveText("1,650 kg");
  await expect(page.getByTestId("declaration-value")).toHaveText("R$ 87,50");
  await expect(page.getByText(/Lei Complementar nº 87\/1996/)).toBeVisible();
  await expect(page.getByText("Assinatura do declarante/remetente")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const toolbar = page.getByRole("navigation", { name: "Ações" });
  await expect(toolbar).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(toolbar).toBeHidden();
  await expect(page.getByRole("heading", { name: "Declaração de conteúdo" })).toBeVisible();
});

test("the CSV export takes the list's filters and opens in a Brazilian spreadsheet", async ({ page, createUser }) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto(`/conta/pedidos?q=${encodeURIComponent(customer("ana").name)}`);
  const exportLink = page.getByRole("link", { name: "Exportar CSV" });
  await expect(exportLink).toHaveAttribute(
    "href",
    `/api/orders/export.csv?${new URLSearchParams({ q: customer("ana").name })}`,
  );
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toBe("pedidos.csv");
  const bytes = await bytesOf(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
  expect(lines[0]).toMatch(/^Número;Data;Situação;Cliente;E-mail;CPF\/CNPJ/);
  // The header and Ana's three orders.
  expect(lines).toHaveLength(4);
  expect(lines.join("\n")).toContain(`${order("first").number};`);
  expect(lines.join("\n")).not.toContain(customer("bia").name);
  expect(lines.join("\n")).toContain("100,40");
});

test("a customer sees only her own orders, pays or cancels them", async ({ page }) => {
  const bia = customer("bia");
  await login(page, bia.email, bia.password);
  await page.goto("/conta");
  await page.getByRole("navigation", { name: "Minha conta" }).getByRole("link", { name: "Meus pedidos" }).click();
  await expectPath(page, "/conta/pedidos");
  await expect(page.getByRole("heading", { name: "Meus pedidos", level: 1 })).toBeVisible();
  await expect(page.getByRole("search", { name: "Filtrar pedidos" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveCount(0);
  await expect(orderLink(page, order("other"))).toBeVisible();
  await expect(ordersTable(page).getByRole("row")).toHaveCount(2);
  await expect(ordersTable(page).getByRole("row").nth(1)).toContainText("1 item");
  await expect(ordersTable(page).getByRole("row").nth(1)).toContainText("R$ 37,90");
  // Filters in the address change nothing for her: her list is her list.
  await page.goto(`/conta/pedidos?q=${encodeURIComponent(customer("ana").name)}`);
  await expect(orderLink(page, order("other"))).toBeVisible();

  // Another customer's order does not exist for her, nor do the administrators' pages.
  const foreign = await page.goto(`/conta/pedidos/${order("first").id}`);
  expect(foreign?.status()).toBe(404);
  await expect(page.getByText("Página não encontrada")).toBeVisible();
  const slip = await page.goto(`/conta/pedidos/${order("other").id}/declaracao`);
  expect(slip?.status()).toBe(403);

  await page.goto(`/conta/pedidos/${order("other").id}`);
  await expectBadge(page, "Confirmação Pendente", "yellow");
  await expect(page.getByRole("link", { name: "Pagar" })).toHaveAttribute(
    "href",
    `/checkout?pedido=${order("other").id}`,
  );
  await expect(page.getByRole("form", { name: "Alterar situação" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Imprimir etiqueta e declaração" })).toHaveCount(0);
  await waitForHydratedPage(page);
  await page.getByRole("button", { name: "Cancelar pedido" }).click();
  // One tap only asks; the dialog says what happens and starts on the safe choice.
  const question = page.getByRole("dialog", { name: `Cancelar o pedido nº ${order("other").number}?` });
  await expect(question).toContainText("Os itens voltam para a loja");
  await expect(question.getByRole("button", { name: "Voltar" })).toBeFocused();
  await question.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(page.getByText("Pedido cancelado.")).toBeVisible();
  await expectBadge(page, "Cancelado", "red");
  await expect(page.getByRole("button", { name: "Cancelar pedido" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pagar" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Histórico" })).toContainText("Cancelado pelo cliente.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters and the status form still work", async ({ page, createUser }) => {
    const admin = await createUser("admin");
    await page.goto("/login?redirectTo=%2Fconta%2Fpedidos");
    const signIn = page.getByRole("form", { name: "Entrar" });
    await signIn.getByRole("textbox", { name: "E-mail", exact: true }).fill(admin.email);
    await signIn.getByRole("textbox", { name: "Senha", exact: true }).fill(admin.password);
    await signIn.getByRole("button", { name: "Entrar" }).click();
    await expectPath(page, "/conta/pedidos");

    const filters = page.getByRole("search", { name: "Filtrar pedidos" });
    await filters.getByRole("searchbox", { name: "Buscar" }).fill(customer("ana").email);
    await filters.getByRole("combobox", { name: "Situação" }).selectOption({ label: "Confirmação Pendente" });
    await filters.getByRole("textbox", { name: "Feitos a partir de" }).fill(today());
    await filters.getByRole("button", { name: "Filtrar" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("pending");
    await expect(orderLink(page, order("plain"))).toBeVisible();
    await expect(orderLink(page, order("other"))).toHaveCount(0);
    await expect(ordersTable(page).getByText("Produto enviado")).toHaveCount(0);
    await orderLink(page, order("plain")).click();
    await expectPath(page, `/conta/pedidos/${order("plain").id}`);

    const form = page.getByRole("form", { name: "Alterar situação" });
    const status = form.getByRole("combobox", { name: "Nova situação" });
    // Without JavaScript the tracking code field is always there; the server asks for it only for "sent".
    await expect(form.getByRole("textbox", { name: "Código de rastreamento" })).toBeVisible();
    // Sent without a status, the form is refused beside the field.
    await form.getByRole("button", { name: "Alterar situação" }).click();
    await expect(form.getByText("Escolha a nova situação", { exact: true }).last()).toBeVisible();
    await expectBadge(page, "Confirmação Pendente", "yellow");
    // A move that e-mails the customer comes back as a question; "Voltar" leaves the order as it was.
    await status.selectOption({ label: "Pagamento confirmado" });
    await form.getByRole("button", { name: "Alterar situação" }).click();
    const question = page.getByRole("alertdialog", { name: "Mudar a situação para “Pagamento confirmado”?" });
    await expect(question).toContainText("O cliente recebe um e-mail com a situação “Pagamento confirmado”.");
    await question.getByRole("link", { name: "Voltar" }).click();
    await expectBadge(page, "Confirmação Pendente", "yellow");
    await status.selectOption({ label: "Pagamento confirmado" });
    await form.getByRole("button", { name: "Alterar situação" }).click();
    await question.getByRole("button", { name: "Confirmar: Pagamento confirmado" }).click();
    await expectBadge(page, "Pagamento confirmado", "blue");
    await status.selectOption({ label: "Em processamento" });
    await form.getByRole("button", { name: "Alterar situação" }).click();
    await page.getByRole("button", { name: "Confirmar: Em processamento" }).click();
    await expectBadge(page, "Em processamento", "grey");
    await status.selectOption({ label: "Produto enviado" });
    await form.getByRole("button", { name: "Alterar situação" }).click();
    await expect(form.getByText("Informe o código de rastreamento")).toBeVisible();
    await expectBadge(page, "Em processamento", "grey");
    await status.selectOption({ label: "Produto enviado" });
    await form.getByRole("textbox", { name: "Código de rastreamento" }).fill("BR987654326BR");
    await form.getByRole("button", { name: "Alterar situação" }).click();
    await page.getByRole("button", { name: "Confirmar: Produto enviado" }).click();
    await expectBadge(page, "Produto enviado", "teal");
    await expect(page.getByText("BR987654326BR")).toBeVisible();
  });
});
