import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
import pg from "pg";
import { cartCookieValue } from "../../common/cart.ts";
import { openBeforeHydration } from "./before-hydration.ts";
import { FOUND_CEP } from "./fake-addresses.ts";
import { type Account, expect, expectPath, jsonOf, pathOf, siteUrl, test, uniqueId } from "./fixtures.ts";
import { childEnv, freePort, type ServerProcess, spawnServer, stopServer } from "./server-process.ts";

/**
 * Issue 24: what a person types, chooses or ticks on a public page before it comes to life (a slow phone
 * still downloading the scripts) survives the moment it does, what depends on it follows, and sending
 * the form sends it. Each kind of public form is used while the app's scripts are held back
 * (tests/e2e/before-hydration.ts, which also fails on a hydration mismatch), then let through. A double
 * click on a submit button, before or after then, does no harm. Runs after the other specs that switch
 * the shop (playwright.config.ts): it sets a shop of its own and leaves it open.
 */
type Product = { id: number; name: string; url: string; variants: { id: number; options: string[] }[] };
type Settings = { email: string; features: Record<string, { enabled: boolean }> };
type Outbox = { data: { kind: string; to: string; text: string }[] };

const run = uniqueId();
const SENT = "Sua mensagem foi enviado. Em breve entraremos em contato. Obrigado!";
/** Created in this order, so the newest first is Zeta, Alfa, Camiseta and the alphabetical order another. */
const NAMES = { shirt: `Camiseta ${run}`, alfa: `Alfa ${run}`, zeta: `Zeta ${run}` };
const STANDARD = { name: "Entrega padrão", code: "table:entrega-padrao" };
let shirt: Product;
let alfa: Product;

async function adminApi(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  token: string,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL: siteUrl(),
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
}

async function createProduct(api: APIRequestContext, data: object): Promise<Product> {
  return jsonOf<Product>(
    await api.post("/api/products", { data: { status: "published", weight_grams: 400, ...data } }),
    201,
  );
}

test.beforeAll(async ({ playwright, superToken }) => {
  const api = await adminApi(playwright, superToken);
  shirt = await createProduct(api, {
    name: NAMES.shirt,
    options: [{ name: "Tamanho", values: ["P", "G"] }],
    variants: [
      { options: ["P"], price_cents: 3000, stock: 10 },
      { options: ["G"], price_cents: 4500, stock: 10 },
    ],
  });
  alfa = await createProduct(api, { name: NAMES.alfa, variants: [{ price_cents: 1000, stock: 50 }] });
  await createProduct(api, { name: NAMES.zeta, variants: [{ price_cents: 2000, stock: 50 }] });
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: "Cooperativa Antes da Hidratação",
        uf: "SP",
        city: "São Paulo",
        origin_postal_code: "01001-000",
        shipping: {
          table_rates: [
            {
              name: STANDARD.name,
              region: { kind: "uf", uf: "SP" },
              min_weight_grams: 0,
              max_weight_grams: 30000,
              price_cents: 1290,
              delivery_days: 3,
            },
            {
              name: "Entrega expressa",
              region: { kind: "uf", uf: "SP" },
              min_weight_grams: 0,
              max_weight_grams: 30000,
              price_cents: 2990,
              delivery_days: 1,
            },
          ],
        },
        payments: {
          provider: "pix",
          pix: { key: "pix@cooperativa-e2e.com.br", receiver_name: "Cooperativa E2E", receiver_city: "São Paulo" },
        },
      },
    }),
  );
  const settings = await jsonOf<Settings>(await api.get("/api/settings"));
  for (const key of ["shop", "medias"]) {
    const feature = settings.features[key];
    if (!feature) throw new Error(`settings have no ${key} feature`);
    settings.features[key] = { ...feature, enabled: true };
  }
  await jsonOf(await api.post("/api/settings", { data: settings }));
  for (const [title, type] of [
    [NAMES.alfa, "book"],
    [NAMES.zeta, "map"],
  ] as const) {
    await jsonOf(await api.post("/api/medias", { data: { title, type, status: "published" } }), 201);
  }
  await api.dispose();
});

const variantOf = (product: Product, option?: string) => {
  const variant = option ? product.variants.find((each) => each.options.includes(option)) : product.variants[0];
  if (!variant) throw new Error(`${product.name} has no variant ${option ?? ""}`);
  return variant.id;
};

/** A browser of its own, with a cart in its cookie when given one. */
async function browse(browser: Browser, cart?: Parameters<typeof cartCookieValue>[0]): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: siteUrl(), locale: "pt-BR" });
  if (cart) await context.addCookies([{ name: "cms_cart", value: cartCookieValue(cart), url: siteUrl() }]);
  return context;
}

/** Signs the browser in through the REST API, which answers with the session cookie. */
async function signIn(context: BrowserContext, account: Account): Promise<void> {
  await jsonOf(
    await context.request.post("/api/auth/login", { data: { email: account.email, password: account.password } }),
  );
}

/**
 * A slow connection: the server gets each post to `pathname` at once, the browser its answer a moment
 * later, so a second click lands while the first post is on its way, as a hurried double click on a slow
 * phone does. (Two clicks in the same instant are one post: the browser replaces a form submission it
 * has not started yet.) Answers the number of posts sent, as plain forms or by React Router.
 */
async function slowAnswers(page: Page, pathname: string): Promise<() => number> {
  // Once the page runs, React Router posts to the route's data address.
  const paths = [pathname, pathname === "/" ? "/_.data" : `${pathname}.data`];
  let posts = 0;
  await page.route(
    (url) => paths.includes(url.pathname),
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      posts++;
      // Sent from here rather than by route.fetch, whose cookie jar is the browser's: a session cookie
      // from the answer the browser drops would otherwise count.
      const request = route.request();
      const sent = request.postDataBuffer();
      const answer = await fetch(request.url(), {
        method: "POST",
        headers: await request.allHeaders(),
        body: sent === null ? null : new Uint8Array(sent),
        redirect: "manual",
      });
      const body = Buffer.from(await answer.arrayBuffer());
      const headers = Object.fromEntries(
        [...answer.headers].filter(([name]) => !["content-encoding", "content-length", "set-cookie"].includes(name)),
      );
      const cookies = answer.headers.getSetCookie();
      if (cookies.length > 0) headers["set-cookie"] = cookies.join("\n");
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The browser drops the first post's answer once the second is sent.
      await route.fulfill({ status: answer.status, headers, body }).catch(() => {});
    },
  );
  return () => posts;
}

/**
 * Two clicks on a submit button, the second while the first one's post is still on its way (the mouse's
 * own clicks: a locator's click would wait for the page the first one leads to).
 */
async function clickTwice(button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error("the button is not on the page");
  const mouse = button.page().mouse;
  await mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Every e-mail of `kind` to `to` once the ones on their way are written (the reset link is, after the answer). */
async function mailsTo(api: APIRequestContext, kind: string, to: string, expected: number): Promise<Outbox["data"]> {
  const read = async () =>
    (await jsonOf<Outbox>(await api.get(`/api/mail/outbox?q=${encodeURIComponent(to)}&per_page=100`))).data.filter(
      (mail) => mail.kind === kind && mail.to === to,
    );
  await expect.poll(async () => (await read()).length).toBe(expected);
  // A second one would come right after the first: give it the time to show up.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const mails = await read();
  expect(mails).toHaveLength(expected);
  return mails;
}

async function contactsFrom(api: APIRequestContext, email: string): Promise<unknown[]> {
  return (await jsonOf<{ data: unknown[] }>(await api.get(`/api/contacts?q=${encodeURIComponent(email)}`))).data;
}

const textbox = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });

test.describe("sign-in, sign-up and password forms", () => {
  test("the footer's contact form: typed, then sent twice by a hurried double click before the page runs, is one message", async ({
    page,
    api,
  }) => {
    const sender = {
      name: `Visitante ${run}`,
      email: `visitante-${run}@example.com`,
      message: `Olá, antes da hora ${run}.`,
    };
    await openBeforeHydration(page, "/busca");
    const posts = await slowAnswers(page, "/contato");
    const form = page.getByRole("form", { name: "Formulário de contato" });
    await textbox(form, "Nome").fill(sender.name);
    await textbox(form, "E-mail").fill(sender.email);
    await textbox(form, "Mensagem").fill(sender.message);
    await clickTwice(form.getByRole("button", { name: "ENVIAR" }));
    await expectPath(page, "/contato");
    await expect(page.getByRole("alert").filter({ hasText: SENT })).toBeVisible();
    expect(posts()).toBe(2);
    expect(await contactsFrom(api, sender.email)).toEqual([expect.objectContaining(sender)]);
  });

  test("/contato: typed before the page runs, kept once it does, sent once by a double click while it sends", async ({
    page,
    api,
  }) => {
    const sender = {
      name: `Pessoa ${run}`,
      email: `pessoa-contato-${run}@example.com`,
      message: `Segunda mensagem ${run}.`,
    };
    const { hydrate } = await openBeforeHydration(page, "/contato");
    const form = page.getByRole("form", { name: "Formulário de contato" });
    await textbox(form, "Nome").fill(sender.name);
    await textbox(form, "E-mail").fill(sender.email);
    await textbox(form, "Mensagem").fill(sender.message);
    await hydrate();
    await expect(textbox(form, "Nome")).toHaveValue(sender.name);
    await expect(textbox(form, "E-mail")).toHaveValue(sender.email);
    await expect(textbox(form, "Mensagem")).toHaveValue(sender.message);
    const send = form.getByRole("button", { name: "ENVIAR" });
    await expect(send).toBeEnabled();
    const posts = await slowAnswers(page, "/contato");
    await send.dblclick();
    await expect(page.getByText(SENT)).toBeVisible();
    await expect(textbox(form, "Mensagem")).toHaveValue("");
    expect(posts()).toBeGreaterThanOrEqual(1);
    expect(await contactsFrom(api, sender.email)).toEqual([expect.objectContaining(sender)]);
  });

  test("login: what was typed before the page runs stays, and signs in", async ({ page, createUser }) => {
    const user = await createUser("user");
    const { hydrate } = await openBeforeHydration(page, "/login");
    const form = page.getByRole("form", { name: "Entrar" });
    await textbox(form, "E-mail").fill(user.email);
    await textbox(form, "Senha").fill(user.password);
    await hydrate();
    await expect(textbox(form, "E-mail")).toHaveValue(user.email);
    await expect(textbox(form, "Senha")).toHaveValue(user.password);
    await form.getByRole("button", { name: "Mostrar senha" }).click();
    await expect(textbox(form, "Senha")).toHaveAttribute("type", "text");
    await form.getByRole("button", { name: "Entrar" }).click();
    await expectPath(page, "/");
    expect(await jsonOf<{ email: string }>(await page.request.get("/api/profile"))).toMatchObject({
      email: user.email,
    });
  });

  test("/criar-conta: typed before the page runs, kept once it does; a double click makes one account, signed in", async ({
    page,
    api,
  }) => {
    const email = `nova-${run}@example.com`;
    const { hydrate } = await openBeforeHydration(page, "/criar-conta");
    const form = page.getByRole("form", { name: "Criar conta" });
    const typed: [string, string][] = [
      ["Nome", "Neide Nova"],
      ["E-mail", email],
      ["Senha", "senha-da-neide-1"],
      ["Confirmação da senha", "senha-da-neide-1"],
      ["CPF ou CNPJ", "529.982.247-25"],
      ["Telefone com DDD", "(11) 98765-4321"],
      ["Organização (opcional)", "Coop Neide"],
    ];
    for (const [name, value] of typed) await textbox(form, name).fill(value);
    await hydrate();
    for (const [name, value] of typed) await expect(textbox(form, name)).toHaveValue(value);
    await slowAnswers(page, "/criar-conta");
    await form.getByRole("button", { name: "Criar conta" }).dblclick();
    await expectPath(page, "/conta");
    await expect(page.getByText("Conta criada. Boas-vindas!")).toBeVisible();
    const users = await jsonOf<{ data: { email: string }[] }>(
      await api.get(`/api/users?q=${encodeURIComponent(email)}`),
    );
    expect(users.data.map((user) => user.email)).toEqual([email]);
  });

  test("/esqueci-minha-senha: typed and sent twice before the page runs, one e-mail with one link", async ({
    page,
    api,
    createUser,
  }) => {
    const user = await createUser("user");
    await openBeforeHydration(page, "/esqueci-minha-senha");
    const posts = await slowAnswers(page, "/esqueci-minha-senha");
    const form = page.getByRole("form", { name: "Esqueci minha senha" });
    await textbox(form, "E-mail").fill(user.email);
    await clickTwice(form.getByRole("button", { name: "Enviar link" }));
    await expect(page.getByRole("alert").filter({ hasText: "O link vale por uma hora" })).toBeVisible();
    expect(posts()).toBe(2);
    await mailsTo(api, "password-reset", user.email, 1);
  });

  test("/redefinir-senha: the new password typed before the page runs stays, and is the one set", async ({
    page,
    api,
    createUser,
    request,
  }) => {
    const user = await createUser("user");
    await jsonOf(await request.post("/api/auth/password-reset", { data: { email: user.email } }), 202);
    const [mail] = await mailsTo(api, "password-reset", user.email, 1);
    const link = /\/redefinir-senha\?token=[\w-]+/.exec(mail?.text ?? "")?.[0];
    if (!link) throw new Error("no reset link in the e-mail");
    const { hydrate } = await openBeforeHydration(page, link);
    const form = page.getByRole("form", { name: "Redefinir senha" });
    await textbox(form, "Nova senha").fill("nova-senha-antes-1");
    await textbox(form, "Confirmação da nova senha").fill("nova-senha-antes-1");
    await hydrate();
    await expect(textbox(form, "Nova senha")).toHaveValue("nova-senha-antes-1");
    await expect(textbox(form, "Confirmação da nova senha")).toHaveValue("nova-senha-antes-1");
    await form.getByRole("button", { name: "Salvar nova senha" }).click();
    await expectPath(page, "/conta");
    await jsonOf(
      await request.post("/api/auth/login", { data: { email: user.email, password: "nova-senha-antes-1" } }),
    );
  });
});

test("the first-time setup: typed and ticked before the page runs, then sent twice by a hurried double click, sets the site up once and signs in", async ({
  page,
}) => {
  // A server of its own on a new data folder (or database): the shared fresh one is setup.spec.ts's.
  test.setTimeout(180_000);
  const site = process.env.E2E_SITE_DIR;
  if (!site) throw new Error("E2E_SITE_DIR is set by tests/e2e/global-setup.ts");
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-e2e-setup-"));
  const env: NodeJS.ProcessEnv = { ...childEnv(), DATA_DIR: workDir, LOG_LEVEL: "warn", RENDER_WORKERS: "0" };
  delete env.BASE_URL;
  delete env.FILES_URL;
  delete env.DATABASE_URL;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : null;
  const database = `cms_e2e_setup_${randomBytes(6).toString("hex")}`;
  let server: ServerProcess | null = null;
  try {
    if (admin && serverUrl) {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      env.DATABASE_URL = url.toString();
    }
    server = await spawnServer({
      site,
      name: "setup",
      port: await freePort(),
      env,
      logPath: path.join(workDir, "server.log"),
    });

    const { hydrate } = await openBeforeHydration(page, `${server.url}/`);
    const form = page.getByRole("form", { name: "Configuração inicial" });
    const typed: [string, string][] = [
      ["Título do site", "Cooperativa Apressada"],
      ["Nome do administrador", "Clara Admin"],
      ["E-mail", "clara@example.com"],
      ["Senha", "segredo-clara-1"],
      ["Confirmação da senha", "segredo-clara-1"],
    ];
    for (const [name, value] of typed) await textbox(form, name).fill(value);
    await form.getByRole("checkbox", { name: "Usar este e-mail como e-mail público de contato" }).check();
    const posts = await slowAnswers(page, "/");
    await clickTwice(form.getByRole("button", { name: "Salvar" }));
    await expect.poll(() => new URL(page.url()).pathname).toBe("/conta/settings");
    expect(posts()).toBe(2);
    await hydrate();
    await expect(page.getByText("Configurações cadastradas com sucesso!")).toBeVisible();
    const settings = await jsonOf<Settings>(await page.request.get(`${server.url}/api/settings`));
    expect(settings.email).toBe("clara@example.com");
  } finally {
    if (server) await stopServer(server);
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    await fs.rm(workDir, { recursive: true, force: true });
  }
});

test.describe("search and lists", () => {
  test("the header's search: typed before the page runs, kept once it does, and searched", async ({ page }) => {
    const { hydrate } = await openBeforeHydration(page, "/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Buscar" });
    await box.fill(NAMES.zeta);
    await hydrate();
    await expect(box).toHaveValue(NAMES.zeta);
    await box.press("Enter");
    await expectPath(page, `/busca?q=${encodeURIComponent(NAMES.zeta).replaceAll("%20", "+")}`);
    await expect(page.getByRole("link", { name: NAMES.zeta }).first()).toBeVisible();
    await expect(page.getByRole("banner").getByRole("searchbox", { name: "Buscar" })).toHaveValue(NAMES.zeta);
  });

  test("/biblioteca: words typed and a type chosen before the page runs stay, and the list follows the type", async ({
    page,
  }) => {
    const { hydrate } = await openBeforeHydration(page, "/biblioteca");
    const filters = page.getByRole("search", { name: "Filtros da biblioteca" });
    await filters.getByRole("searchbox", { name: "Buscar na biblioteca" }).fill(run);
    await filters.getByRole("combobox", { name: "Tipo de material" }).selectOption("map");
    await hydrate();
    await expect(filters.getByRole("searchbox", { name: "Buscar na biblioteca" })).toHaveValue(run);
    await expect(filters.getByRole("combobox", { name: "Tipo de material" })).toHaveValue("map");
    // The chosen type applies once the page runs, with the words typed beside it.
    await expect.poll(() => new URL(page.url()).searchParams.get("type")).toBe("map");
    expect(new URL(page.url()).searchParams.get("q")).toBe(run);
    const results = page.getByRole("list", { name: "Itens encontrados" });
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results).toContainText(NAMES.zeta);
  });

  test("/loja: an order chosen before the page runs applies once it does", async ({ page }) => {
    const { hydrate } = await openBeforeHydration(page, `/loja?q=${run}`);
    const names = page.getByRole("list", { name: "Produtos" }).getByRole("heading");
    await expect(names).toHaveText([NAMES.zeta, NAMES.alfa, NAMES.shirt]);
    const order = page.getByRole("combobox", { name: "Ordenar por" });
    await order.selectOption({ label: "ordem alfabética" });
    await hydrate();
    await expect(order).toHaveValue("alphabetical_order");
    await expect(names).toHaveText([NAMES.alfa, NAMES.shirt, NAMES.zeta]);
    await expect(page.getByRole("searchbox", { name: "Buscar produtos" })).toHaveValue(run);
  });
});

test.describe("buying", () => {
  test("the product page: the variant, quantity and CEP chosen before the page runs stay; the price follows; they are sent", async ({
    page,
  }) => {
    const { hydrate } = await openBeforeHydration(page, shirt.url);
    const form = page.getByRole("form", { name: "Comprar" });
    const size = form.getByRole("combobox", { name: "Tamanho" });
    // The price line under the title (the related products' come after it).
    const price = page
      .getByRole("main")
      .getByRole("paragraph")
      .filter({ hasText: /^R\$ \d/ })
      .first();
    await expect(price).toHaveText("R$ 30,00");
    await size.selectOption({ label: "G — R$ 45,00" });
    await form.getByRole("spinbutton", { name: "Quantidade" }).fill("3");
    await textbox(form, "CEP").fill("01310-100");
    await hydrate();
    await expect(size).toHaveValue(String(variantOf(shirt, "G")));
    await expect(price).toHaveText("R$ 45,00");
    await expect(form.getByRole("spinbutton", { name: "Quantidade" })).toHaveValue("3");
    await expect(textbox(form, "CEP")).toHaveValue("01310-100");
    await form.getByRole("button", { name: "Calcular frete" }).click();
    await expect(form.getByRole("status").filter({ hasText: "Frete para o CEP 01310-100" })).toContainText(
      STANDARD.name,
    );
    await expect(size).toHaveValue(String(variantOf(shirt, "G")));
    await form.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expectPath(page, "/loja/carrinho");
    const line = page
      .getByRole("list", { name: "Itens do carrinho" })
      .getByRole("listitem")
      .filter({ hasText: NAMES.shirt });
    await expect(line).toContainText("Tamanho: G");
    await expect(line.getByRole("spinbutton", { name: "Quantidade" })).toHaveValue("3");
  });

  test("the cart: a delivery chosen before the page runs applies once it does, and a quantity typed then stays to be sent", async ({
    browser,
  }) => {
    const context = await browse(browser, {
      items: [
        { product_id: shirt.id, variant_id: variantOf(shirt, "P"), quantity: 1 },
        { product_id: alfa.id, variant_id: variantOf(alfa), quantity: 1 },
      ],
      postal_code: FOUND_CEP.cep,
      shipping: STANDARD.code,
      coupon: null,
    });
    const page = await context.newPage();
    const { hydrate } = await openBeforeHydration(page, "/loja/carrinho");
    const totals = page.getByRole("definition");
    await expect(totals.filter({ hasText: "R$ 12,90 (Entrega padrão)" })).toBeVisible();
    await page.getByRole("radio", { name: /Entrega expressa/ }).check();
    const alfaLine = page
      .getByRole("list", { name: "Itens do carrinho" })
      .getByRole("listitem")
      .filter({ hasText: NAMES.alfa });
    await alfaLine.getByRole("spinbutton", { name: "Quantidade" }).fill("2");
    await hydrate();
    await expect(page.getByRole("radio", { name: /Entrega expressa/ })).toBeChecked();
    // R$ 40,00 of items and the express delivery, saved with the cart.
    await expect(totals.filter({ hasText: "R$ 29,90 (Entrega expressa)" })).toBeVisible();
    await expect(totals.filter({ hasText: "R$ 69,90" })).toBeVisible();
    await expect(alfaLine.getByRole("spinbutton", { name: "Quantidade" })).toHaveValue("2");
    await alfaLine.getByRole("button", { name: "Atualizar" }).click();
    await expect(totals.filter({ hasText: "R$ 79,90" })).toBeVisible();
    await page.reload();
    await expect(totals.filter({ hasText: "R$ 29,90 (Entrega expressa)" })).toBeVisible();
    await context.close();
  });

  test("the checkout's sign-up: typed and sent twice before the page runs, one account, signed in on the checkout", async ({
    browser,
  }) => {
    const context = await browse(browser, {
      items: [{ product_id: alfa.id, variant_id: variantOf(alfa), quantity: 1 }],
      postal_code: null,
      shipping: null,
      coupon: null,
    });
    const page = await context.newPage();
    await openBeforeHydration(page, "/loja/finalizar-pedido");
    const posts = await slowAnswers(page, "/loja/finalizar-pedido");
    const form = page.getByRole("form", { name: "Criar conta" });
    await textbox(form, "Nome").fill("Vera Veloz");
    await textbox(form, "E-mail").fill(`vera-${run}@example.com`);
    await textbox(form, "Senha").fill("senha-da-vera-1");
    await textbox(form, "Confirmação da senha").fill("senha-da-vera-1");
    await textbox(form, "CPF ou CNPJ").fill("529.982.247-25");
    await textbox(form, "Telefone com DDD").fill("(11) 98765-4321");
    await clickTwice(form.getByRole("button", { name: "Criar conta e continuar" }));
    await expect(page.getByText("Comprando como Vera Veloz")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(posts()).toBe(2);
    await context.close();
  });

  test("the checkout: the buyer's details, the address and the delivery chosen before the page runs stay, the cities and the total follow, and the order has them", async ({
    browser,
    createUser,
  }) => {
    const customer = await createUser("user");
    const cart = {
      items: [
        { product_id: shirt.id, variant_id: variantOf(shirt, "G"), quantity: 1 },
        { product_id: alfa.id, variant_id: variantOf(alfa), quantity: 2 },
      ],
      postal_code: FOUND_CEP.cep,
      shipping: null,
      coupon: null,
    };
    const context = await browse(browser, cart);
    await signIn(context, customer);
    const page = await context.newPage();
    const before = await openBeforeHydration(page, "/loja/finalizar-pedido");
    const form = page.getByRole("form", { name: "Finalizar pedido" });
    const typed: [string, string][] = [
      ["CPF ou CNPJ", "529.982.247-25"],
      ["Telefone com DDD", "(11) 98765-4321"],
      ["Rua", FOUND_CEP.street],
      ["Número", "1000"],
      ["Complemento", "sala 4"],
      ["Bairro", FOUND_CEP.neighborhood],
    ];
    for (const [name, value] of typed) await textbox(form, name).fill(value);
    const state = form.getByRole("combobox", { name: "Estado" });
    const city = form.getByRole("combobox", { name: "Cidade" });
    await state.selectOption({ label: "São Paulo" });
    await expect(city.getByRole("option", { name: "São Paulo" })).toHaveCount(0);
    await expect(form.getByRole("radio", { name: /Entrega padrão/ })).toBeChecked();
    await form.getByRole("radio", { name: /Entrega expressa/ }).check();
    await before.hydrate();
    for (const [name, value] of typed) await expect(textbox(form, name)).toHaveValue(value);
    await expect(state).toHaveValue("SP");
    await expect(city.getByRole("option", { name: "São Paulo" })).toHaveCount(1);
    await expect(form.getByRole("radio", { name: /Entrega expressa/ })).toBeChecked();
    // R$ 65,00 of items and the express delivery.
    const totals = form.getByRole("definition");
    await expect(totals.filter({ hasText: "R$ 29,90 (Entrega expressa)" })).toBeVisible();
    await expect(totals.filter({ hasText: "R$ 94,90" })).toBeVisible();
    await city.selectOption({ label: "São Paulo" });
    await form.getByRole("button", { name: "Confirmar pedido" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout", { timeout: 0 });
    await expect(page.getByText("Total: R$ 94,90")).toBeVisible();

    // The payment page: nothing on it to lose, and it comes to life as drawn.
    const payment = pathOf(page);
    const again = await openBeforeHydration(page, payment);
    await again.hydrate();
    await expect(page.getByRole("button", { name: "Copiar código" })).toBeVisible();

    // Next time, her saved address chosen before the page runs stays chosen, and is used.
    await context.addCookies([{ name: "cms_cart", value: cartCookieValue(cart), url: siteUrl() }]);
    const next = await openBeforeHydration(page, "/loja/finalizar-pedido");
    const saved = page.getByRole("group", { name: "Endereços salvos" }).getByRole("radio");
    await saved.check();
    await textbox(form, "Complemento").fill("");
    await next.hydrate();
    await expect(saved).toBeChecked();
    await form.getByRole("button", { name: "Usar este endereço" }).click();
    await expect(textbox(form, "Complemento")).toHaveValue("sala 4");
    await context.close();
  });
});

test("the phone menu: a tap before the page runs opens it, and its links come in as soon as the page runs", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: siteUrl(),
    locale: "pt-BR",
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  const { hydrate } = await openBeforeHydration(page, "/busca");
  const burger = page.getByRole("button", { name: "Abrir menu" });
  // The browser opens it (an invoker command), and HTML allows no aria-expanded beside that command.
  await expect(burger).toHaveAttribute("command", "show-modal");
  await expect(burger).not.toHaveAttribute("aria-expanded");
  await burger.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("status")).toHaveText("Carregando o menu…");
  await hydrate();
  await expect(
    drawer.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Minha conta" }),
  ).toBeVisible();
  await expect(burger).toHaveAttribute("aria-expanded", "true");
  await drawer.getByRole("button", { name: "Fechar menu" }).click();
  await expect(drawer).toBeHidden();
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await context.close();
});
