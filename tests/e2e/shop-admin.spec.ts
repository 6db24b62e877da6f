import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectPath,
  jsonOf,
  login,
  test,
  uniqueId,
  waitForHydratedPage,
  waitForHydration,
} from "./fixtures.ts";

/**
 * The shop's administration: an administrator switches the shop on, sets where parcels leave from and
 * what they cost, and fills the catalogue (a T-shirt in three sizes, a sold-out booklet); customers
 * stay out. The public shop's story and the sidebar spec switch the shop on and off, so this file runs
 * after every other one (its own project in playwright.config.ts); names carry a unique suffix and the
 * lists are searched by it, as the public shop's products are there too.
 */

test.describe.configure({ mode: "serial" });

type Product = {
  id: number;
  name: string;
  status: string;
  options: { name: string; values: string[] }[];
  variants: { id: number; options: string[]; price_cents: number; stock: number }[];
  images: { url: string }[];
  price_cents: number;
};

const png = (color: string) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();

const id = uniqueId();
const shirt = `Camiseta Cooperativa ${id}`;
const booklet = `Cartilha de Sementes ${id}`;

async function openForm(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  const form = page.getByRole("form", { name });
  await waitForHydration(form.getByRole("button", { name: "Salvar", exact: true }));
  await waitForHydratedPage(page);
  return form;
}

/** Searches the account list the way an administrator does, through its search box. */
async function searchList(page: Page, text: string): Promise<void> {
  const search = page.getByRole("search", { name: "Buscar produtos" }).getByRole("searchbox");
  await search.fill(text);
  await search.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

/** The list's row whose name links to the product's edit screen. */
const rowOf = (page: Page, name: string) =>
  page
    .getByRole("table", { name: "Produtos" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

test("an administrator opens the shop, sets its shipping and fills the catalogue", async ({
  page,
  createUser,
  playwright,
  baseURL,
}) => {
  // The story of a dozen pages and forms, beside another spec on the other worker: past 2 minutes on a
  // busy 2-core machine (docs/decisions/0019's stories that take minutes).
  test.setTimeout(180_000);
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  // The shop is switched on in the settings screen, like every other feature.
  const settings = await openForm(page, "/conta/settings", "Configurações");
  const shopSwitch = settings.getByRole("checkbox", { name: "Ativar Loja" });
  if (!(await shopSwitch.isChecked())) await shopSwitch.check();
  await settings.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();

  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await expect(sidebar.getByRole("link", { name: "Produtos", exact: true })).toHaveAttribute("href", "/conta/produtos");
  await expect(sidebar.getByRole("link", { name: "Loja", exact: true })).toHaveAttribute("href", "/conta/shop");

  // /conta/shop: who sells, from where, one table rate to SP and a pickup address.
  let shop = await openForm(page, "/conta/shop", "Loja");
  await shop.getByRole("textbox", { name: "Razão social ou nome" }).fill("Cooperativa E2E Ltda");
  await shop.getByRole("textbox", { name: "CNPJ ou CPF" }).fill("11.222.333/0001-81");
  await shop.getByRole("textbox", { name: "Endereço do remetente" }).fill("Avenida Paulista, 1000 - Bela Vista");
  await shop.getByRole("textbox", { name: "Cidade", exact: true }).fill("São Paulo");
  await shop.getByRole("combobox", { name: "Estado" }).selectOption("SP");
  await shop.getByRole("textbox", { name: "CEP de origem" }).fill("01310-100");
  const rates = shop.getByRole("group", { name: /^Frete, linha/ });
  // A rerun on the same site starts from its own rows.
  while ((await rates.count()) > 0) await shop.getByRole("button", { name: "Remover a linha 1 do frete" }).click();
  await shop.getByRole("button", { name: "Adicionar linha de frete" }).click();
  const rate = shop.getByRole("group", { name: "Frete, linha 1" });
  await rate.getByRole("textbox", { name: "Serviço" }).fill("Transportadora");
  await rate.getByRole("combobox", { name: "UF" }).selectOption("SP");
  await rate.getByRole("textbox", { name: "Preço (R$)" }).fill("12,90");
  await rate.getByRole("textbox", { name: "Prazo (dias)" }).fill("3");
  const pickup = shop.getByRole("checkbox", { name: "Permitir retirada no local" });
  if (!(await pickup.isChecked())) await pickup.check();
  await shop.getByRole("textbox", { name: "Endereço de retirada" }).fill("Rua das Flores, 100 - Centro, São Paulo/SP");
  await shop.getByRole("combobox", { name: "Forma de pagamento" }).selectOption("pix");
  await shop.getByRole("textbox", { name: "Chave Pix" }).fill("pix@cooperativa-e2e.com.br");
  await shop.getByRole("textbox", { name: "Nome de quem recebe" }).fill("Cooperativa E2E");
  await shop.getByRole("textbox", { name: "Cidade de quem recebe" }).fill("São Paulo");
  await shop.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Loja salva com sucesso!")).toBeVisible();

  shop = await openForm(page, "/conta/shop", "Loja");
  await expect(shop.getByRole("textbox", { name: "CEP de origem" })).toHaveValue("01310-100");
  await expect(shop.getByRole("textbox", { name: "CNPJ ou CPF" })).toHaveValue("11.222.333/0001-81");
  await expect(shop.getByRole("textbox", { name: "Endereço do remetente" })).toHaveValue(
    "Avenida Paulista, 1000 - Bela Vista",
  );
  await expect(rates).toHaveCount(1);
  await expect(rate.getByRole("combobox", { name: "UF" })).toHaveValue("SP");
  await expect(rate.getByRole("textbox", { name: "Preço (R$)" })).toHaveValue("12,90");
  await expect(rate.getByRole("textbox", { name: "Prazo (dias)" })).toHaveValue("3");
  await expect(shop.getByRole("textbox", { name: "Endereço de retirada" })).toHaveValue(
    "Rua das Flores, 100 - Centro, São Paulo/SP",
  );

  // The T-shirt: one option, Tamanho P/M/G, each size with its own price and stock, two pictures.
  await sidebar.getByRole("link", { name: "Produtos", exact: true }).click();
  await expectPath(page, "/conta/produtos");
  await page.getByRole("link", { name: "Novo produto" }).click();
  await expectPath(page, "/conta/produtos/new");
  let form = page.getByRole("form", { name: "Novo produto" });
  await waitForHydration(form.getByRole("button", { name: "Salvar", exact: true }));
  await waitForHydratedPage(page);
  await form.getByRole("textbox", { name: "Nome", exact: true }).fill(shirt);
  await form.getByRole("textbox", { name: "Resumo", exact: true }).fill("Camiseta de algodão orgânico.");
  const description = form.getByRole("textbox", { name: "Descrição", exact: true });
  await description.click();
  await page.keyboard.type("Feita pelas costureiras da cooperativa.");
  await form.getByRole("button", { name: "Adicionar opção" }).click();
  await form.getByRole("textbox", { name: "Nome da opção 1" }).fill("Tamanho");
  const sizes = form.getByRole("combobox", { name: "Valores de Tamanho" });
  for (const size of ["P", "M", "G"]) {
    await sizes.fill(size);
    await sizes.press("Enter");
  }
  const variants = form.getByRole("table", { name: "Variações" });
  await expect(variants.getByRole("row")).toHaveCount(4);
  const prices = { P: "49,90", M: "52,90", G: "55,90" };
  const stocks = { P: "5", M: "8", G: "2" };
  for (const size of ["P", "M", "G"] as const) {
    await variants.getByRole("textbox", { name: `Preço de ${size}`, exact: true }).fill(prices[size]);
    await variants.getByRole("textbox", { name: `Estoque de ${size}`, exact: true }).fill(stocks[size]);
    await variants.getByRole("textbox", { name: `SKU de ${size}`, exact: true }).fill(`CAM-${id}-${size}`);
  }
  await form.getByRole("textbox", { name: "Peso (g)" }).fill("250");
  await form.getByRole("combobox", { name: "Formato da embalagem" }).selectOption({ label: "Envelope" });
  await form.getByLabel("Arquivos de imagem do produto").setInputFiles([
    { name: "frente.png", mimeType: "image/png", buffer: await png("#2f6b3a") },
    { name: "costas.png", mimeType: "image/png", buffer: await png("#e1846d") },
  ]);
  await expect(form.getByRole("button", { name: /^Remover a imagem/ })).toHaveCount(2);
  // The back goes first: it becomes the cover.
  await form.getByRole("textbox", { name: "Descrição da imagem 2" }).fill("Costas da camiseta");
  await form.getByRole("button", { name: "Mover a imagem 2 para cima" }).click();
  await expect(form.getByRole("textbox", { name: "Descrição da imagem 1" })).toHaveValue("Costas da camiseta");
  await form.getByRole("combobox", { name: "Situação" }).selectOption("published");
  await form.getByRole("checkbox", { name: "Destaque" }).check();
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectPath(page, "/conta/produtos");
  await expect(page.getByText("Produto criado com sucesso!")).toBeVisible();

  await searchList(page, id);
  const shirtRow = rowOf(page, shirt);
  await expect(shirtRow).toContainText("R$ 49,90");
  await expect(shirtRow).toContainText("15");
  await expect(shirtRow).toContainText("Publicado");

  // What visitors read: the public API, without a session.
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const slug = `camiseta-cooperativa-${id}`;
    const product = await jsonOf<Product>(await visitor.get(`/api/products/${slug}`));
    expect(product.name).toBe(shirt);
    expect(product.status).toBe("published");
    expect(product.options).toEqual([{ name: "Tamanho", values: ["P", "M", "G"] }]);
    expect(product.variants.map((variant) => [variant.options, variant.price_cents, variant.stock])).toEqual([
      [["P"], 4990, 5],
      [["M"], 5290, 8],
      [["G"], 5590, 2],
    ]);
    expect(product.price_cents).toBe(4990);
    expect(product.images).toHaveLength(2);

    // Editing keeps each size's variant: a cart holding the M still finds it.
    form = await openForm(page, `/conta/produtos/${product.id}/edit`, "Editar produto");
    const editVariants = form.getByRole("table", { name: "Variações" });
    await expect(editVariants.getByRole("textbox", { name: "Preço de M", exact: true })).toHaveValue("52,90");
    await editVariants.getByRole("textbox", { name: "Estoque de M", exact: true }).fill("7");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByText("Produto salvo com sucesso!")).toBeVisible();
    const edited = await jsonOf<Product>(await visitor.get(`/api/products/${slug}`));
    expect(edited.variants.map((variant) => [variant.id, variant.stock])).toEqual(
      product.variants.map((variant) => [variant.id, variant.options[0] === "M" ? 7 : variant.stock]),
    );
  } finally {
    await visitor.dispose();
  }

  // The booklet: no options, one price with a "de" price, sold out.
  form = await openForm(page, "/conta/produtos/new", "Novo produto");
  await form.getByRole("textbox", { name: "Nome", exact: true }).fill(booklet);
  await form.getByRole("textbox", { name: "Preço (R$)" }).fill("15,00");
  await form.getByRole("textbox", { name: "Preço “de” (R$)" }).fill("20,00");
  await form.getByRole("textbox", { name: "Estoque" }).fill("0");
  await form.getByRole("combobox", { name: "Situação" }).selectOption("published");
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectPath(page, "/conta/produtos");
  await expect(page.getByText("Produto criado com sucesso!")).toBeVisible();

  await page.goto(`/conta/produtos?q=${id}&stock=out_of_stock`);
  await expect(rowOf(page, booklet)).toContainText("Esgotado");
  await expect(rowOf(page, booklet)).toContainText("de R$ 20,00 por R$ 15,00");
  await expect(rowOf(page, shirt)).toHaveCount(0);
  await page.goto(`/conta/produtos?q=${id}&stock=in_stock`);
  await expect(rowOf(page, shirt)).toBeVisible();
  await expect(rowOf(page, booklet)).toHaveCount(0);

  // Duplicate: the copy opens as a draft; then it is deleted, after confirming.
  await page.goto(`/conta/produtos?q=${id}`);
  await waitForHydratedPage(page);
  await page.getByRole("button", { name: `Duplicar ${shirt}`, exact: true }).click();
  await expect(page.getByText("Cópia criada como rascunho.")).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/conta\/produtos\/\d+\/edit$/);
  form = page.getByRole("form", { name: "Editar produto" });
  await expect(form.getByRole("textbox", { name: "Nome", exact: true })).toHaveValue(`${shirt} (cópia)`);
  await expect(form.getByRole("combobox", { name: "Situação" })).toHaveValue("draft");
  await expect(form.getByRole("table", { name: "Variações" }).getByRole("row")).toHaveCount(4);

  const copy = `${shirt} (cópia)`;
  await page.goto(`/conta/produtos?q=${id}&status=draft`);
  await waitForHydratedPage(page);
  await expect(rowOf(page, copy)).toContainText("Rascunho");
  await page.getByRole("button", { name: `Excluir ${copy}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir produto" });
  await expect(dialog).toContainText(copy);
  await dialog.getByRole("button", { name: "Excluir", exact: true }).click();
  await expect(page.getByText("Produto excluído.")).toBeVisible();
  await expect(rowOf(page, copy)).toHaveCount(0);
});

test("a customer cannot open the products or the shop's settings", async ({ page, createUser }) => {
  const customer = await createUser("user");
  await login(page, customer.email, customer.password);
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await page.goto("/conta");
  await expect(sidebar.getByRole("link", { name: "Meus dados", exact: true })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Produtos", exact: true })).toHaveCount(0);
  for (const path of ["/conta/produtos", "/conta/produtos/new", "/conta/shop"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Ocorreu um erro" })).toBeVisible();
  }
});
