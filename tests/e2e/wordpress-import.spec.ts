import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { WordPressImportView } from "../../common/views/wordpress-import.ts";
import { signInWithoutJavaScript } from "./account-forms.ts";
import {
  test as base,
  expect,
  expectPath,
  jsonOf,
  login,
  waitForHydratedPage,
  waitForHydration,
  watchCspViolations,
} from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * Issue 25's story: a cooperative moves its WordPress site in through /conta/wordpress. The import
 * adds pages, news, a menu and old addresses, so it runs against a server of its own (its own data
 * folder, or its own database on PostgreSQL with TEST_DATABASE_URL), started from the global setup's
 * build, that may fetch files from 127.0.0.1 (WORDPRESS_FILES_PRIVATE_HOSTS). The old site's uploads
 * are served by a small static server here; the export the browser sends is WordPress's own
 * (tests/fixtures/wordpress/site.xml) with only its host moved to that server. The tests run in order:
 * each imports into the site the one before left.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "tests/fixtures/wordpress");
const SITE_XML = path.join(FIXTURES, "site.xml");
const PLUGINS_XML = path.join(FIXTURES, "plugins.xml");
const UPLOADS = path.join(FIXTURES, "uploads");
/** The host stock WordPress wrote the export on. */
const OLD_HOST = "http://127.0.0.1:18080";
const IMAGE_PATH = "/wp-content/uploads/2024/03/colheita-do-acai.png";
/** A whole import on a busy machine, polled by the page every 2 s. */
const IMPORT_TIME = 60_000;
const PHONE = { width: 375, height: 812 };

const SUPER = { title: "Cooperativa Mudança E2E", admin_name: "Sara Super", email: "sara@mudanca.example" };
const PASSWORD = "senha-forte-de-teste-1";
const ADMIN = { name: "Ana Admin", email: "ana@mudanca.example", password: "senha-da-ana-123", role: "admin" };

type UploadsServer = {
  origin: string;
  /** Paths asked for, as "GET /wp-content/…". */
  requests: string[];
  /** Holds every GET until the returned function is called (HEAD still answers). */
  hold(): () => void;
  close(): Promise<void>;
};

let own: OwnServer;
let site: ServerProcess;
let uploads: UploadsServer;
/** The own site's REST API, signed in as its super user. */
let siteApi: APIRequestContext;

/**
 * The own server's address as every page's base. Playwright also sets this up for beforeAll, before the
 * server is there (nothing uses it then); each test's own is set up after beforeAll has started it.
 */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(site?.url);
  },
});

test.describe.configure({ mode: "serial", timeout: 180_000 });

/** The old site's wp-content/uploads, from the fixture's folder, on a free port of 127.0.0.1. */
async function startUploadsServer(): Promise<UploadsServer> {
  const requests: string[] = [];
  let gate: Promise<void> | null = null;
  const server = http.createServer(async (request, response) => {
    const address = new URL(request.url ?? "/", "http://x").pathname;
    requests.push(`${request.method} ${address}`);
    const prefix = "/wp-content/uploads/";
    const file = path.resolve(UPLOADS, `.${address.slice(prefix.length - 1)}`);
    // Read as written (the fixture's names need no decoding), and never outside the uploads folder.
    const bytes =
      address.startsWith(prefix) && file.startsWith(`${UPLOADS}${path.sep}`)
        ? await fs.readFile(file).catch(() => null)
        : null;
    if (!bytes) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    if (request.method === "GET" && gate) await gate;
    response.writeHead(200, {
      "content-type": file.endsWith(".png") ? "image/png" : "application/octet-stream",
      "content-length": bytes.byteLength,
    });
    response.end(request.method === "HEAD" ? undefined : bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The first-time setup through its REST call, every feature switched on, and an administrator. */
async function setUpSiteForImports(url: string): Promise<string> {
  const token = await setUpSite(url, SUPER, PASSWORD);
  const headers = { "content-type": "application/json", accept: "application/json", authorization: `Token ${token}` };
  const settings = (await (await fetch(`${url}/api/settings`, { headers })).json()) as {
    features: Record<string, { enabled: boolean }>;
  };
  for (const feature of Object.values(settings.features)) feature.enabled = true;
  const saved = await fetch(`${url}/api/settings`, { method: "POST", headers, body: JSON.stringify(settings) });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const admin = await fetch(`${url}/api/users`, { method: "POST", headers, body: JSON.stringify(ADMIN) });
  expect(admin.status, await admin.clone().text()).toBe(201);
  return token;
}

test.beforeAll(async ({ playwright }) => {
  uploads = await startUploadsServer();
  own = await startOwnServer("wordpress-import", { WORDPRESS_FILES_PRIVATE_HOSTS: "127.0.0.1" });
  site = own.server;
  const token = await setUpSiteForImports(site.url);
  siteApi = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
});

test.afterAll(async () => {
  await siteApi?.dispose();
  await own?.close();
  await uploads?.close();
});

// The server's own account of a failure: the import runs in the background, its errors are in the log.
test.afterEach(async ({ baseURL: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && site) {
    await testInfo.attach("server-log", { body: await tail(site.logPath), contentType: "text/plain" });
  }
});

/** WordPress's export with its host moved to the uploads server, in the test's output folder. */
async function movedExport(testInfo: { outputPath(...parts: string[]): string }): Promise<string> {
  const text = await fs.readFile(SITE_XML, "utf8");
  const file = testInfo.outputPath("site.xml");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text.replaceAll(OLD_HOST, uploads.origin));
  return file;
}

/** The imports the server keeps, newest first. */
const importsOf = async () => jsonOf<WordPressImportView[]>(await siteApi.get("/api/wordpress-imports"));

/** Sends the files from /conta/wordpress and lands on the new import's page, its preview. */
async function sendForPreview(page: Page, exportFile: string, files: "site" | "none" = "site"): Promise<string> {
  const form = page.getByRole("form", { name: "Enviar arquivos do WordPress" });
  await form.getByLabel("Exportação do WordPress (.xml)").setInputFiles(exportFile);
  if (files === "none") await form.getByRole("radio", { name: "Não importar os arquivos (imagens e anexos)" }).check();
  else await expect(form.getByRole("radio", { name: "Baixar do site antigo (ele ainda está no ar)" })).toBeChecked();
  await form.getByRole("button", { name: "Ver prévia" }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(/^\/conta\/wordpress\/\d+$/);
  await expect(page.getByRole("button", { name: "Importar agora" })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The counts' table, one record per kind: its cells by their column's heading. */
async function countsOf(page: Page): Promise<Record<string, Record<string, string>>> {
  const table = page.getByRole("main").getByRole("table");
  const headings = (await table.locator("thead th").allTextContents()).map((text) => text.trim());
  const counts: Record<string, Record<string, string>> = {};
  for (const row of await table.locator("tbody tr").all()) {
    const cells = (await row.locator("td").allTextContents()).map((text) => text.trim());
    const record = Object.fromEntries(headings.map((heading, index) => [heading, cells[index] ?? ""]));
    counts[record["O quê"] ?? ""] = record;
  }
  return counts;
}

/** The path and query of an address. */
const pathOfUrl = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

const status = (page: Page) => page.getByRole("main").getByRole("status");
const DONE = /^Importação concluída em .+\.$/;

/** A visitor's phone, its pages checked against the site's Content-Security-Policy like the fixture's. */
async function visitorOn(browser: Browser): Promise<{ context: BrowserContext; page: Page; done(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: site.url, viewport: PHONE, locale: "pt-BR" });
  const page = await context.newPage();
  const violations = await watchCspViolations(page);
  return {
    context,
    page,
    async done() {
      await context.close();
      expect(violations(), "Content-Security-Policy violations").toEqual([]);
    },
  };
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("an administrator previews the old site, imports it watching the progress, and a visitor finds it all at the new addresses", async ({
    page,
    browser,
  }, testInfo) => {
    const exportFile = await movedExport(testInfo);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/conta");
    // The whole page hydrated, not only the button: a link clicked before then may be lost.
    await waitForHydratedPage(page);
    await page.getByRole("button", { name: "Abrir o menu da conta" }).click();
    await page
      .getByRole("navigation", { name: "Minha conta" })
      .getByRole("link", { name: "Importar do WordPress" })
      .click();
    await expectPath(page, "/conta/wordpress");
    await expect(page.getByRole("heading", { level: 1, name: "Importar do WordPress" })).toBeVisible();
    await waitForHydration(page.getByRole("button", { name: "Ver prévia" }));

    const importPath = await sendForPreview(page, exportFile);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Importação de Cooperativa Vale Verde" })).toBeVisible();
    const preview = await countsOf(page);
    expect(preview.Páginas?.["No arquivo"]).toBe("4");
    expect(preview["Arquivos e imagens"]?.["No arquivo"]).toBe("1");
    expect(Number(preview.Notícias?.["No arquivo"])).toBeGreaterThanOrEqual(20);
    expect(Number(preview["Itens de menu"]?.["No arquivo"])).toBeGreaterThan(0);
    expect(Number(preview["Endereços antigos redirecionados"]?.["No arquivo"])).toBeGreaterThan(0);
    // Nothing is written before the go-ahead, and the preview found the image on the old site.
    expect(Object.keys(Object.values(preview)[0] ?? {})).toEqual(["O quê", "No arquivo"]);
    await expect(main.getByRole("heading", { name: /^Arquivos que não puderam ser lidos/ })).toHaveCount(0);
    await expect(main.getByRole("heading", { name: /^Não importados/ })).toBeVisible();
    expect(uploads.requests).toContain(`HEAD ${IMAGE_PATH}`);
    expect(uploads.requests).not.toContain(`GET ${IMAGE_PATH}`);
    expect((await page.request.get("/sobre")).status()).toBe(404);
    // The old site's static front page will be the home.
    await expect(main.getByText("A página “Início” do WordPress será a página inicial do site (/).")).toBeVisible();

    // The old site is slow to send its image: the import waits for it, and the page says where it is.
    const release = uploads.hold();
    const start = main.getByRole("button", { name: "Importar agora" });
    await waitForHydration(start);
    await start.click();
    const progress = main.getByRole("progressbar", { name: "Progresso da importação" });
    // Nothing done while the image is on its way (the bar's filled part is then 0 px wide).
    await expect(progress).toHaveAttribute("aria-valuenow", "0");
    await expect(status(page)).toHaveText(/^(Começando|Arquivos e imagens): 0 de \d+$/);
    await expect.poll(() => uploads.requests).toContain(`GET ${IMAGE_PATH}`);
    expect(pathOfUrl(page.url())).toBe(importPath);
    // Without JavaScript the running import's page offers to be reloaded.
    const html = await (await page.request.get(importPath)).text();
    expect(html).toMatch(/<noscript>.*Atualizar o progresso.*<\/noscript>/s);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    release();
    await expect(status(page)).toHaveText(DONE, { timeout: IMPORT_TIME });
    // The page followed the import by itself, without a reload.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    const done = await countsOf(page);
    expect(Object.keys(done.Páginas ?? {})).toEqual(["O quê", "No arquivo", "Novos", "Atualizados", "Sem mudança"]);
    expect(done.Páginas?.Novos).toBe("4");
    expect(done["Arquivos e imagens"]?.Novos).toBe("1");
    expect(done.Notícias?.Novos).toBe(done.Notícias?.["No arquivo"]);
    await expect(main.getByRole("heading", { name: /^Arquivos que não puderam ser lidos/ })).toHaveCount(0);
    await expect(
      main.getByText("A página “Início” do WordPress passou a ser a página inicial do site (/)."),
    ).toBeVisible();

    const visitor = await visitorOn(browser);
    const visit = visitor.page;
    await visit.goto("/sobre");
    await expect(visit.getByRole("heading", { level: 1, name: "Sobre a cooperativa" })).toBeVisible();
    await expect(visit.getByRole("main")).toContainText("A Cooperativa Vale Verde foi fundada em 12 de março de 1998");

    // The news, newest first, twelve a page; the draft and the private post are not published.
    await visit.goto("/noticias");
    const list = visit.getByRole("main");
    await expect(list.getByRole("article")).toHaveCount(12);
    await expect(list.getByRole("article").first()).toContainText("Feira de economia solidária em Belém");
    await expect(list.getByRole("link", { name: "Colheita recorde de açaí em 2024" })).toBeVisible();
    await expect(list.getByText("Rascunho: relatório anual")).toHaveCount(0);
    await expect(list.getByText("Ata interna da diretoria")).toHaveCount(0);
    await visit.goto("/noticias?page=2");
    await expect(list.getByRole("link", { name: "Assembleia geral aprova as contas de 2023" })).toBeVisible();

    // The featured image is the news item's picture on the list, with the text WordPress had for it.
    await visit.goto("/noticias");
    const card = list.getByRole("article").filter({ hasText: "Colheita recorde de açaí em 2024" });
    const picture = card.getByRole("img", { name: "Cestos de açaí na colheita" });
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await list.getByRole("link", { name: "Colheita recorde de açaí em 2024" }).click();
    await expectPath(visit, "/noticias/colheita-recorde-de-acai-em-2024");
    await expect(visit.getByRole("heading", { level: 1, name: "Colheita recorde de açaí em 2024" })).toBeVisible();
    const article = visit.getByRole("main");
    // The cover, and the image in the text (in its caption, and again as the gallery), each with its text.
    const pictures = article.getByRole("img", { name: "Cestos de açaí na colheita" });
    await expect(pictures).toHaveCount(3);
    const cover = pictures.first();
    for (const image of await pictures.all()) {
      await expect(image).toHaveAttribute("src", /^\/files\/images\//);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(article).not.toContainText(OLD_HOST);
    await expect(article).not.toContainText(uploads.origin);
    const coverSrc = await cover.getAttribute("src");
    // The caption sits under its picture, on a phone as on a computer.
    const figure = article.getByRole("figure").filter({ hasText: "Cestos na colheita" });
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await visit.setViewportSize(viewport);
      await figure.scrollIntoViewIfNeeded();
      const image = await figure.getByRole("img").boundingBox();
      const caption = await figure.getByText("Cestos na colheita").boundingBox();
      expect(
        image && caption && caption.y >= image.y + image.height,
        `caption under the image at ${viewport.width} px`,
      ).toBe(true);
    }
    await visit.setViewportSize(PHONE);

    // The header's menu is the old site's main navigation (its block theme's), its news entry once:
    // the site's own.
    await waitForHydratedPage(visit);
    await visit.getByRole("button", { name: "Abrir menu" }).click();
    const nav = visit.getByRole("dialog").getByRole("navigation", { name: "Menu principal" });
    await expect(nav.getByRole("link", { name: "Início", exact: true })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Sobre", exact: true })).toHaveAttribute("href", "/sobre");
    await expect(nav.getByRole("link", { name: "Notícias", exact: true })).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "Notícias", exact: true })).toHaveAttribute("href", "/noticias");
    await expect(nav.getByRole("link", { name: "Contato", exact: true })).toHaveAttribute("href", "/sobre#contato");
    // A link to a section of /sobre opens the page at that section.
    await nav.getByRole("link", { name: "Transparência", exact: true }).click();
    await expect.poll(() => pathOfUrl(visit.url()) + new URL(visit.url()).hash).toBe("/sobre#transparencia");
    await expect(visit.getByRole("heading", { level: 1, name: "Sobre a cooperativa" })).toBeVisible();
    await expect(visit.getByRole("heading", { level: 2, name: "Governança e transparência" })).toBeInViewport();
    await expect(visit.getByRole("heading", { level: 2, name: "Missão, visão e valores" })).not.toBeInViewport();
    // Also as a link followed from elsewhere, before the page comes to life.
    const section = await visitor.context.newPage();
    await section.goto("/sobre#servicos");
    await expect(section.getByRole("heading", { level: 2, name: "Serviços" })).toBeInViewport();
    await section.close();

    // The home is the old site's front page.
    await visit.goto("/");
    await expect(visit.getByRole("heading", { level: 1, name: "Início" })).toBeVisible();
    await expect(visit.getByRole("main")).toContainText("Bem-vindo à Cooperativa Vale Verde");

    // The old addresses answer 301 to the new ones.
    const nested = await visit.goto("/quem-somos/historia-e-missao/");
    expect((await nested?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(pathOfUrl(visit.url())).toBe("/historia-e-missao");
    await expect(visit.getByRole("heading", { level: 1, name: "História e missão" })).toBeVisible();
    const frontById = await visit.goto("/?page_id=44");
    expect((await frontById?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(pathOfUrl(visit.url())).toBe("/");
    const pageById = await visit.goto("/?p=45");
    expect((await pageById?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(pathOfUrl(visit.url())).toBe("/sobre");
    const byId = await visit.goto("/?p=46");
    expect((await byId?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(pathOfUrl(visit.url())).toBe("/noticias/assembleia-geral-aprova-as-contas-de-2023");
    await expect(
      visit.getByRole("heading", { level: 1, name: "Assembleia geral aprova as contas de 2023" }),
    ).toBeVisible();
    const oldImage = await visit.request.get(IMAGE_PATH, { maxRedirects: 0 });
    expect(oldImage.status()).toBe(301);
    expect(oldImage.headers().location).toBe(coverSrc);
    const image = await visit.request.get(IMAGE_PATH);
    expect(image.headers()["content-type"]).toBe("image/png");
    await visitor.done();
  });
});

test("importing the same export again changes nothing and duplicates nothing", async ({ page, browser }, testInfo) => {
  const exportFile = await movedExport(testInfo);
  const imagesFetched = uploads.requests.filter((request) => request === `GET ${IMAGE_PATH}`).length;
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/conta/wordpress");
  await waitForHydration(page.getByRole("button", { name: "Ver prévia" }));
  await sendForPreview(page, exportFile);
  const main = page.getByRole("main");
  // Every item keeps the address it was given the first time, and the home the one it has.
  await expect(main.getByRole("heading", { name: /^Endereços trocados/ })).toHaveCount(0);
  await expect(
    main.getByText(
      "A página inicial do site continua como está; a página “Início”, a inicial do WordPress, entra como uma página comum.",
    ),
  ).toBeVisible();
  const start = main.getByRole("button", { name: "Importar agora" });
  await waitForHydration(start);
  await start.click();
  await expect(status(page)).toHaveText(DONE, { timeout: IMPORT_TIME });

  const counts = await countsOf(page);
  expect(Object.keys(counts)).toEqual(
    expect.arrayContaining(["Páginas", "Notícias", "Arquivos e imagens", "Itens de menu"]),
  );
  for (const [kind, row] of Object.entries(counts)) {
    expect.soft(row.Novos, `${kind}: Novos`).toBe("0");
    expect.soft(row.Atualizados, `${kind}: Atualizados`).toBe("0");
    expect.soft(row["Sem mudança"], `${kind}: Sem mudança`).toBe(row["No arquivo"]);
  }
  // The image already here is not fetched again.
  expect(uploads.requests.filter((request) => request === `GET ${IMAGE_PATH}`)).toHaveLength(imagesFetched);

  const pages = await jsonOf<{ data: { title: string }[] }>(await siteApi.get("/api/pages?per_page=100"));
  expect(pages.data.filter((item) => item.title === "Sobre a cooperativa")).toHaveLength(1);
  const titles = pages.data.map((item) => item.title);
  expect(titles).toEqual([...new Set(titles)]);
  const visitor = await visitorOn(browser);
  await visitor.page.goto("/sobre");
  await expect(visitor.page.getByRole("heading", { level: 1, name: "Sobre a cooperativa" })).toBeVisible();
  expect((await visitor.page.request.get("/sobre-2")).status()).toBe(404);
  await visitor.page.goto("/busca?q=Sobre%20a%20cooperativa");
  await expect(
    visitor.page.getByRole("main").getByRole("link", { name: "Sobre a cooperativa", exact: true }),
  ).toHaveCount(1);
  await visitor.done();
});

test("a WooCommerce and The Events Calendar export without its files puts the shop's products on sale and the events on the agenda", async ({
  page,
  browser,
}) => {
  const requestsBefore = uploads.requests.length;
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/conta/wordpress");
  await waitForHydration(page.getByRole("button", { name: "Ver prévia" }));
  await sendForPreview(page, PLUGINS_XML, "none");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Importação de Loja da Cooperativa" })).toBeVisible();
  const preview = await countsOf(page);
  // Geleia de cupuaçu, Cesto de palha and the draft Doce em teste; the three events with a date.
  expect(preview.Produtos?.["No arquivo"]).toBe("3");
  expect(preview.Eventos?.["No arquivo"]).toBe("3");
  const skipped = main.getByRole("region", { name: /^Não importados/ });
  await expect(skipped).toContainText("Kit presente: Produto agrupado: os produtos do grupo são importados um a um.");
  await expect(skipped).toContainText("Livro na livraria parceira: Produto externo, vendido em outro site.");
  await expect(skipped).toContainText("Evento sem data: O evento não tem data de início legível.");
  // A variation's GTIN whose check digit is wrong is left empty, and said.
  await expect(main.getByRole("region", { name: /^Dados fiscais deixados em branco/ })).toContainText(
    "Cesto de palha: GTIN da variação Tingido de urucum / Pequeno “7891000000030”",
  );

  const start = main.getByRole("button", { name: "Importar agora" });
  await waitForHydration(start);
  await start.click();
  await expect(status(page)).toHaveText(DONE, { timeout: IMPORT_TIME });
  const done = await countsOf(page);
  expect(done.Produtos?.Novos).toBe("3");
  expect(done.Eventos?.Novos).toBe("3");
  await expect(main.getByRole("region", { name: /^Não importados/ })).toContainText("Kit presente");
  // "Não importar os arquivos": the old site was not asked for anything.
  expect(uploads.requests).toHaveLength(requestsBefore);

  const visitor = await visitorOn(browser);
  const shop = visitor.page;
  await shop.goto("/loja");
  await shop.getByRole("main").getByRole("link", { name: "Cesto de palha" }).first().click();
  await expectPath(shop, "/loja/cesto-de-palha");
  const product = shop.getByRole("main");
  await expect(product.getByRole("heading", { level: 1, name: "Cesto de palha" })).toBeVisible();
  // The first variant in stock, its price as reais.
  await expect(product.getByText("R$ 45,00", { exact: true }).first()).toBeVisible();
  const choice = product.getByRole("combobox", { name: "Cor / Tamanho" });
  await expect(choice.getByRole("option")).toHaveText([
    "Natural / Pequeno — R$ 45,00",
    "Natural / Grande — esgotado",
    "Tingido de urucum / Pequeno — R$ 50,00",
    "Tingido de urucum / Grande — R$ 80,00",
  ]);
  await expect(choice.getByRole("option", { name: "Natural / Grande — esgotado" })).toBeDisabled();
  await waitForHydratedPage(shop);
  await choice.selectOption({ label: "Tingido de urucum / Grande — R$ 80,00" });
  await expect(product.getByText("R$ 80,00", { exact: true }).first()).toBeVisible();
  await product.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expectPath(shop, "/loja/carrinho");
  await expect(shop.getByRole("main")).toContainText("Cesto de palha");

  // A simple product on sale: "de" the regular price "por" the sale price.
  await shop.goto("/loja/geleia-de-cupuacu");
  await expect(shop.getByRole("heading", { level: 1, name: "Geleia de cupuaçu" })).toBeVisible();
  await expect(shop.getByRole("main").getByRole("deletion").first()).toContainText("R$ 32,90");
  await expect(shop.getByRole("main").getByText("R$ 28,90", { exact: true }).first()).toBeVisible();
  expect((await shop.request.get("/loja/doce-em-teste")).status()).toBe(404);

  // The events of 2024 are past ones; the draft is not on the agenda.
  await shop.goto("/agenda");
  const past = shop.getByRole("region", { name: "Eventos passados" });
  await expect(past.getByRole("link", { name: "Assembleia geral ordinária 2024" })).toBeVisible();
  await expect(past.getByRole("link", { name: "Dia de campo: manejo do açaizal" })).toBeVisible();
  await expect(shop.getByRole("main").getByText("Feira em planejamento")).toHaveCount(0);
  await past.getByRole("link", { name: "Assembleia geral ordinária 2024" }).click();
  await expectPath(shop, "/agenda/assembleia-geral-2024");
  await expect(shop.getByRole("main")).toContainText("Barracão da Cooperativa");
  await visitor.done();
});

test.describe("a file that is not an export, and the import without JavaScript", () => {
  const notAnExport = async (testInfo: { outputPath(...parts: string[]): string }) => {
    const file = testInfo.outputPath("exportacao.xml");
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, "Lista de associados para a assembleia de março.\nAna, Bruno, Carla\n");
    return file;
  };
  const refusal = (page: Page) => page.getByRole("main").getByRole("alert").filter({ hasText: "Nada foi importado" });

  test("a text file named .xml is refused in Portuguese and nothing is imported", async ({ page }, testInfo) => {
    const before = (await importsOf()).length;
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/conta/wordpress");
    await waitForHydration(page.getByRole("button", { name: "Ver prévia" }));
    const form = page.getByRole("form", { name: "Enviar arquivos do WordPress" });
    await form.getByLabel("Exportação do WordPress (.xml)").setInputFiles(await notAnExport(testInfo));
    await form.getByRole("button", { name: "Ver prévia" }).click();
    await expect(refusal(page)).toContainText("O arquivo não é um XML válido");
    await expectPath(page, "/conta/wordpress");
    expect(await importsOf()).toHaveLength(before);
  });

  /** The longest a visitor's page waited while `work` ran: one request after the other, each timed. */
  async function slowestVisitDuring(work: () => Promise<void>): Promise<number> {
    let slowest = 0;
    let visiting = true;
    const visits = (async () => {
      while (visiting) {
        const asked = performance.now();
        expect((await fetch(`${site.url}/contato`)).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      await work();
    } finally {
      visiting = false;
      await visits;
    }
    return slowest;
  }

  const hostileExport = async (testInfo: { outputPath(...parts: string[]): string }, name: string, item: string) => {
    const file = testInfo.outputPath(name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      '<?xml version="1.0" encoding="UTF-8" ?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
        'xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Site antigo</title>' +
        `<wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>${OLD_HOST}</wp:base_site_url>${item}</channel></rss>`,
    );
    return file;
  };

  test("an export nested millions deep is refused in Portuguese, and visitors are answered meanwhile", async ({
    page,
  }, testInfo) => {
    const before = (await importsOf()).length;
    // 21 MB of nested elements: the report's export that took 1.2 GB and held the server.
    const depth = 3_000_000;
    const nested = await hostileExport(
      testInfo,
      "aninhado.xml",
      `<item><title>Aninhado</title>${"<x>".repeat(depth)}${"</x>".repeat(depth)}</item>`,
    );
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/conta/wordpress");
    await waitForHydration(page.getByRole("button", { name: "Ver prévia" }));
    const form = page.getByRole("form", { name: "Enviar arquivos do WordPress" });
    const slowest = await slowestVisitDuring(async () => {
      await form.getByLabel("Exportação do WordPress (.xml)").setInputFiles(nested);
      await form.getByRole("button", { name: "Ver prévia" }).click();
      await expect(refusal(page)).toContainText(
        "O arquivo tem elementos dentro de elementos em mais de 32 níveis, o que uma exportação do WordPress nunca tem",
        { timeout: 60_000 },
      );
    });
    testInfo.annotations.push({ type: "slowest visit meanwhile (ms)", description: slowest.toFixed(0) });
    expect(slowest).toBeLessThan(3_000);
    await expectPath(page, "/conta/wordpress");
    expect(await importsOf()).toHaveLength(before);
  });

  test("an old post of [a] × 128,000 is imported as its text, and visitors are answered meanwhile", async ({
    page,
  }, testInfo) => {
    const post =
      "<item><title>Post antigo de colchetes</title><link>" +
      `${OLD_HOST}/post-antigo-de-colchetes/</link><content:encoded><![CDATA[<p>Início ${"[a]".repeat(128_000)} fim</p>]]></content:encoded>` +
      "<wp:post_id>9001</wp:post_id><wp:post_date>2024-03-01 10:00:00</wp:post_date>" +
      "<wp:post_date_gmt>2024-03-01 13:00:00</wp:post_date_gmt><wp:post_name>post-antigo-de-colchetes</wp:post_name>" +
      "<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>";
    const file = await hostileExport(testInfo, "colchetes.xml", post);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/conta/wordpress");
    await waitForHydration(page.getByRole("button", { name: "Ver prévia" }));
    const slowest = await slowestVisitDuring(async () => {
      await sendForPreview(page, file, "none");
      await page.getByRole("button", { name: "Importar agora" }).click();
      await expect(status(page)).toHaveText(DONE, { timeout: IMPORT_TIME });
    });
    testInfo.annotations.push({ type: "slowest visit meanwhile (ms)", description: slowest.toFixed(0) });
    expect(slowest).toBeLessThan(3_000);
    // Imported, or (longer than a post may be) left out with its reason in the report: never a stuck import.
    const [done] = await importsOf();
    const created = done?.report.result?.created.post ?? 0;
    const skipped = done?.report.skipped.filter((item) => item.title === "Post antigo de colchetes") ?? [];
    expect(created + skipped.length).toBe(1);
    if (created === 1) {
      const visitor = await fetch(`${site.url}/noticias/post-antigo-de-colchetes`);
      expect(visitor.status).toBe(200);
      expect(await visitor.text()).toContain(`Início ${"[a]".repeat(20)}`);
    } else expect(skipped[0]?.reason).toMatch(/[a-zà-ú]/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the upload, the preview and the import work as plain forms, the progress seen by reloading", async ({
      page,
    }, testInfo) => {
      const before = (await importsOf()).length;
      await signInWithoutJavaScript(page, ADMIN.email, ADMIN.password, "/conta/wordpress");
      const form = page.getByRole("form", { name: "Enviar arquivos do WordPress" });
      await form.getByLabel("Exportação do WordPress (.xml)").setInputFiles(await notAnExport(testInfo));
      await form.getByRole("button", { name: "Ver prévia" }).click();
      await expect(refusal(page)).toContainText("O arquivo não é um XML válido");
      expect(await importsOf()).toHaveLength(before);

      const importPath = await sendForPreview(page, await movedExport(testInfo));
      expect((await importsOf())[0]?.status).toBe("previewed");
      expect((await countsOf(page)).Páginas?.["No arquivo"]).toBe("4");
      await page.getByRole("button", { name: "Importar agora" }).click();
      await expectPath(page, importPath);
      // The page does not follow the import by itself: it says so, and is reloaded until the end.
      const deadline = Date.now() + IMPORT_TIME;
      let reloads = 0;
      for (; ; reloads++) {
        const text = (await status(page).textContent()) ?? "";
        if (DONE.test(text)) break;
        expect(text).toMatch(/^(Começando|[^:]+): \d+ de \d+$/);
        // Its link, as HTML: whether the browser parsed the noscript's content or kept it as text.
        const noscript = await page
          .locator("main noscript")
          .evaluateAll((elements) => elements.map((element) => element.innerHTML).join(" "));
        expect(noscript).toMatch(new RegExp(`<a [^>]*href="${importPath}"[^>]*>.*Atualizar o progresso</a>`, "s"));
        expect(Date.now()).toBeLessThan(deadline);
        await page.waitForTimeout(1000);
        await page.reload();
      }
      // A quick import may be over before its page first shows: how many reloads it took, in the report.
      testInfo.annotations.push({ type: "reloads until done", description: String(reloads) });
      const counts = await countsOf(page);
      expect(counts.Páginas?.["Sem mudança"]).toBe("4");
      expect(counts.Páginas?.Novos).toBe("0");
      expect((await importsOf())[0]?.status).toBe("done");
    });
  });
});
