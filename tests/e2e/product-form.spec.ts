import type { APIRequestContext, Page } from "@playwright/test";
import { openBeforeHydration } from "./before-hydration.ts";
import { errorOf, expect, expectPath, jsonOf, login, test, uniqueId, waitForHydration } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

// The product form on the form kit: what is typed, chosen and ticked before the page comes to life
// survives it; a simple product is created, and an existing one's variants edited, as plain forms without
// JavaScript, keeping what the JavaScript widgets hold; refusals come back with every error at once; and
// deleting a product asks first. The products are archived or drafts (never in the public shop's counts)
// and deleted at the end.

type Fiscal = {
  ncm: string | null;
  origin: number | null;
  tax_situation: string | null;
  unit: string | null;
  gtin: string | null;
};
type Variant = {
  id: number;
  options: string[];
  sku: string;
  price_cents: number;
  compare_at_cents: number | null;
  stock: number;
  fiscal: Fiscal;
};
type Product = {
  id: number;
  name: string;
  slug: string;
  summary: string;
  content: string;
  status: string;
  featured: boolean;
  tags: string[];
  images: { url: string; thumb: string | null; alt: string }[];
  documents: { url: string; name: string; size: number; mime_type: string }[];
  options: { name: string; values: string[] }[];
  variants: Variant[];
  package_format: number;
  weight_grams: number;
  fiscal: Fiscal;
};

const NO_FISCAL: Fiscal = { ncm: null, origin: null, tax_situation: null, unit: null, gtin: null };

async function findProduct(api: APIRequestContext, query: string): Promise<Product> {
  const { data } = await jsonOf<{ data: { id: number }[] }>(
    await api.get(`/api/products?q=${encodeURIComponent(query)}`),
  );
  expect(data, `products matching ${query}`).toHaveLength(1);
  const [found] = data;
  if (!found) throw new Error(`no product matching ${query}`);
  return jsonOf<Product>(await api.get(`/api/products/${found.id}`));
}

/** The page's flash message, a line at the top of the page when the browser runs no JavaScript. */
const flashWithoutJavaScript = (page: Page, message: string) =>
  expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();

/** Signs in through the login form's plain post (the page has no JavaScript) and lands on `to`. */
async function signInWithoutJavaScript(page: Page, email: string, password: string, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expectPath(page, to);
}

/** A T-shirt in two sizes, with what only JavaScript edits: tags, a picture, a document and a description. */
const storedShirt = (id: string) => ({
  name: `Camiseta guardada ${id}`,
  content: "<p>Texto <strong>guardado</strong>.</p>",
  status: "draft",
  tags: ["algodão", "cooperativa"],
  images: [{ url: "https://example.org/frente.jpg", alt: "Frente" }],
  documents: [
    { url: "https://example.org/tabela.pdf", name: "Tabela de medidas", size: 1234, mime_type: "application/pdf" },
  ],
  options: [{ name: "Tamanho", values: ["P", "M"] }],
  variants: [
    { options: ["P"], sku: `P-${id}`, price_cents: 4990, stock: 5 },
    { options: ["M"], sku: `M-${id}`, price_cents: 5290, stock: 8 },
  ],
});

test("a product typed, chosen and ticked before the page comes to life keeps it all, and saves it", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  const { hydrate } = await openBeforeHydration(page, "/conta/produtos/new");
  const form = page.getByRole("form", { name: "Novo produto" });
  const name = form.getByRole("textbox", { name: "Nome", exact: true });
  const price = form.getByRole("textbox", { name: "Preço (R$)" });
  const stock = form.getByRole("textbox", { name: "Estoque" });
  const status = form.getByRole("combobox", { name: "Situação" });
  const featured = form.getByRole("checkbox", { name: "Destaque" });
  // The "de" price may be left blank, as its hint says: not marked required (nor refused by the browser).
  await expect(price).toHaveAttribute("required");
  await expect(form.getByRole("textbox", { name: "Preço “de” (R$)" })).not.toHaveAttribute("required");
  await name.fill(`Geleia de umbu ${id}`);
  await price.fill("18,50");
  await stock.fill("12");
  await status.selectOption({ label: "Arquivado" });
  await featured.check();
  await hydrate();

  await expect(name).toHaveValue(`Geleia de umbu ${id}`);
  await expect(price).toHaveValue("18,50");
  await expect(stock).toHaveValue("12");
  await expect(status).toHaveValue("archived");
  await expect(featured).toBeChecked();
  // What depends on the values follows them once the page runs: the status's note.
  await expect(form.getByText("Só publicados aparecem na loja.")).toBeVisible();
  await status.selectOption({ label: "Publicado" });
  await expect(form.getByText("Só publicados aparecem na loja.")).toHaveCount(0);
  await status.selectOption({ label: "Arquivado" });

  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectPath(page, "/conta/produtos");
  await expect(page.getByText("Produto criado com sucesso!")).toBeVisible();
  const saved = await findProduct(api, id);
  try {
    expect(saved).toMatchObject({ name: `Geleia de umbu ${id}`, status: "archived", featured: true, options: [] });
    expect(saved.variants).toEqual([expect.objectContaining({ price_cents: 1850, stock: 12, compare_at_cents: null })]);
  } finally {
    await api.delete(`/api/products/${saved.id}`);
  }
});

test("with JavaScript, options make the variant rows, which keep their prices and ids as the options change", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const created = await jsonOf<Product>(await api.post("/api/products", { data: storedShirt(id) }), 201);
  try {
    const admin = await createUser("admin");
    await login(page, admin.email, admin.password);
    await page.goto(`/conta/produtos/${created.id}/edit`);
    const form = page.getByRole("form", { name: "Editar produto" });
    const save = form.getByRole("button", { name: "Salvar", exact: true });
    await waitForHydration(form.getByRole("button", { name: "Adicionar opção" }));
    const variants = form.getByRole("table", { name: "Variações" });
    await variants.getByRole("textbox", { name: "Estoque de M", exact: true }).fill("3");

    // A second option: rows wait for its values, then each size comes in both colours.
    await form.getByRole("button", { name: "Adicionar opção" }).click();
    await form.getByRole("textbox", { name: "Nome da opção 2" }).fill("Cor");
    await expect(form.getByText("Informe os valores de cada opção para ver as variações.")).toBeVisible();
    const colours = form.getByRole("combobox", { name: "Valores de Cor" });
    for (const colour of ["Azul", "Verde"]) {
      await colours.fill(colour);
      await colours.press("Enter");
    }
    await expect(variants.getByRole("row")).toHaveCount(5);
    await expect(variants.getByRole("textbox", { name: "Estoque de M / Azul", exact: true })).toHaveValue("3");
    await expect(variants.getByRole("textbox", { name: "SKU de M / Azul", exact: true })).toHaveValue(`M-${id}`);
    await expect(variants.getByRole("textbox", { name: "SKU de M / Verde", exact: true })).toHaveValue("");
    for (const size of ["P", "M"]) {
      await variants.getByRole("textbox", { name: `SKU de ${size} / Verde`, exact: true }).fill(`${size}V-${id}`);
    }
    // Removing the sizes leaves one row per colour, each the first of its colour.
    await form.getByRole("button", { name: "Remover a opção Tamanho" }).click();
    await expect(variants.getByRole("row")).toHaveCount(3);
    await expect(variants.getByRole("textbox", { name: "SKU de Azul", exact: true })).toHaveValue(`P-${id}`);
    await expect(variants.getByRole("textbox", { name: "SKU de Verde", exact: true })).toHaveValue(`PV-${id}`);
    await save.click();
    await expect(page.getByText("Produto salvo com sucesso!")).toBeVisible();

    const saved = await jsonOf<Product>(await api.get(`/api/products/${created.id}`));
    expect(saved.options).toEqual([{ name: "Cor", values: ["Azul", "Verde"] }]);
    const small = created.variants.find((variant) => variant.options[0] === "P");
    expect(saved.variants.map((variant) => [variant.options, variant.sku, variant.price_cents])).toEqual([
      [["Azul"], `P-${id}`, 4990],
      [["Verde"], `PV-${id}`, 4990],
    ]);
    // The first row is the stored P, so a cart holding it still finds it.
    expect(saved.variants[0]?.id).toBe(small?.id);
  } finally {
    await api.delete(`/api/products/${created.id}`);
  }
});

test("deleting a product asks first: one tap opens the question, going back keeps it", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const created = await jsonOf<Product>(await api.post("/api/products", { data: storedShirt(id) }), 201);
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto(`/conta/produtos?q=${id}`);
  const remove = page.getByRole("button", { name: `Excluir ${created.name}`, exact: true });
  await waitForHydration(remove);
  await remove.click();
  const question = page.getByRole("dialog", { name: "Excluir produto" });
  await expect(question).toContainText(`O produto “${created.name}” será excluído.`);
  await question.getByRole("button", { name: "Voltar" }).click();
  await expect(question).toHaveCount(0);
  expect((await api.get(`/api/products/${created.id}`)).status()).toBe(200);

  await remove.click();
  await question.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Produto excluído.")).toBeVisible();
  expect((await api.get(`/api/products/${created.id}`)).status()).toBe(404);
});

test("a product's edit saved after the session ended elsewhere signs in again and keeps the options and rows sent", async ({
  page,
  api,
  request,
  createUser,
}) => {
  const id = uniqueId();
  const created = await jsonOf<Product>(await api.post("/api/products", { data: storedShirt(id) }), 201);
  const editPath = `/conta/produtos/${created.id}/edit`;
  try {
    const admin = await createUser("admin");
    await login(page, admin.email, admin.password);
    await page.goto(editPath);
    const form = page.getByRole("form", { name: "Editar produto" });
    await waitForHydration(form.getByRole("button", { name: "Adicionar opção" }));
    const name = form.getByRole("textbox", { name: "Nome", exact: true });
    const sizes = form.getByRole("combobox", { name: "Valores de Tamanho" });
    const variants = form.getByRole("table", { name: "Variações" });
    await name.fill(`Camiseta renomeada ${id}`);
    await sizes.fill("G");
    await sizes.press("Enter");
    await variants.getByRole("textbox", { name: "Estoque de G", exact: true }).fill("6");

    // Signing out on another device ends this browser's session on the server.
    const cookie = (await page.context().cookies()).find((one) => one.name === "cms_session");
    expect(
      (await request.post("/api/auth/logout", { headers: { Authorization: `Token ${cookie?.value}` } })).status(),
    ).toBe(200);
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expectPath(page, `/login?redirectTo=${encodeURIComponent(editPath)}`);
    expect((await jsonOf<Product>(await api.get(`/api/products/${created.id}`))).name).toBe(created.name);

    await login(page, admin.email, admin.password);
    await expectPath(page, editPath);
    await expect(page.getByText("Recuperamos o que você tinha digitado. Confira e salve novamente.")).toBeVisible();
    await expect(name).toHaveValue(`Camiseta renomeada ${id}`);
    await expect(variants.getByRole("row")).toHaveCount(4);
    await expect(variants.getByRole("textbox", { name: "Estoque de G", exact: true })).toHaveValue("6");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByText("Produto salvo com sucesso!")).toBeVisible();
    const saved = await jsonOf<Product>(await api.get(`/api/products/${created.id}`));
    expect(saved.name).toBe(`Camiseta renomeada ${id}`);
    expect(saved.options).toEqual([{ name: "Tamanho", values: ["P", "M", "G"] }]);
    expect(saved.variants.map((variant) => [variant.id, variant.options, variant.stock])).toEqual([
      ...created.variants.map((variant) => [variant.id, variant.options, variant.stock]),
      [expect.any(Number), ["G"], 6],
    ]);
  } finally {
    await api.delete(`/api/products/${created.id}`);
  }
});

test("the product screens' actions answer bad posts with a pt-BR 400, never a 500", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const created = await jsonOf<Product>(await api.post("/api/products", { data: storedShirt(id) }), 201);
  try {
    const admin = await createUser("admin");
    await login(page, admin.email, admin.password);
    const post = (path: string, options: { form?: Record<string, string>; data?: string }) =>
      page.request.post(path, { ...options, headers: { Origin: CONFIGURED_URL }, maxRedirects: 0 });
    const refused: Record<string, string>[] = [
      { intent: "delete", id: "abc" },
      { intent: "duplicate", id: "0" },
      { intent: "nada" },
    ];
    for (const form of refused) {
      const response = await post("/conta/produtos", { form });
      expect(response.status(), JSON.stringify(form)).toBe(400);
    }
    const garbage = await post("/conta/produtos/new", { data: '{"name":"JSON"}' });
    expect(garbage.status()).toBe(400);
    expect(await garbage.text()).toContain("Envie os dados pelo formulário da página.");
    const nul = await post(`/conta/produtos/${created.id}/edit`, {
      form: { name: "Camiseta\u0000", "variants[0].price_cents": "1,00", "variants[0].stock": "1" },
    });
    expect(nul.status()).toBe(400);
    expect(await nul.text()).toContain("Caracteres inválidos");
    expect((await jsonOf<Product>(await api.get(`/api/products/${created.id}`))).name).toBe(created.name);
  } finally {
    await api.delete(`/api/products/${created.id}`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a simple product is refused with every field's error at once and what was typed, then saved", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const admin = await createUser("admin");
    await signInWithoutJavaScript(page, admin.email, admin.password, "/conta/produtos/new");
    const form = page.getByRole("form", { name: "Novo produto" });
    const name = form.getByRole("textbox", { name: "Nome", exact: true });
    const price = form.getByRole("textbox", { name: "Preço (R$)" });
    const compareAt = form.getByRole("textbox", { name: "Preço “de” (R$)" });
    const stock = form.getByRole("textbox", { name: "Estoque" });
    const weight = form.getByRole("textbox", { name: "Peso (g)" });
    // The parts that need JavaScript say so in a <noscript> (Playwright without JavaScript keeps the HTML
    // parser's scripting flag on, so its text is read from the page rather than seen).
    await expect(name).toBeVisible();
    const notices = (await form.locator("noscript").allTextContents()).join(" ");
    expect(notices).toContain("Para adicionar ou mudar opções e seus valores, ative o JavaScript.");
    expect(notices).toContain("Para enviar imagens, ative o JavaScript.");
    expect(notices).toContain("O editor de texto precisa de JavaScript.");

    await price.fill("doze reais");
    await compareAt.fill("10,00");
    await stock.fill("-1");
    await weight.fill("350");
    await form.getByRole("textbox", { name: "SKU" }).fill(`GEL-${id}`);
    await form.getByRole("combobox", { name: "Formato da embalagem" }).selectOption({ label: "Envelope" });
    await form.getByRole("checkbox", { name: "Destaque" }).check();
    await form.getByRole("button", { name: "Salvar", exact: true }).click();

    await expect(await errorOf(name)).toHaveText("Campo obrigatório");
    await expect(await errorOf(price)).toHaveText("Informe um valor em reais, como 1.234,56");
    await expect(await errorOf(stock)).toHaveText("O estoque não pode ser negativo");
    await expect(price).toHaveValue("doze reais");
    await expect(weight).toHaveValue("350");
    await expect(form.getByRole("combobox", { name: "Formato da embalagem" })).toHaveValue("3");
    await expect(form.getByRole("checkbox", { name: "Destaque" })).toBeChecked();

    await name.fill(`Geleia sem script ${id}`);
    await price.fill("12,00");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    // The "de" price must be above the price: refused beside its field.
    await expect(await errorOf(compareAt)).toHaveText('O preço "de" precisa ser maior que o preço de venda');
    await compareAt.fill("15,00");
    await stock.fill("4");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expectPath(page, "/conta/produtos");
    await flashWithoutJavaScript(page, "Produto criado com sucesso!");

    const saved = await findProduct(api, id);
    try {
      expect(saved).toMatchObject({
        name: `Geleia sem script ${id}`,
        status: "draft",
        featured: true,
        package_format: 3,
        weight_grams: 350,
      });
      expect(saved.variants).toEqual([
        expect.objectContaining({ sku: `GEL-${id}`, price_cents: 1200, compare_at_cents: 1500, stock: 4 }),
      ]);
    } finally {
      await api.delete(`/api/products/${saved.id}`);
    }
  });

  test("an existing product's variants and picture descriptions are edited, and what only JavaScript edits is kept", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const created = await jsonOf<Product>(
      await api.post("/api/products", {
        data: {
          ...storedShirt(id),
          images: [
            { url: "https://example.org/frente.jpg", alt: "Frente" },
            { url: "https://example.org/costas.jpg", alt: "" },
          ],
        },
      }),
      201,
    );
    try {
      const admin = await createUser("admin");
      const editPath = `/conta/produtos/${created.id}/edit`;
      await signInWithoutJavaScript(page, admin.email, admin.password, editPath);
      const form = page.getByRole("form", { name: "Editar produto" });
      const variants = form.getByRole("table", { name: "Variações" });
      await variants.getByRole("textbox", { name: "Preço de P", exact: true }).fill("47,90");
      await variants.getByRole("textbox", { name: "Estoque de M", exact: true }).fill("9");
      await form.getByRole("textbox", { name: "Descrição da imagem 2" }).fill("Costas");
      // Moving a picture is a round trip that keeps what was typed.
      await form.getByRole("button", { name: "Mover a imagem 2 para cima" }).click();
      await expect(form.getByRole("textbox", { name: "Descrição da imagem 1" })).toHaveValue("Costas");
      await expect(variants.getByRole("textbox", { name: "Estoque de M", exact: true })).toHaveValue("9");
      await form.getByRole("button", { name: "Salvar", exact: true }).click();
      await expectPath(page, "/conta/produtos");
      await flashWithoutJavaScript(page, "Produto salvo com sucesso!");

      const saved = await jsonOf<Product>(await api.get(`/api/products/${created.id}`));
      expect(
        saved.variants.map((variant) => [variant.id, variant.options, variant.price_cents, variant.stock]),
      ).toEqual(
        created.variants.map((variant) =>
          variant.options[0] === "P"
            ? [variant.id, ["P"], 4790, variant.stock]
            : [variant.id, ["M"], variant.price_cents, 9],
        ),
      );
      expect(saved.images.map((image) => [image.url, image.alt])).toEqual([
        ["https://example.org/costas.jpg", "Costas"],
        ["https://example.org/frente.jpg", "Frente"],
      ]);
      expect(saved).toMatchObject({
        content: created.content,
        tags: created.tags,
        documents: created.documents,
        options: created.options,
      });
    } finally {
      await api.delete(`/api/products/${created.id}`);
    }
  });

  test("at 375 px, the fiscal section and each variant's NCM and GTIN are refused beside their fields, then saved", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const [small, medium] = storedShirt(id).variants;
    const created = await jsonOf<Product>(
      await api.post("/api/products", {
        data: { ...storedShirt(id), variants: [small, { ...medium, fiscal: { origin: 5 } }] },
      }),
      201,
    );
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      const admin = await createUser("admin");
      const editPath = `/conta/produtos/${created.id}/edit`;
      await signInWithoutJavaScript(page, admin.email, admin.password, editPath);
      const form = page.getByRole("form", { name: "Editar produto" });
      const section = form.getByRole("region", { name: "Dados fiscais (nota fiscal)" });
      const ncm = section.getByRole("textbox", { name: "NCM", exact: true });
      const origin = section.getByRole("combobox", { name: "Origem da mercadoria" });
      const situation = section.getByRole("combobox", { name: "CSOSN/CST" });
      const unit = section.getByRole("textbox", { name: "Unidade comercial" });
      const gtin = section.getByRole("textbox", { name: "GTIN/EAN", exact: true });
      for (const field of [ncm, origin, situation, unit, gtin]) {
        await expect(field).toBeVisible();
        await expect(field).toHaveAccessibleDescription("Deixe em branco para usar o padrão da loja.");
      }
      const variants = form.getByRole("table", { name: "Variações" });
      const smallGtin = variants.getByRole("textbox", { name: "GTIN/EAN de P", exact: true });
      await expect(variants.getByRole("textbox", { name: "NCM de M", exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await ncm.fill("0901.11");
      await smallGtin.fill("7891234567890");
      await form.getByRole("button", { name: "Salvar", exact: true }).click();
      await expect(await errorOf(ncm)).toHaveText("O NCM tem 8 dígitos (por exemplo 0901.11.10)");
      await expect(await errorOf(smallGtin)).toHaveText(
        'Informe um GTIN/EAN de 8, 12, 13 ou 14 dígitos com o dígito verificador certo, ou "SEM GTIN"',
      );
      await expect(smallGtin).toHaveValue("7891234567890");

      await ncm.fill("6109.10.00");
      await origin.selectOption({ label: "0 – Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8" });
      await situation.selectOption({ label: "102 – Tributada pelo Simples Nacional sem permissão de crédito" });
      await unit.fill("un");
      await smallGtin.fill("7891234567895");
      await form.getByRole("button", { name: "Salvar", exact: true }).click();
      await expectPath(page, "/conta/produtos");
      await flashWithoutJavaScript(page, "Produto salvo com sucesso!");

      const saved = await jsonOf<Product>(await api.get(`/api/products/${created.id}`));
      expect(saved.fiscal).toEqual({ ...NO_FISCAL, ncm: "61091000", origin: 0, tax_situation: "102", unit: "UN" });
      // M's origin, set through the API and not shown in its row, is kept.
      expect(saved.variants.map((variant) => [variant.id, variant.fiscal])).toEqual(
        created.variants.map((variant) => [
          variant.id,
          variant.options[0] === "P" ? { ...NO_FISCAL, gtin: "7891234567895" } : { ...NO_FISCAL, origin: 5 },
        ]),
      );
    } finally {
      await api.delete(`/api/products/${created.id}`);
    }
  });

  test("deleting a product asks first: one tap opens the question in place, the second deletes", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const created = await jsonOf<Product>(await api.post("/api/products", { data: storedShirt(id) }), 201);
    const admin = await createUser("admin");
    await signInWithoutJavaScript(page, admin.email, admin.password, `/conta/produtos?q=${id}`);
    await page.locator("summary", { hasText: "Excluir" }).click();
    const question = page.getByRole("form", { name: "Excluir produto" });
    await expect(question).toContainText(`O produto “${created.name}” será excluído.`);
    expect((await api.get(`/api/products/${created.id}`)).status()).toBe(200);
    await question.getByRole("button", { name: "Excluir" }).click();
    await expectPath(page, `/conta/produtos?q=${id}`);
    await flashWithoutJavaScript(page, "Produto excluído.");
    expect((await api.get(`/api/products/${created.id}`)).status()).toBe(404);
  });
});
