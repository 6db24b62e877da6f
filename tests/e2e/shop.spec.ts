import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectPath, jsonOf, SAO_PAULO_RATE, siteUrl, test, waitForHydratedPage } from "./fixtures.ts";
import { expectWithinPublicBudget } from "./page-budget.ts";

/**
 * The public shop's story (issue: /loja, /loja/{slug}, /loja/carrinho): a visitor on a phone sorts,
 * searches, filters, picks a size, quotes the shipping by CEP, fills the cart, changes it, and finds it
 * again a week later; the same with JavaScript switched off. The shop is closed until the first test
 * has checked its 404, then opened with 13 products; the tests run in order and only this file sells.
 */
test.describe.configure({ mode: "serial" });

type Feature = { title: string; url: string; enabled: boolean };
type Product = { id: number; name: string; url: string; variants: { id: number; options: string[] }[] };

const PHONE = {
  viewport: { width: 412, height: 839 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

const SHIRT = {
  name: "Camiseta",
  status: "published",
  summary: "Camiseta de algodão com a marca da cooperativa.",
  content: "<p>Algodão orgânico, costurada pelas cooperadas.</p>",
  tags: ["vestuário"],
  options: [{ name: "Tamanho", values: ["P", "M", "G"] }],
  variants: [
    { options: ["P"], sku: "CAM-P", price_cents: 4990, stock: 3 },
    { options: ["M"], sku: "CAM-M", price_cents: 5290, compare_at_cents: 5990, stock: 10 },
    { options: ["G"], sku: "CAM-G", price_cents: 5490, stock: 0 },
  ],
  weight_grams: 250,
};
const COFFEE = {
  name: "Café orgânico",
  status: "published",
  summary: "Café torrado e moído, 500 g.",
  tags: ["alimentos"],
  variants: [{ sku: "CAF-500", price_cents: 3290, stock: 20 }],
  weight_grams: 500,
};
const BOOKLET = {
  name: "Cartilha",
  status: "published",
  summary: "Cartilha de boas práticas.",
  tags: ["publicações", "vestuário"],
  variants: [{ sku: "CART-1", price_cents: 1500, stock: 0 }],
  weight_grams: 100,
};
const OTHERS = Array.from({ length: 10 }, (_, index) => ({
  name: `Geleia sabor ${index + 1}`,
  status: "published",
  tags: ["alimentos"],
  variants: [{ price_cents: 1200 + index * 100, stock: 5 }],
  weight_grams: 300,
}));

const seeded: Record<string, Product> = {};

async function setShop(api: APIRequestContext, enabled: boolean): Promise<void> {
  const settings = await jsonOf<{ features: Record<string, Feature> }>(await api.get("/api/settings"));
  const shop = settings.features.shop;
  if (!shop) throw new Error("settings have no shop feature");
  settings.features.shop = { ...shop, enabled };
  await jsonOf(await api.post("/api/settings", { data: settings }));
}

/** The products, São Paulo's table rate (R$ 12,90 in 3 days) and a pickup point; then the shop opens. */
async function openShop(api: APIRequestContext): Promise<void> {
  const images = [];
  for (const [background, alt] of [
    ["#2f6b3a", "Camiseta verde, frente"],
    ["#1f4f8a", "Camiseta verde, costas"],
  ] as const) {
    const buffer = await sharp({ create: { width: 600, height: 600, channels: 3, background } })
      .png()
      .toBuffer();
    const uploaded = await jsonOf<{ url: string; thumb: string }>(
      await api.post("/api/uploads/images", {
        multipart: { file: { name: "camiseta.png", mimeType: "image/png", buffer } },
      }),
      201,
    );
    images.push({ url: uploaded.url, thumb: uploaded.thumb, alt });
  }
  for (const product of [COFFEE, BOOKLET, ...OTHERS, { ...SHIRT, images }]) {
    seeded[product.name] = await jsonOf<Product>(await api.post("/api/products", { data: product }), 201);
  }
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: "Cooperativa E2E",
        uf: "SP",
        city: "São Paulo",
        origin_postal_code: "01001-000",
        shipping: {
          table_rates: [SAO_PAULO_RATE],
          pickup: { enabled: true, address: "Rua da Cooperativa, 100", delivery_days: 1 },
        },
      },
    }),
  );
  await setShop(api, true);
}

function product(name: string): Product {
  const found = seeded[name];
  if (!found) throw new Error(`${name} was not seeded`);
  return found;
}

/** Serious and critical axe violations, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
}

/** The page fits the phone's width: the header's cart link must not push the row out. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

const cartLines = (page: Page) => page.getByRole("list", { name: "Itens do carrinho" }).getByRole("listitem");
const lineOf = (page: Page, name: string) => cartLines(page).filter({ hasText: name });

test.afterAll(async ({ playwright, superToken }) => {
  // The other specs know a site without a shop (and without its menu item).
  const api = await playwright.request.newContext({
    baseURL: siteUrl(),
    extraHTTPHeaders: { Authorization: `Token ${superToken}`, Accept: "application/json" },
  });
  await setShop(api, false);
  await api.dispose();
});

test("the shop's pages are a 404 while the feature is off", async ({ page, api }) => {
  await setShop(api, false);
  for (const path of ["/loja", "/loja/carrinho", "/loja/qualquer-coisa"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Carrinho", exact: true })).toHaveCount(0);
  await openShop(api);
  expect((await page.goto("/loja"))?.status()).toBe(200);
});

test("the shop's pages stay within the public pages' JavaScript and CSS budget", async ({ page }) => {
  for (const path of ["/loja", product("Camiseta").url, "/loja/carrinho"]) await expectWithinPublicBudget(page, path);
});

test("the list and the product pages are the same for everyone, and kept by the page cache", async ({ playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL: siteUrl() });
  const shirt = product("Camiseta");
  const cookie = `cms_cart=1~01310100~~${shirt.id}.${shirt.variants[1]?.id}.4`;
  for (const path of ["/loja", shirt.url]) {
    await visitor.get(path);
    const again = await visitor.get(path, { headers: { cookie } });
    expect(again.status()).toBe(200);
    expect(again.headers()["x-page-cache"], path).toBe("hit");
    const html = await again.text();
    expect(html).not.toContain("cart-count");
    expect(html).not.toContain("Carrinho: ");
    expect(html).not.toContain("Itens do carrinho");
    expect(html).toMatch(/<a [^>]*href="\/loja\/carrinho"/);
  }
  const html = await (await visitor.get(shirt.url)).text();
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
  const data = JSON.parse(jsonLd) as { "@type": string; offers: Record<string, string>[] };
  expect(data["@type"]).toBe("Product");
  expect(data.offers.map((offer) => [offer.price, offer.priceCurrency, offer.availability])).toEqual([
    ["49.90", "BRL", "https://schema.org/InStock"],
    ["52.90", "BRL", "https://schema.org/InStock"],
    ["54.90", "BRL", "https://schema.org/OutOfStock"],
  ]);
  expect(html).toContain('property="og:title" content="Camiseta"');
  // The product's id is an address too, with the slug's page as its canonical one.
  const byId = await (await visitor.get(`/loja/${shirt.id}`)).text();
  expect(byId).toContain(`rel="canonical" href="${siteUrl()}${shirt.url}"`);
  expect(html).toMatch(/property="og:image" content="http[^"]+\/files\//);
  expect(html).toContain('property="product:price:currency" content="BRL"');
  // The cart is personal: nothing keeps it.
  const cart = await visitor.get("/loja/carrinho", { headers: { cookie } });
  expect(cart.headers()["cache-control"]).toContain("no-store");
  expect(cart.headers()["x-page-cache"]).toBeUndefined();
  expect(await cart.text()).toContain("Camiseta");
  // A product that disappeared leaves the cart with a notice, and the cookie is written without it.
  const gone = await visitor.get("/loja/carrinho", { headers: { cookie: `${cookie}_999999.999999.1` } });
  expect(await gone.text()).toContain("Um produto do seu carrinho não está mais disponível e foi retirado.");
  expect(gone.headers()["set-cookie"]).toContain(`cms_cart=1~01310100~~${shirt.id}.${shirt.variants[1]?.id}.4;`);
  await visitor.dispose();
});

test("a tag's link leaves the search behind: its count is the whole shop's", async ({ page }) => {
  await page.goto("/loja?q=cafe");
  await expect(page.getByText("1 produto encontrado")).toBeVisible();
  const clothing = page.getByRole("link", { name: /^vestuário \(2\)$/ });
  await expect(clothing).toHaveAttribute("href", "/loja?tag=vestu%C3%A1rio");
  // "Todas" only widens the search, so it keeps it.
  await expect(page.getByRole("link", { name: "Todas" })).toHaveAttribute("href", "/loja?q=cafe");
  await clothing.click();
  await expectPath(page, "/loja?tag=vestu%C3%A1rio");
  await expect(page.getByText("2 produtos encontrados")).toBeVisible();
});

test("a CEP that no rate covers says Não entregamos neste CEP, on the product page and in the cart, pickup still offered", async ({
  page,
}) => {
  await page.goto(product("Café orgânico").url);
  await waitForHydratedPage(page);
  await page.getByRole("textbox", { name: "CEP" }).fill("50010-000");
  await page.getByRole("button", { name: "Calcular frete" }).click();
  const quote = page.getByRole("status").filter({ hasText: "Frete para o CEP 50010-000" });
  await expect(quote.getByText("Não entregamos neste CEP.")).toBeVisible();
  await expect(quote.getByRole("listitem")).toHaveText([/^Retirada na loja/]);
  // A CEP of the table's state gets its delivery, and no such notice.
  await page.getByRole("textbox", { name: "CEP" }).fill("01310-100");
  await page.getByRole("button", { name: "Calcular frete" }).click();
  const paulista = page.getByRole("status").filter({ hasText: "Frete para o CEP 01310-100" });
  await expect(paulista.getByRole("listitem").filter({ hasText: "Entrega padrão" })).toBeVisible();
  await expect(paulista.getByText("Não entregamos neste CEP.")).toHaveCount(0);

  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expectPath(page, "/loja/carrinho");
  await page.getByRole("textbox", { name: "CEP" }).fill("50010-000");
  await page.getByRole("button", { name: "Calcular frete" }).click();
  const inCart = page.getByRole("status").filter({ hasText: "Frete para o CEP 50010-000" });
  await expect(inCart.getByText("Não entregamos neste CEP.")).toBeVisible();
  await expect(inCart.getByRole("radio")).toHaveCount(1);
  await expect(inCart.getByRole("radio", { name: /Retirada na loja/ })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("a visitor sorts, searches, filters, quotes the shipping and fills the cart", async ({ page, browser }) => {
    await page.goto("/loja");
    await waitForHydratedPage(page);
    await expectNoSidewaysScroll(page);
    await expect(page.getByText("13 produtos encontrados")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Paginação" })).toBeVisible();

    await page.getByRole("combobox", { name: "Ordenar por" }).selectOption({ label: "mais vendidos" });
    await expectPath(page, "/loja?q=&sort=best_sellers");
    await page.getByRole("searchbox", { name: "Buscar produtos" }).fill("cafe");
    await page.getByRole("searchbox", { name: "Buscar produtos" }).press("Enter");
    await expectPath(page, "/loja?q=cafe&sort=best_sellers");
    await expect(page.getByText("1 produto encontrado")).toBeVisible();
    await page.getByRole("link", { name: "Café orgânico" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Café orgânico" })).toBeVisible();
    await waitForHydratedPage(page);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expectPath(page, "/loja/carrinho");
    await expect(lineOf(page, "Café orgânico")).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrinho: 1 item" })).toBeVisible();

    await page.goto("/loja");
    await page.getByRole("link", { name: /^vestuário \(2\)$/ }).click();
    await expectPath(page, "/loja?tag=vestu%C3%A1rio");
    const booklet = page.getByRole("listitem").filter({ hasText: "Cartilha" });
    await expect(booklet.getByText("Esgotado")).toBeVisible();
    const cover = page.getByRole("img", { name: "Camiseta verde, frente" });
    await expect.poll(() => cover.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Camiseta" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Camiseta" })).toBeVisible();
    await waitForHydratedPage(page);
    const gallery = page.getByRole("list", { name: "Imagens do produto" });
    await gallery.getByRole("link", { name: "Ver imagem 2: Camiseta verde, costas" }).click();
    await expect(page.getByRole("img", { name: "Camiseta verde, costas", exact: true })).toBeVisible();
    const size = page.getByRole("combobox", { name: "Tamanho" });
    await expect(size.getByRole("option", { name: "G — esgotado" })).toBeDisabled();
    await size.selectOption({ label: "M — R$ 52,90" });
    await expect(page.getByText("R$ 52,90", { exact: true })).toBeVisible();
    await page.getByRole("textbox", { name: "CEP" }).fill("01310-100");
    await page.getByRole("button", { name: "Calcular frete" }).click();
    const quote = page.getByRole("status").filter({ hasText: "Frete para o CEP 01310-100" });
    await expect(quote.getByRole("listitem").filter({ hasText: "Entrega padrão" })).toContainText("R$ 12,90");
    await expect(quote.getByRole("listitem").filter({ hasText: "Entrega padrão" })).toContainText("até 3 dias úteis");
    await page.getByRole("spinbutton", { name: "Quantidade" }).fill("2");
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expectPath(page, "/loja/carrinho");
    await expect(page.getByRole("link", { name: "Carrinho: 3 itens" })).toBeVisible();

    const shirtLine = lineOf(page, "Camiseta");
    await expect(shirtLine).toContainText("Tamanho: M");
    await expect(shirtLine.getByRole("spinbutton", { name: "Quantidade" })).toHaveValue("2");
    await shirtLine.getByRole("spinbutton", { name: "Quantidade" }).fill("3");
    await shirtLine.getByRole("button", { name: "Atualizar" }).click();
    await expect(shirtLine).toContainText("R$ 158,70");
    await lineOf(page, "Café orgânico")
      .getByRole("button", { name: /^Remover Café orgânico/ })
      .click();
    await expect(cartLines(page)).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Carrinho: 3 itens" })).toBeVisible();

    // The CEP typed on the product page came along: choose the delivery here.
    await page.getByRole("radio", { name: /Entrega padrão/ }).check();
    await expect(page.getByText("R$ 12,90 (Entrega padrão)")).toBeVisible();
    await expect(page.getByText("R$ 171,60")).toBeVisible();
    await expectNoSidewaysScroll(page);

    // More than the stock is refused, in Portuguese.
    await shirtLine.getByRole("spinbutton", { name: "Quantidade" }).fill("50");
    await shirtLine.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Só há 10 unidades de Camiseta (M) em estoque; você pediu 50.").first()).toBeVisible();

    // A week later: the cookie lasts a year, and a new browser holding it finds the same cart.
    const cookies = await page.context().cookies();
    const cart = cookies.find((cookie) => cookie.name === "cms_cart");
    if (!cart) throw new Error("no cart cookie");
    const yearFromNow = Date.now() / 1000 + 365 * 24 * 60 * 60;
    expect(Math.abs(cart.expires - yearFromNow)).toBeLessThan(120);
    const later: BrowserContext = await browser.newContext({ ...PHONE, baseURL: siteUrl() });
    await later.addCookies([cart]);
    const again = await later.newPage();
    await again.goto("/loja/carrinho");
    await expect(lineOf(again, "Camiseta")).toContainText("Tamanho: M");
    await expect(lineOf(again, "Camiseta").getByRole("spinbutton", { name: "Quantidade" })).toHaveValue("3");
    await expect(again.getByText("R$ 12,90 (Entrega padrão)")).toBeVisible();
    await later.close();
  });

  test("the sold-out booklet shows Esgotado and cannot be added", async ({ page, request }) => {
    const booklet = product("Cartilha");
    await page.goto(booklet.url);
    await expect(page.getByText("Esgotado", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Adicionar ao carrinho" })).toBeDisabled();
    // Sent anyway (an old page, a hand-made form), the server refuses it.
    const refused = await request.post(booklet.url, {
      form: { intent: "add", product_id: booklet.id, variant_id: booklet.variants[0]?.id ?? 0, quantity: 1 },
      headers: { origin: siteUrl() },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Cartilha está esgotado.");
  });

  test("the list pages through its products, and the shop's pages have no serious accessibility violations", async ({
    page,
  }) => {
    await page.goto("/loja?sort=alphabetical_order");
    await expect(page.getByRole("list", { name: "Produtos" }).getByRole("listitem")).toHaveCount(12);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Página 2" }).click();
    await expectPath(page, "/loja?sort=alphabetical_order&page=2");
    await expect(page.getByRole("list", { name: "Produtos" }).getByRole("listitem")).toHaveCount(1);
    await page.goto(product("Camiseta").url);
    await expect(page.getByRole("heading", { name: "Produtos relacionados" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Produtos relacionados" })).toContainText("Cartilha");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expectPath(page, "/loja/carrinho");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test("the same story works with plain forms and links", async ({ page }) => {
    await page.goto("/loja");
    await page.getByRole("combobox", { name: "Ordenar por" }).selectOption({ label: "mais vendidos" });
    await page.getByRole("searchbox", { name: "Buscar produtos" }).fill("cafe");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expectPath(page, "/loja?q=cafe&sort=best_sellers");
    await page.getByRole("link", { name: "Café orgânico" }).click();
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expectPath(page, "/loja/carrinho");
    await expect(lineOf(page, "Café orgânico")).toBeVisible();
    // Without JavaScript the header has the plain link, no count.
    await expect(page.getByRole("link", { name: "Carrinho", exact: true })).toBeVisible();

    await page.goto("/loja?tag=vestu%C3%A1rio");
    await page.getByRole("link", { name: "Camiseta" }).click();
    await page.getByRole("combobox", { name: "Tamanho" }).selectOption({ label: "M — R$ 52,90" });
    await page.getByRole("textbox", { name: "CEP" }).fill("01310-100");
    await page.getByRole("button", { name: "Calcular frete" }).click();
    const quote = page.getByRole("status").filter({ hasText: "Frete para o CEP 01310-100" });
    await expect(quote.getByRole("listitem").filter({ hasText: "Entrega padrão" })).toContainText("R$ 12,90");
    await expect(quote).toContainText("até 3 dias úteis");
    // The form came back with what was chosen.
    await expect(page.getByRole("combobox", { name: "Tamanho" })).toHaveValue(
      String(product("Camiseta").variants[1]?.id),
    );
    await page.getByRole("spinbutton", { name: "Quantidade" }).fill("2");
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expectPath(page, "/loja/carrinho");

    const shirtLine = lineOf(page, "Camiseta");
    await shirtLine.getByRole("spinbutton", { name: "Quantidade" }).fill("3");
    await shirtLine.getByRole("button", { name: "Atualizar" }).click();
    await expect(lineOf(page, "Camiseta")).toContainText("R$ 158,70");
    await lineOf(page, "Café orgânico")
      .getByRole("button", { name: /^Remover Café orgânico/ })
      .click();
    await expect(cartLines(page)).toHaveCount(1);
    await page.getByRole("radio", { name: /Entrega padrão/ }).check();
    await page.getByRole("button", { name: "Escolher entrega" }).click();
    await expect(page.getByText("R$ 12,90 (Entrega padrão)")).toBeVisible();
    await expect(page.getByText("R$ 171,60")).toBeVisible();
    await page.getByRole("button", { name: "Esvaziar carrinho" }).click();
    await expect(page.getByText("Seu carrinho está vazio.")).toBeVisible();
  });
});
