import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { cartCookieValue } from "../../common/cart.ts";
import { FOUND_CEP } from "./fake-addresses.ts";
import { errorOf, expect, jsonOf, SAO_PAULO_RATE, siteUrl, test, uniqueId, waitForHydratedPage } from "./fixtures.ts";

/**
 * The cart's coupon and the Pix discount (issue 26): a buyer on a 375 px phone types a code whose minimum
 * her cart does not reach and reads why beside the field, applies one that does and sees the discount in
 * the cart's summary and the checkout's review, with the total by Pix (the shop gives 5 %), then removes
 * it; the same without JavaScript. Signed in, she applies the coupon on the order form itself and pays
 * by Pix the total with both discounts. Runs after the checkout's story, which leaves the shop open; the
 * next spec sets its own payments (and with them no Pix discount).
 */
test.describe.configure({ mode: "serial" });

type Product = { id: number; variants: { id: number }[] };
type Feature = { enabled: boolean };

const run = uniqueId().toUpperCase();
/** 10 % off from R$ 50,00: two jars of honey reach it. */
const PROMO = `PROMO${run}`;
/** From R$ 1.000,00: her cart does not reach it. */
const BIG = `GRANDE${run}`;
const PIX = { key: "pix@cooperativa-e2e.com.br", receiver_name: "Cooperativa E2E", receiver_city: "São Paulo" };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const PROMO_LINE = `Cupom ${PROMO}: − R$ 5,00`;

/** Two jars of honey (R$ 50,00) to São Paulo by the table rate (R$ 12,90). */
let cartValue = "";

test.beforeAll(async ({ playwright, superToken }) => {
  const api = await playwright.request.newContext({
    baseURL: siteUrl(),
    extraHTTPHeaders: { Authorization: `Token ${superToken}`, Accept: "application/json" },
  });
  const honey = await jsonOf<Product>(
    await api.post("/api/products", {
      data: {
        name: `Mel de florada ${run}`,
        status: "published",
        variants: [{ price_cents: 2500, stock: 50 }],
        weight_grams: 400,
      },
    }),
    201,
  );
  cartValue = cartCookieValue({
    items: [{ product_id: honey.id, variant_id: honey.variants[0]?.id ?? 0, quantity: 2 }],
    postal_code: "01310100",
    shipping: "table:entrega-padrao",
    coupon: null,
  });
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: "Cooperativa E2E",
        uf: "SP",
        city: "São Paulo",
        origin_postal_code: "01001-000",
        shipping: { table_rates: [SAO_PAULO_RATE] },
        payments: { provider: "pix", pix: PIX, pix_discount_percent: 5 },
      },
    }),
  );
  const settings = await jsonOf<{ features: Record<string, Feature> }>(await api.get("/api/settings"));
  const shop = settings.features.shop;
  if (!shop) throw new Error("settings have no shop feature");
  settings.features.shop = { ...shop, enabled: true };
  await jsonOf(await api.post("/api/settings", { data: settings }));
  await jsonOf(
    await api.post("/api/coupons", { data: { code: PROMO, kind: "percent", percent: 10, min_subtotal_cents: 5000 } }),
    201,
  );
  await jsonOf(
    await api.post("/api/coupons", {
      data: { code: BIG, kind: "fixed", amount_cents: 5000, min_subtotal_cents: 100000 },
    }),
    201,
  );
  await api.dispose();
});

async function buyer(browser: Browser, javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, baseURL: siteUrl(), locale: "pt-BR", javaScriptEnabled });
  await context.addCookies([{ name: "cms_cart", value: cartValue, url: siteUrl() }]);
  return { context, page: await context.newPage() };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** A term of a summary's list (its whole text) and its value, side by side. */
async function expectSum(page: Page, term: string, value: string) {
  const whole = new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  const terms = page.getByRole("term").filter({ hasText: whole });
  await expect(terms).toHaveCount(1);
  await expect(terms.locator("xpath=following-sibling::dd[1]")).toHaveText(value);
}

/** The cart's story, the same with and without JavaScript. */
async function couponInTheCart(page: Page, javaScript: boolean) {
  await page.goto("/loja/carrinho");
  if (javaScript) await waitForHydratedPage(page);
  const coupon = page.getByRole("form", { name: "Cupom de desconto" });
  const field = coupon.getByRole("textbox", { name: "Cupom de desconto" });

  await field.fill(BIG.toLowerCase());
  const refusal = page.waitForResponse((response) => response.request().method() === "POST");
  await coupon.getByRole("button", { name: "Aplicar" }).click();
  expect((await refusal).status()).toBe(400);
  await expect(await errorOf(field)).toHaveText("Valor mínimo de R$ 1.000,00");
  await expect(field).toHaveValue(BIG.toLowerCase());
  await expectSum(page, "Total", "R$ 62,90");
  // axe runs in the page: only where scripts do.
  if (javaScript) expect(await seriousViolations(page)).toEqual([]);

  await field.fill(` ${PROMO.toLowerCase()} `);
  await coupon.getByRole("button", { name: "Aplicar" }).click();
  await expect(coupon.getByText(PROMO_LINE)).toBeVisible();
  await expectSum(page, "Subtotal", "R$ 50,00");
  await expectSum(page, "Frete", "R$ 12,90 (Entrega padrão)");
  await expectSum(page, "Desconto do cupom", "− R$ 5,00");
  await expectSum(page, "Total", "R$ 57,90");
  // 5 % of what the items cost after the coupon (R$ 45,00), the shipping left whole.
  await expect(page.getByText("R$ 55,65 no Pix (5 % de desconto)")).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (javaScript) expect(await seriousViolations(page)).toEqual([]);

  // The checkout's review carries it, before she signs in too; at this shop every order is paid by Pix.
  await page.getByRole("link", { name: "Finalizar pedido" }).click();
  const review = page.getByRole("region", { name: "Seu pedido" });
  await expect(review.getByText(PROMO_LINE)).toBeVisible();
  await expectSum(page, "Desconto do cupom", "− R$ 5,00");
  await expectSum(page, "Desconto no Pix (5 %)", "− R$ 2,25");
  await expectSum(page, "Total", "R$ 55,65");
  await expectNoSidewaysScroll(page);

  await page.goto("/loja/carrinho");
  if (javaScript) await waitForHydratedPage(page);
  await coupon.getByRole("button", { name: `Remover o cupom ${PROMO}` }).click();
  await expect(field).toBeVisible();
  await expect(coupon.getByText(PROMO_LINE)).toHaveCount(0);
  await expect(page.getByRole("term").filter({ hasText: "Desconto do cupom" })).toHaveCount(0);
  await expectSum(page, "Total", "R$ 62,90");
  await expect(page.getByText("R$ 60,40 no Pix (5 % de desconto)")).toBeVisible();
}

test("on a phone: a refused code says why beside the field, an applied one shows its discount and the Pix total, and goes", async ({
  browser,
}) => {
  const { context, page } = await buyer(browser, true);
  await couponInTheCart(page, true);
  await context.close();
});

test("the same without JavaScript, with plain forms", async ({ browser }) => {
  const { context, page } = await buyer(browser, false);
  await couponInTheCart(page, false);
  await context.close();
});

test("signed in, she applies the coupon on the order form, keeps what she typed, and pays by Pix with both discounts", async ({
  browser,
  createUser,
}) => {
  const customer = await createUser("user");
  const { context, page } = await buyer(browser, true);
  await page.goto("/login?redirectTo=%2Floja%2Ffinalizar-pedido");
  await waitForHydratedPage(page);
  await page.getByRole("main").getByRole("textbox", { name: "E-mail", exact: true }).fill(customer.email);
  await page.getByRole("textbox", { name: "Senha" }).fill(customer.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText(`Comprando como ${customer.name}`)).toBeVisible();
  await waitForHydratedPage(page);

  const checkout = page.getByRole("form", { name: "Finalizar pedido" });
  await checkout.getByRole("textbox", { name: "CPF ou CNPJ", exact: true }).fill("529.982.247-25");
  await checkout.getByRole("textbox", { name: "Telefone com DDD", exact: true }).fill("(11) 98765-4321");
  await checkout.getByRole("textbox", { name: "CEP", exact: true }).fill("01310-100");
  await checkout.getByRole("button", { name: "Buscar" }).click();
  await expect(checkout.getByRole("textbox", { name: "Rua", exact: true })).toHaveValue(FOUND_CEP.street);
  await checkout.getByRole("textbox", { name: "Número", exact: true }).fill("1000");
  await expectSum(page, "Desconto no Pix (5 %)", "− R$ 2,50");
  await expectSum(page, "Total", "R$ 60,40");

  // Enter in the code applies it, as "Aplicar" does.
  await checkout.getByRole("textbox", { name: "Cupom de desconto" }).fill(PROMO);
  await checkout.getByRole("textbox", { name: "Cupom de desconto" }).press("Enter");
  await expect(checkout.getByText(PROMO_LINE)).toBeVisible();
  await expect(checkout.getByRole("textbox", { name: "Número", exact: true })).toHaveValue("1000");
  await expectSum(page, "Desconto do cupom", "− R$ 5,00");
  await expectSum(page, "Desconto no Pix (5 %)", "− R$ 2,25");
  await expectSum(page, "Total", "R$ 55,65");
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await checkout.getByRole("button", { name: "Confirmar pedido" }).click();
  await page.waitForURL((url) => url.pathname === "/checkout", { timeout: 0 });
  await expect(page.getByText("Total: R$ 55,65")).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code Pix para pagar R\$ 55,65 a Cooperativa E2E/ })).toBeVisible();
  await context.close();
});
