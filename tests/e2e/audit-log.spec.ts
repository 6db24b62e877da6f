import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequest, APIRequestContext, Locator, Page } from "@playwright/test";
import { cartCookieValue, emptyCart } from "../../common/cart.ts";
import { RECIFE_SHOP_SETTINGS } from "../support/shop-fixture.ts";
import { signInWithoutJavaScript } from "./account-forms.ts";
import {
  errorOf,
  expect,
  expectPath,
  jsonOf,
  login,
  test,
  uniqueId,
  waitForHydratedPage,
  waitForHydration,
} from "./fixtures.ts";
import { setUpSite, startOwnServer } from "./own-server.ts";
import { CONFIGURED_URL, SITE_ADMIN } from "./site.ts";

// The audit log of /conta/auditoria: the site's super user changes things, finds each change in the log by
// its filters (person, action, record, days), reads what changed, and follows the entry to the record; on a
// phone, under axe, and without JavaScript. Administrators have no way in.

type Created = { id: number; slug: string; url: string };
type Redirect = { id: number; from: string };

const PHONE = { width: 375, height: 800 };
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

const auditTable = (page: Page) =>
  page.getByRole("table", { name: "Registro de auditoria, das entradas mais novas às mais antigas" });
const filtersOf = (page: Page) => page.getByRole("search", { name: "Filtrar o registro de auditoria" });

async function makePage(api: APIRequestContext, id: string): Promise<Created> {
  const page = await jsonOf<Created>(
    await api.post("/api/pages", { data: { title: `Estatuto ${id}`, slug: `estatuto-${id}`, status: "published" } }),
    201,
  );
  await jsonOf(
    await api.put(`/api/pages/${page.id}`, {
      data: { title: `Estatuto social ${id}`, slug: page.slug, status: "published" },
    }),
  );
  return page;
}

/** A session's API token, from a context of its own (the caller's keeps its own session). */
async function tokenOf(request: APIRequest, url: string, email: string, password: string): Promise<string> {
  const anonymous = await request.newContext({ baseURL: url });
  try {
    return (await jsonOf<{ token: string }>(await anonymous.post("/api/auth/login", { data: { email, password } })))
      .token;
  } finally {
    await anonymous.dispose();
  }
}

async function deleteRedirects(api: APIRequestContext, text: string) {
  const { data } = await jsonOf<{ data: Redirect[] }>(await api.get(`/api/redirects?q=${encodeURIComponent(text)}`));
  for (const redirect of data) await api.delete(`/api/redirects/${redirect.id}`);
}

/** Every axe violation, one readable line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the super user finds her changes by person, action and record, reads them and opens the record", async ({
    page,
    api,
  }) => {
    const id = uniqueId();
    const record = await makePage(api, id);
    try {
      await login(page, SITE_ADMIN.email, SITE_ADMIN.password);
      // A change made on a screen: a redirect to the page.
      await page.goto("/conta/redirects/new");
      const form = page.getByRole("form", { name: "Novo redirecionamento" });
      await waitForHydration(form.getByRole("button", { name: "Salvar" }));
      await form.getByRole("textbox", { name: "Endereço antigo" }).fill(`/estatuto-antigo-${id}`);
      await form.getByRole("textbox", { name: "Leva para" }).fill(record.url);
      await form.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, "/conta/redirects");

      await page.goto("/conta");
      await page.getByRole("button", { name: "Abrir o menu da conta" }).click();
      await page.getByRole("navigation", { name: "Minha conta" }).getByRole("link", { name: "Auditoria" }).click();
      await expectPath(page, "/conta/auditoria");
      await expect(page.getByRole("heading", { name: "Auditoria", level: 1 })).toBeVisible();

      const filters = filtersOf(page);
      await waitForHydration(filters.getByRole("button", { name: "Filtrar" }));
      // A person is named with her e-mail and number: a name alone could be anyone's.
      const person = filters.getByRole("combobox", { name: "Pessoa" });
      const herself = person.locator("option", { hasText: `${SITE_ADMIN.admin_name} (${SITE_ADMIN.email}, nº ` });
      await person.selectOption((await herself.getAttribute("value")) ?? "");
      await filters.getByRole("combobox", { name: "Ação" }).selectOption({ label: "Redirecionamento criado" });
      await filters.getByRole("textbox", { name: "De" }).fill(today());
      await filters.getByRole("button", { name: "Filtrar" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("action")).toBe("redirect.created");
      const redirectRow = auditTable(page)
        .getByRole("row")
        .filter({ hasText: `/estatuto-antigo-${id}` });
      await expect(redirectRow).toHaveCount(1);
      await expect(redirectRow).toContainText(SITE_ADMIN.admin_name);
      await expect(redirectRow).toContainText(`Leva para: (vazio) → ${record.url}`);

      await filters.getByRole("combobox", { name: "Ação" }).selectOption({ label: "Todas as ações" });
      await filters.getByRole("combobox", { name: "Registro" }).selectOption({ label: "Página" });
      await filters.getByRole("textbox", { name: "Id do registro" }).fill(String(record.id));
      await filters.getByRole("button", { name: "Filtrar" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("record_id")).toBe(String(record.id));
      const rows = auditTable(page).locator("tbody tr");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText("Página alterada");
      await expect(rows.nth(0)).toContainText(`Título: Estatuto ${id} → Estatuto social ${id}`);
      await expect(rows.nth(1)).toContainText("Página criada");
      const exported = page.getByRole("link", { name: "Exportar CSV" });
      await expect(exported).toHaveAttribute("href", new RegExp(`^/api/audit/export\\.csv\\?.*record_id=${record.id}`));
      await expect(exported).toHaveAttribute("href", /record_kind=page/);

      // The phone's page never scrolls sideways, and axe finds nothing.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await axeViolations(page)).toEqual([]);

      await rows
        .nth(0)
        .getByRole("link", { name: `Estatuto social ${id}` })
        .click();
      await expectPath(page, `/conta/pages/${record.id}/edit`);
    } finally {
      await deleteRedirects(api, `estatuto-antigo-${id}`);
      await api.delete(`/api/pages/${record.id}`);
    }
  });
});

test("an administrator renamed 'Sistema' is named by e-mail and number, never as the system; a sign-in and an image's description read as what they are", async ({
  page,
  playwright,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  await jsonOf(
    await api.put(`/api/users/${admin.id}`, { data: { name: "Sistema", email: admin.email, role: "admin" } }),
  );
  // Her own sign-in: an event, by a person whatever her name.
  const anonymous = await playwright.request.newContext({ baseURL: CONFIGURED_URL });
  const { token } = await jsonOf<{ token: string }>(
    await anonymous.post("/api/auth/login", { data: { email: admin.email, password: admin.password } }),
  );
  await anonymous.dispose();
  const hers = await playwright.request.newContext({
    baseURL: CONFIGURED_URL,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  const product = {
    name: `Mel ${id}`,
    status: "draft",
    images: [{ url: `/files/images/mel-${id}.webp`, thumb: null, alt: "" }],
    variants: [{ price_cents: 2500, stock: 4 }],
  };
  const created = await jsonOf<{ id: number }>(await hers.post("/api/products", { data: product }), 201);
  try {
    await jsonOf(
      await hers.put(`/api/products/${created.id}`, {
        data: { ...product, images: [{ ...product.images[0], alt: "Pote de mel" }] },
      }),
    );
    await login(page, SITE_ADMIN.email, SITE_ADMIN.password);

    await page.goto(`/conta/auditoria?record_kind=product&record_id=${created.id}`);
    const edited = auditTable(page).getByRole("row").filter({ hasText: "Produto alterado" });
    await expect(edited).toContainText("Imagens 1 › Descrição: (vazio) → Pote de mel");
    await expect(edited).not.toContainText("Nenhum campo alterado");
    await expect(edited).toContainText(`${admin.email} · usuário nº ${admin.id}`);

    await page.goto(`/conta/auditoria?record_kind=auth&from=${today()}`);
    const signedIn = auditTable(page)
      .getByRole("row")
      .filter({ hasText: "Entrada de administrador" })
      .filter({
        hasText: `usuário nº ${admin.id}`,
      });
    await expect(signedIn).toHaveCount(1);
    await expect(signedIn).toContainText("Sistema");
    await expect(signedIn).toContainText(`E-mail: ${admin.email}`);
    await expect(signedIn).not.toContainText("(vazio) →");
    await expect(signedIn.getByText("Automático")).toHaveCount(0);
    const person = filtersOf(page).getByRole("combobox", { name: "Pessoa" });
    await expect(person.locator("option", { hasText: `Sistema (${admin.email}, nº ${admin.id})` })).toHaveCount(1);
  } finally {
    await api.delete(`/api/products/${created.id}`);
    await hers.dispose();
    await api.delete(`/api/users/${admin.id}`);
  }
});

test("beside the system's own entry, an administrator renamed 'Sistema' still reads as a person: the system has no e-mail or number", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  // A site of its own: its shop sells seeds for nothing, and an order with nothing to pay is confirmed
  // by the system itself (server/modules/orders/place-order.ts), an entry made by no one.
  const own = await startOwnServer("audit-system");
  const url = own.server.url;
  const owner = { title: "Cooperativa Auditoria E2E", admin_name: "Sara Super", email: "sara@auditoria.example" };
  const password = "senha-forte-de-teste-1";
  const admin = { name: "Ana Admin", email: "ana@auditoria.example", password: "senha-da-ana-123", role: "admin" };
  const buyer = { name: "Maria da Silva", email: "maria@auditoria.example", password: "senha-da-maria-123" };
  const ownerApi = await playwright.request.newContext({
    baseURL: url,
    extraHTTPHeaders: { Authorization: `Token ${await setUpSite(url, owner, password)}`, Accept: "application/json" },
  });
  const context = await browser.newContext({ baseURL: url });
  try {
    const settings = await jsonOf<{ features: Record<string, { enabled: boolean }> }>(
      await ownerApi.get("/api/settings"),
    );
    for (const feature of Object.values(settings.features)) feature.enabled = true;
    await jsonOf(await ownerApi.post("/api/settings", { data: settings }));
    const pickup = { enabled: true, address: "Rua do Sol, 20 - Santo Antônio", instructions: "", delivery_days: 1 };
    await jsonOf(
      await ownerApi.put("/api/shop/settings", {
        data: { ...RECIFE_SHOP_SETTINGS, shipping: { ...RECIFE_SHOP_SETTINGS.shipping, pickup } },
      }),
    );
    const seeds = await jsonOf<{ id: number; variants: { id: number }[] }>(
      await ownerApi.post("/api/products", {
        data: {
          name: "Sementes crioulas (doação)",
          status: "published",
          weight_grams: 500,
          variants: [{ price_cents: 0, stock: 10 }],
        },
      }),
      201,
    );
    await jsonOf(await ownerApi.post("/api/users", { data: { ...buyer, role: "user" } }), 201);
    const renamed = await jsonOf<{ id: number }>(await ownerApi.post("/api/users", { data: admin }), 201);
    await jsonOf(
      await ownerApi.put(`/api/users/${renamed.id}`, { data: { name: "Sistema", email: admin.email, role: "admin" } }),
    );
    // Her sign-in, an entry by a person named "Sistema".
    await tokenOf(playwright.request, url, admin.email, admin.password);

    const cart = cartCookieValue({
      ...emptyCart,
      items: [{ product_id: seeds.id, variant_id: seeds.variants[0]?.id ?? 0, quantity: 2 }],
    });
    const buyerApi = await playwright.request.newContext({
      baseURL: url,
      extraHTTPHeaders: {
        Authorization: `Token ${await tokenOf(playwright.request, url, buyer.email, buyer.password)}`,
        Accept: "application/json",
        Cookie: `cms_cart=${cart}`,
      },
    });
    const placed = await jsonOf<{ order: { status: string } }>(
      await buyerApi.post("/api/shop/checkout", {
        data: {
          postal_code: "50010-000",
          uf: "PE",
          city: "Recife",
          street: "Rua da Aurora",
          number: "100",
          name: buyer.name,
          tax_id: "529.982.247-25",
          phone: "(81) 98765-4321",
          shipping: "pickup",
          expected_total_cents: 0,
          idempotency_key: randomUUID(),
        },
      }),
      201,
    );
    await buyerApi.dispose();
    expect(placed.order.status).toBe("paid");

    const page = await context.newPage();
    await login(page, owner.email, password);
    await page.goto(`/conta/auditoria?from=${today()}`);
    const rows = auditTable(page).locator("tbody tr");
    const who = (row: Locator) => row.locator('td[data-label="Quem"]');
    // The system: marked as such, with no e-mail and no number, as no person's entry can be.
    const bySystem = rows.filter({ hasText: "Situação do pedido alterada" });
    await expect(bySystem).toHaveCount(1);
    await expect(who(bySystem).getByText("Automático", { exact: true })).toBeVisible();
    await expect(who(bySystem)).toHaveText(/^\s*Automático\s*Sistema\s*$/);
    // The administrator named "Sistema": her e-mail and number, never the system's mark.
    const byHer = rows.filter({ hasText: "Entrada de administrador" }).filter({ hasText: `usuário nº ${renamed.id}` });
    await expect(byHer).toHaveCount(1);
    await expect(who(byHer)).toContainText("Sistema");
    await expect(who(byHer)).toContainText(`${admin.email} · usuário nº ${renamed.id}`);
    await expect(who(byHer).getByText("Automático")).toHaveCount(0);
    // The person filter lists her by e-mail and number; the system is no person to pick.
    const person = filtersOf(page).getByRole("combobox", { name: "Pessoa" });
    await expect(person.locator("option", { hasText: "Sistema" })).toHaveText([
      `Sistema (${admin.email}, nº ${renamed.id})`,
    ]);
  } finally {
    await context.close();
    await ownerApi.dispose();
    await own.close();
  }
});

test("an administrator has no audit log: no link, and the screen refuses her", async ({ page, createUser }) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto("/conta");
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await expect(sidebar.getByRole("link", { name: "Configurações" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Auditoria" })).toHaveCount(0);
  const response = await page.goto("/conta/auditoria");
  expect(response?.status()).toBe(403);
  expect((await page.request.get("/api/audit")).status()).toBe(403);
});

test("the audit log's period is a super user's setting: refused out of range, read only by administrators", async ({
  page,
  browser,
  api,
  createUser,
}) => {
  const { audit_retention_days: days } = await jsonOf<{ audit_retention_days: number }>(
    await api.get("/api/settings/security"),
  );
  await login(page, SITE_ADMIN.email, SITE_ADMIN.password);
  await page.goto("/conta/settings");
  await waitForHydratedPage(page);
  const form = page.getByRole("form", { name: "Configurações" });
  const period = form.getByRole("textbox", { name: "Guardar o registro de auditoria por (dias)" });
  await expect(period).toHaveValue(String(days));
  await expect(
    form.getByRole("checkbox", { name: "Exigir verificação em duas etapas para administradores" }),
  ).toBeVisible();
  await period.fill("20");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(await errorOf(period)).toHaveText("Informe de 30 a 3650 dias");
  expect(
    (await jsonOf<{ audit_retention_days: number }>(await api.get("/api/settings/security"))).audit_retention_days,
  ).toBe(days);

  const admin = await createUser("admin");
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await login(tab, admin.email, admin.password);
    await tab.goto("/conta/settings");
    const settings = tab.getByRole("form", { name: "Configurações" });
    await expect(settings.getByText(`O registro de auditoria guarda cada entrada por ${days} dias.`)).toBeVisible();
    await expect(settings.getByText("Apenas um usuário Super pode alterar estas opções.")).toBeVisible();
    await expect(settings.getByRole("textbox", { name: "Guardar o registro de auditoria por (dias)" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters, the record's link and a gone record's name still work", async ({ page, api }) => {
    const id = uniqueId();
    const record = await makePage(api, id);
    const gone = await jsonOf<Created>(
      await api.post("/api/pages", { data: { title: `Rascunho ${id}`, status: "draft" } }),
      201,
    );
    await api.delete(`/api/pages/${gone.id}`);
    try {
      await signInWithoutJavaScript(page, SITE_ADMIN.email, SITE_ADMIN.password, "/conta/auditoria");
      const filters = filtersOf(page);
      await filters.getByRole("combobox", { name: "Registro" }).selectOption({ label: "Página" });
      await filters.getByRole("textbox", { name: "Id do registro" }).fill(String(gone.id));
      await filters.getByRole("button", { name: "Filtrar" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("record_id")).toBe(String(gone.id));
      const rows = auditTable(page).locator("tbody tr");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText("Página excluída");
      // The record is gone: its name, without a link.
      await expect(rows.nth(0).getByText(`Rascunho ${id}`, { exact: true })).toBeVisible();
      await expect(auditTable(page).getByRole("link", { name: `Rascunho ${id}` })).toHaveCount(0);

      await filters.getByRole("textbox", { name: "Id do registro" }).fill(String(record.id));
      await filters.getByRole("button", { name: "Filtrar" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("record_id")).toBe(String(record.id));
      await auditTable(page)
        .getByRole("link", { name: `Estatuto social ${id}` })
        .first()
        .click();
      await expectPath(page, `/conta/pages/${record.id}/edit`);

      // A range that ends before it starts is refused beside its field, and the list is read without it.
      await page.goto("/conta/auditoria?from=2026-03-02&to=2026-03-01");
      await expect(filtersOf(page).getByText("A data final deve ser igual ou posterior à inicial")).toBeVisible();
    } finally {
      await api.delete(`/api/pages/${record.id}`);
    }
  });
});
