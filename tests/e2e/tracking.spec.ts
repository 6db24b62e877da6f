import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, jsonOf, login, SAO_PAULO_RATE, siteUrl, test, uniqueId } from "./fixtures.ts";

/**
 * A customer follows her parcel: an order moved to "Produto enviado" through the REST API with a Correios
 * code shows the carrier's tracking link in 'Meus pedidos' and on the order's page. It sets up a shop of
 * its own and opens it, after the other specs that switch the shop (playwright.config.ts), and leaves it open.
 */

test.describe.configure({ mode: "serial" });

type Order = { id: number; number: number };

const id = uniqueId();
const CODE = "AA123456785BR";
const CORREIOS_PAGE = `https://rastreamento.correios.com.br/app/index.php?objetos=${CODE}`;
const customer = { name: `Rita Rastreio ${id}`, email: `rita-${id}@example.com`, password: "senha-e2e-1" };
let order: Order;

async function openShop(api: APIRequestContext): Promise<{ id: number; variants: { id: number }[] }> {
  const product = await jsonOf<{ id: number; variants: { id: number }[] }>(
    await api.post("/api/products", {
      data: {
        name: `Doce de caju ${id}`,
        status: "published",
        variants: [{ price_cents: 1800, stock: 10 }],
        weight_grams: 400,
      },
    }),
    201,
  );
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: "Cooperativa Rastreio E2E",
        uf: "SP",
        city: "São Paulo",
        origin_postal_code: "01001-000",
        shipping: {
          table_rates: [SAO_PAULO_RATE],
        },
        payments: { provider: "manual", manual: { instructions: "Pague por transferência." } },
      },
    }),
  );
  const settings = await jsonOf<{ features: Record<string, { enabled: boolean }> }>(await api.get("/api/settings"));
  const shop = settings.features.shop;
  if (!shop) throw new Error("settings have no shop feature");
  settings.features.shop = { ...shop, enabled: true };
  await jsonOf(await api.post("/api/settings", { data: settings }));
  return product;
}

test.beforeAll(async ({ playwright, superToken }) => {
  const api = await playwright.request.newContext({
    baseURL: siteUrl(),
    extraHTTPHeaders: { Authorization: `Token ${superToken}`, Accept: "application/json" },
  });
  const visitor = await playwright.request.newContext({ baseURL: siteUrl() });
  try {
    const product = await openShop(api);
    await jsonOf(await api.post("/api/users", { data: { ...customer, role: "user" } }), 201);
    const { token } = await jsonOf<{ token: string }>(
      await visitor.post("/api/auth/login", { data: { email: customer.email, password: customer.password } }),
    );
    const variant = product.variants[0];
    if (!variant) throw new Error("the product has no variant");
    const items = [{ product_id: product.id, variant_id: variant.id, quantity: 1 }];
    const headers = { Authorization: `Token ${token}` };
    const quote = await jsonOf<{ options: { code: string; provider: string }[] }>(
      await visitor.post("/api/shop/shipping/quote", { headers, data: { postal_code: "01310-100", items } }),
    );
    const shipping = quote.options.find((option) => option.provider === "table");
    if (!shipping) throw new Error(`no table rate in ${JSON.stringify(quote)}`);
    const placed = await jsonOf<{ order: Order }>(
      await visitor.post("/api/shop/checkout", {
        headers: { ...headers, cookie: `cms_cart=1~01310100~${shipping.code}~${product.id}.${variant.id}.1` },
        data: {
          name: customer.name,
          tax_id: "529.982.247-25",
          phone: "(11) 98765-4321",
          postal_code: "01310-100",
          uf: "SP",
          city: "São Paulo",
          street: "Avenida Paulista",
          number: "1000",
          shipping: shipping.code,
          idempotency_key: randomUUID(),
        },
      }),
      201,
    );
    order = placed.order;
    for (const status of ["paid", "processing"])
      await jsonOf(await api.post(`/api/orders/${order.id}/status`, { data: { status } }));
    // The code as an administrator might type it: the server keeps the Correios' own form.
    await jsonOf(
      await api.post(`/api/orders/${order.id}/status`, {
        data: { status: "sent", carrier: "correios", tracking_code: "aa 123 456 785 br" },
      }),
    );
  } finally {
    await api.dispose();
    await visitor.dispose();
  }
});

/** The link to the carrier's page: its name says it opens the carrier's site, in a new tab, with no hold on this one. */
async function expectTrackingLink(scope: Locator | Page): Promise<void> {
  const link = scope.getByRole("link", { name: "Rastrear encomenda (abre o site da transportadora em nova aba)" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", CORREIOS_PAGE);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
}

test("a customer follows her sent order from 'Meus pedidos' and from the order's page", async ({ page }) => {
  await login(page, customer.email, customer.password);
  await page.goto("/conta/pedidos");
  const table = page.getByRole("table", { name: "Meus pedidos, dos mais novos aos mais antigos" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `Nº ${order.number}`, exact: true }) });
  await expect(row.getByText(`Correios: ${CODE}`)).toBeVisible();
  await expectTrackingLink(row);

  await row.getByRole("link", { name: `Nº ${order.number}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Pedido nº ${order.number}` })).toBeVisible();
  const delivery = page.getByRole("heading", { name: "Entrega", exact: true }).locator("..");
  await expect(delivery.getByText("Correios", { exact: true })).toBeVisible();
  await expect(delivery.getByText(CODE)).toBeVisible();
  await expectTrackingLink(delivery);
});
