import type { Page } from "@playwright/test";
import { FAKE_CORREIOS_DEFAULTS } from "../support/fake-correios.ts";
import { openBeforeHydration } from "./before-hydration.ts";
import { type Account, expect, expectPath, login, test } from "./fixtures.ts";
import { E2E_MELHOR_ENVIO_TOKEN } from "./site.ts";

/**
 * /conta/shop as a person meets it on a slow phone and without JavaScript. It runs after the shop's
 * administration (playwright.config.ts), on the shop that story left, and leaves its rates, shipping and
 * origin as it found them; it does change how the shop is paid, which the later specs set for themselves.
 */

test.describe.configure({ mode: "serial" });

type ShopSettings = {
  origin_postal_code: string | null;
  shipping: {
    table_rates: { name: string; price_cents: number }[];
    free_shipping: { enabled: boolean };
    melhor_envio: Record<string, unknown>;
    correios: Record<string, unknown>;
  };
  payments: { provider: string; manual: { instructions: string } };
  notifications: { new_order: boolean; contact_message: boolean };
};

const settingsOf = async (page: Page) => (await (await page.request.get("/api/shop/settings")).json()) as ShopSettings;

test("choices made before the page comes to life are kept, and what depends on them follows", async ({
  page,
  createUser,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  // This site has its BASE_URL: its administrators are not told the reset e-mails are off.
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: `Olá, ${admin.name}` })).toBeVisible();
  await expect(page.getByText("E-mails de redefinição de senha desligados")).toHaveCount(0);
  const { hydrate } = await openBeforeHydration(page, "/conta/shop");
  const form = page.getByRole("form", { name: "Loja" });
  await form.getByRole("textbox", { name: "Razão social ou nome" }).fill("Cooperativa E2E Ltda");
  // Before hydration every section shows: what the payment choice will hide is still there.
  await form
    .getByRole("combobox", { name: "Forma de pagamento" })
    .selectOption({ label: "Transferência ou pagamento na retirada" });
  await form
    .getByRole("textbox", { name: "Instruções de pagamento" })
    .fill("Pague por transferência para a conta da cooperativa.");
  await form.getByRole("checkbox", { name: "Nova mensagem de contato" }).uncheck();
  await hydrate();
  await expect(form.getByRole("combobox", { name: "Forma de pagamento" })).toHaveValue("manual");
  await expect(form.getByRole("textbox", { name: "Razão social ou nome" })).toHaveValue("Cooperativa E2E Ltda");
  await expect(form.getByRole("checkbox", { name: "Nova mensagem de contato" })).not.toBeChecked();
  // The Pix fields follow the choice now that the page runs.
  await expect(form.getByRole("textbox", { name: "Chave Pix" })).toHaveCount(0);
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Loja salva com sucesso!")).toBeVisible();
  const saved = await settingsOf(page);
  expect(saved.payments).toMatchObject({
    provider: "manual",
    manual: { instructions: "Pague por transferência para a conta da cooperativa." },
  });
  expect(saved.notifications).toMatchObject({ new_order: true, contact_message: false });
});

test("the /conta home counts what the shop has to act on, each opening its list filtered (375 px)", async ({
  page,
  api,
  createUser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  // The chain leaves the shop open here; a focused run (--no-deps) opens it.
  const settings = (await (await api.get("/api/settings")).json()) as {
    features: Record<string, { enabled: boolean }>;
  };
  if (!settings.features.shop?.enabled) {
    settings.features.shop = { ...settings.features.shop, enabled: true };
    expect((await api.post("/api/settings", { data: settings })).status()).toBe(200);
  }
  await page.goto("/conta");
  const todos = page.getByRole("region", { name: "Loja: o que fazer" });
  await expect(todos).toBeVisible();
  // The charts moved here from /conta/shop.
  await expect(page.getByText("Ver os números de cada dia")).toBeVisible();
  const totalOf = async (path: string) =>
    ((await (await page.request.get(path)).json()) as { pagination: { total: number } }).pagination.total;
  const cases = [
    { label: "Aguardando pagamento", url: "/conta/pedidos?status=pending", api: "/api/orders?status=pending" },
    { label: "A enviar", url: "/conta/pedidos?needs=shipping", api: "/api/orders?needs=shipping" },
    { label: "Etiquetas com problema", url: "/conta/pedidos?needs=label", api: "/api/orders?needs=label" },
    {
      label: "Produtos com estoque baixo (até 5)",
      url: "/conta/produtos?status=published&stock=low",
      api: "/api/products?status=published&stock=low",
    },
  ];
  for (const { label, url, api } of cases) {
    const link = todos.getByRole("link", { name: new RegExp(`^\\d+\\s*${label.replace(/[()]/g, "\\$&")}$`) });
    const box = await link.boundingBox();
    expect(box && box.x + box.width, label).toBeLessThanOrEqual(375);
    const shown = Number((await link.textContent())?.match(/^[\d.]+/)?.[0].replaceAll(".", ""));
    expect(shown, label).toBe(await totalOf(api));
    await link.click();
    await expect(page).toHaveURL(url);
    // The list opened with that filter shows as many records as the count said.
    const noun = url.startsWith("/conta/pedidos")
      ? shown === 1
        ? "pedido"
        : "pedidos"
      : shown === 1
        ? "produto"
        : "produtos";
    await expect(page.getByText(`${shown} ${noun}`, { exact: true })).toBeVisible();
    await page.goBack();
    await expect(todos).toBeVisible();
  }
  await page.goto("/conta/pedidos?needs=label");
  await expect(page.getByRole("combobox", { name: "Pendência" })).toHaveValue("label");
});

test("/conta/shop says where the shop's e-mails go: its own address, else the site's, else every administrator", async ({
  page,
  api,
  createUser,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  const site = (await (await api.get("/api/settings")).json()) as { email: string };
  const stored = (await (await api.get("/api/shop/settings")).json()) as { notifications: { email: string } };
  const saveNoticeAddress = async (email: string) => {
    const shop = (await (await api.get("/api/shop/settings")).json()) as { notifications: Record<string, unknown> };
    // The settings as stored, this one address changed: the secrets come back empty, which keeps them.
    const saved = await api.put("/api/shop/settings", {
      data: { ...shop, notifications: { ...shop.notifications, email } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  const recipients = page.getByTestId("shop-notice-recipients");
  try {
    await saveNoticeAddress("");
    await page.goto("/conta/shop");
    if (site.email) {
      await expect(recipients).toHaveText(`Os avisos vão para o e-mail público do site: ${site.email}.`);
    } else {
      // A new site has no public e-mail: the administrators are told, she among them.
      await expect(recipients).toContainText(
        "O site ainda não tem e-mail público: os avisos vão para os administradores",
      );
      await expect(recipients).toContainText(admin.email);
    }
    await saveNoticeAddress("avisos@cooperativa.example");
    await page.reload();
    await expect(recipients).toHaveText("Os avisos vão para avisos@cooperativa.example.");
  } finally {
    await saveNoticeAddress(stored.notifications.email);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  async function signIn(page: Page, admin: Account) {
    await page.goto("/login?redirectTo=%2Fconta%2Fshop");
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(admin.email);
    await form.getByRole("textbox", { name: "Senha", exact: true }).fill(admin.password);
    await form.getByRole("button", { name: "Entrar" }).click();
    await expectPath(page, "/conta/shop");
  }

  test("rows are added and removed by the server, every error comes at once, and the shop saves", async ({
    page,
    createUser,
  }) => {
    const admin = await createUser("admin");
    await signIn(page, admin);
    const before = await settingsOf(page);
    const form = page.getByRole("form", { name: "Loja" });
    const rates = form.getByRole("group", { name: /^Frete, linha/ });
    const count = before.shipping.table_rates.length;
    await expect(rates).toHaveCount(count);
    const origin = await form.getByRole("textbox", { name: "CEP de origem" }).inputValue();

    // "Adicionar linha de frete" is a round trip: the page comes back with the new row and what was typed.
    await form.getByRole("textbox", { name: "CEP de origem" }).fill("123");
    await form.getByRole("button", { name: "Adicionar linha de frete" }).click();
    await expect(rates).toHaveCount(count + 1);
    await expect(form.getByRole("textbox", { name: "CEP de origem" })).toHaveValue("123");
    const added = form.getByRole("group", { name: `Frete, linha ${count + 1}` });
    await added.getByRole("textbox", { name: "Serviço" }).fill("Transportadora Nordeste");
    await added.getByRole("combobox", { name: "UF" }).selectOption("PE");
    await added.getByRole("textbox", { name: "Prazo (dias)" }).fill("6");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    // Both mistakes at once, beside their fields; nothing saved.
    await expect(form.getByText("Informe um CEP válido, como 01310-100")).toBeVisible();
    await expect(added.getByText("Campo obrigatório")).toBeVisible();
    await expect(added.getByRole("textbox", { name: "Serviço" })).toHaveValue("Transportadora Nordeste");
    expect((await settingsOf(page)).shipping.table_rates).toHaveLength(count);

    await form.getByRole("textbox", { name: "CEP de origem" }).fill(origin);
    await added.getByRole("textbox", { name: "Preço (R$)" }).fill("18,50");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loja salva com sucesso!" })).toBeVisible();
    const saved = await settingsOf(page);
    expect(saved.shipping.table_rates.at(-1)).toMatchObject({ name: "Transportadora Nordeste", price_cents: 1850 });

    // Removed the same way, and saved: the shop is back to its rows.
    await form.getByRole("button", { name: `Remover a linha ${count + 1} do frete` }).click();
    await expect(rates).toHaveCount(count);
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loja salva com sucesso!" })).toBeVisible();
    expect((await settingsOf(page)).shipping.table_rates).toEqual(before.shipping.table_rates);
    expect((await settingsOf(page)).origin_postal_code).toBe(before.origin_postal_code);
  });

  test("Melhor Envio's section: every mistake beside its field, the token asked once and never shown again", async ({
    page,
    createUser,
  }) => {
    const admin = await createUser("admin");
    await signIn(page, admin);
    const form = page.getByRole("form", { name: "Loja" });
    const services = form.getByRole("group", { name: "Serviços do Melhor Envio" });
    // The chain's shop has its origin CEP; a focused run (--no-deps) gives it one, which Melhor Envio needs.
    const origin = form.getByRole("textbox", { name: "CEP de origem" });
    if ((await origin.inputValue()) === "") await origin.fill("01310-100");
    await form.getByRole("checkbox", { name: "Cotar com o Melhor Envio" }).check();
    await form.getByRole("combobox", { name: "Ambiente do Melhor Envio" }).selectOption({ label: "Sandbox (testes)" });
    for (const service of await services.getByRole("checkbox").all()) await service.uncheck();
    await form.getByRole("combobox", { name: "Margem sobre o frete" }).selectOption({ label: "Porcentagem (%)" });
    await form.getByRole("textbox", { name: "Valor da margem" }).fill("150");
    await form.getByRole("textbox", { name: "Dias a mais no prazo" }).fill("31");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(services.getByText("Escolha ao menos um serviço")).toBeVisible();
    await expect(form.getByText("No máximo 100", { exact: true })).toBeVisible();
    await expect(form.getByText("No máximo 30", { exact: true })).toBeVisible();

    await services.getByRole("checkbox", { name: "Correios PAC", exact: true }).check();
    await services.getByRole("checkbox", { name: "Jadlog .Package", exact: true }).check();
    await form.getByRole("textbox", { name: "Valor da margem" }).fill("10");
    await form.getByRole("textbox", { name: "Dias a mais no prazo" }).fill("2");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(form.getByText("Informe o token do Melhor Envio")).toBeVisible();
    await expect(services.getByRole("checkbox", { name: "Jadlog .Package", exact: true })).toBeChecked();

    // A token Melhor Envio refuses is refused on save, beside its field, and nothing is saved (issue 33).
    await form.getByLabel("Token do Melhor Envio").fill("token-copiado-pela-metade");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(
      form.getByText(/^O Melhor Envio recusou este token: confira se ele foi copiado inteiro/),
    ).toBeVisible();
    expect((await settingsOf(page)).shipping.melhor_envio).toMatchObject({ enabled: false, token_set: false });
    await expect(page.getByText("Loja salva com sucesso!")).toHaveCount(0);

    const token = E2E_MELHOR_ENVIO_TOKEN;
    await form.getByLabel("Token do Melhor Envio").fill(token);
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loja salva com sucesso!" })).toBeVisible();
    // "Testar conexão" asks Melhor Envio with the saved token, without JavaScript too.
    await page.getByRole("button", { name: "Testar conexão" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Conexão com o Melhor Envio funcionando: saldo de R$ 500,00." }),
    ).toBeVisible();
    expect((await settingsOf(page)).shipping.melhor_envio).toEqual({
      enabled: true,
      environment: "sandbox",
      token: "",
      token_set: true,
      services: [1, 3],
      margin: { kind: "percent", value: 10 },
      extra_days: 2,
    });
    await expect(form.getByText("Token salvo: deixe em branco para manter.")).toBeVisible();
    expect(await page.content()).not.toContain(token);

    // Switched off again, the token stays saved: the shop quotes as it did before this test.
    await form.getByRole("checkbox", { name: "Cotar com o Melhor Envio" }).uncheck();
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loja salva com sucesso!" })).toBeVisible();
    expect((await settingsOf(page)).shipping.melhor_envio).toMatchObject({ enabled: false, token_set: true });
  });

  test('the Correios contract: refused on save when the Correios refuse it, then tested with "Testar conexão"', async ({
    page,
    createUser,
  }) => {
    const admin = await createUser("admin");
    await signIn(page, admin);
    const form = page.getByRole("form", { name: "Loja" });
    const origin = form.getByRole("textbox", { name: "CEP de origem" });
    if ((await origin.inputValue()) === "") await origin.fill("01310-100");
    await form.getByRole("checkbox", { name: "Cotar com os Correios (com contrato)" }).check();
    await form.getByRole("textbox", { name: "Usuário (Meu Correios)" }).fill(FAKE_CORREIOS_DEFAULTS.user);
    await form.getByLabel("Código de acesso à API").fill("codigo-de-outra-conta");
    await form.getByRole("textbox", { name: "Cartão de postagem" }).fill(FAKE_CORREIOS_DEFAULTS.postingCard);
    await form.getByRole("textbox", { name: "Contrato" }).fill(FAKE_CORREIOS_DEFAULTS.contract);
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    // The Correios refuse the access code: said beside it, and nothing saved (issue 33).
    await expect(form.getByText(/^Os Correios recusaram estas credenciais: confira o usuário/)).toBeVisible();
    await expect(page.getByText("Loja salva com sucesso!")).toHaveCount(0);
    expect((await settingsOf(page)).shipping.correios).toMatchObject({ enabled: false, access_code_set: false });
    await expect(page.getByRole("button", { name: "Testar conexão com os Correios" })).toHaveCount(0);

    await form.getByLabel("Código de acesso à API").fill(FAKE_CORREIOS_DEFAULTS.accessCode);
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loja salva com sucesso!" })).toBeVisible();
    expect((await settingsOf(page)).shipping.correios).toMatchObject({
      enabled: true,
      access_code: "",
      access_code_set: true,
      posting_card: FAKE_CORREIOS_DEFAULTS.postingCard,
    });
    expect(await page.content()).not.toContain(FAKE_CORREIOS_DEFAULTS.accessCode);

    await page.getByRole("button", { name: "Testar conexão com os Correios" }).click();
    await expect(
      page.getByRole("status").filter({
        hasText: `Conexão com os Correios funcionando: token emitido para o cartão de postagem ${FAKE_CORREIOS_DEFAULTS.postingCard}, contrato ${FAKE_CORREIOS_DEFAULTS.contract}.`,
      }),
    ).toBeVisible();

    // Switched off again, the contract stays saved: the shop quotes as it did before this test.
    await form.getByRole("checkbox", { name: "Cotar com os Correios (com contrato)" }).uncheck();
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loja salva com sucesso!" })).toBeVisible();
    expect((await settingsOf(page)).shipping.correios).toMatchObject({ enabled: false, access_code_set: true });
  });
});
