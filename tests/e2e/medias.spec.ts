import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { openBeforeHydration } from "./before-hydration.ts";
import {
  bytesOf,
  errorOf,
  expect,
  expectPath,
  jsonOf,
  login,
  pathOf,
  test,
  uniqueId,
  waitForHydratedPage,
  waitForHydration,
  watchCspViolations,
} from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

/**
 * The library story: an administrator imports the association's references from a
 * Zotero export and adds a booklet by hand; a visitor searches, narrows, cites and exports.
 * The configured site has Biblioteca switched on by the global setup, and only this file adds to the
 * library (its tests run in order), so the counts below are the fixture's own
 * (tests/e2e/fixtures/medias/make-fixtures.ts).
 */

const FIXTURES = path.join(import.meta.dirname, "fixtures/medias");
const BIB = path.join(FIXTURES, "zotero-200.bib");
const PDF = path.join(FIXTURES, "cartilha.pdf");
const COVER = path.join(FIXTURES, "capa-cartilha.png");

/** The theses on "agroecologia familiar" from 2015 to 2020 in the fixture, and their BibTeX entry types. */
const THESES: Record<string, "phdthesis" | "mastersthesis"> = {
  "Agroecologia e agricultura familiar no Semiárido pernambucano": "mastersthesis",
  "Transição agroecológica na agricultura familiar do Vale do Ribeira": "phdthesis",
  "Feiras livres e circuitos curtos de comercialização em Florianópolis": "mastersthesis",
  "Sementes crioulas e soberania alimentar no Alto Uruguai": "phdthesis",
  "Agroecologia, gênero e juventude na agricultura familiar do Oeste catarinense": "phdthesis",
  "Políticas públicas de agroecologia para a agricultura familiar: o PNAE em Minas Gerais": "mastersthesis",
};
const CITED = "Agroecologia, gênero e juventude na agricultura familiar do Oeste catarinense";
/** Every item on the theme, whatever its type or year: 17 imported and the booklet. */
const ON_THEME = 18;
/** The theses on the theme, including those outside 2015-2020 or without a year. */
const THESES_ON_THEME = 11;
const ALL_THESES = 35;
/** How long reading or importing the whole file may take. */
const SLOW = 30_000;
const YOUTUBE_ID = "Zx9Ab-3_kQw";

type Item = { id: number; title: string };
type ItemPage = { data: Item[]; pagination: { total: number } };

/** Every item in the library: this spec's own, as it has the library to itself. */
async function removeMedias(api: APIRequestContext): Promise<void> {
  for (;;) {
    const page = await jsonOf<ItemPage>(await api.get("/api/medias?per_page=100"));
    if (page.data.length === 0) return;
    for (const item of page.data) expect((await api.delete(`/api/medias/${item.id}`)).status()).toBe(204);
  }
}

/** The titles of the entries of a BibTeX file, with their entry types. */
function bibtexEntries(text: string): Array<{ type: string; title: string }> {
  return text
    .split(/^(?=@)/m)
    .filter((chunk) => chunk.startsWith("@"))
    .map((chunk) => {
      const type = /^@(\w+)\{/.exec(chunk)?.[1] ?? "";
      const start = chunk.search(/\btitle = \{/);
      if (start < 0) return { type, title: "" };
      let depth = 0;
      let title = "";
      for (const char of chunk.slice(chunk.indexOf("{", start))) {
        if (char === "{") depth++;
        else if (char === "}") depth--;
        else title += char;
        if (depth === 0) break;
      }
      return { type, title };
    });
}

async function openImport(page: Page) {
  await page.goto("/conta/medias");
  await page.getByRole("link", { name: "Importar referências" }).click();
  await expectPath(page, "/conta/medias/importar");
  const preview = page.getByRole("button", { name: "Pré-visualizar" });
  await waitForHydration(preview);
  await page.getByLabel("Arquivo BibTeX ou RIS").setInputFiles(BIB);
  await preview.click();
}

test.describe.configure({ mode: "serial" });

test.afterAll(async ({ api }) => {
  await removeMedias(api);
});

test("an administrator imports 200 Zotero references, the preview naming the 2 it cannot read", async ({
  page,
  createUser,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  await openImport(page);
  const main = page.getByRole("main");
  // Reading 200 references in a worker thread takes a few seconds on a busy machine.
  await expect(main.getByText("Pré-visualização de zotero-200.bib")).toBeVisible({ timeout: SLOW });
  await expect(main.getByText("198 novos, 0 duplicados, 2 inválidos", { exact: true })).toBeVisible();
  const rows = main.getByRole("table", { name: "Referências do arquivo" }).getByRole("row");
  const withStatus = (status: string) => rows.filter({ has: page.getByText(status, { exact: true }) });
  // The entry without a title and the one whose DOI is not a DOI, by their place in the file and why.
  const invalid = withStatus("Inválido");
  await expect(invalid).toHaveCount(2);
  await expect(invalid.nth(0).getByRole("cell").first()).toHaveText("58");
  await expect(invalid.nth(0)).toContainText("rezende_sem_titulo_2016");
  await expect(invalid.nth(0)).toContainText("Sem título");
  await expect(invalid.nth(1).getByRole("cell").first()).toHaveText("144");
  await expect(invalid.nth(1)).toContainText("Manejo da irrigação em pomares de goiaba");
  await expect(invalid.nth(1)).toContainText("DOI inválido: 10.159/rbf.2019.41");
  await expect(withStatus("Novo")).toHaveCount(198);

  await main.getByRole("button", { name: "Importar 198 itens" }).click();
  await expect(page.getByText("198 itens importados.")).toBeVisible({ timeout: SLOW });
  await expectPath(page, "/conta/medias");
  await expect(main.getByText("198 itens", { exact: true })).toBeVisible();

  // The same file again: everything is already there, and nothing can be imported twice.
  await openImport(page);
  await expect(main.getByText("0 novos, 198 duplicados, 2 inválidos", { exact: true })).toBeVisible({
    timeout: SLOW,
  });
  await expect(withStatus("Duplicado")).toHaveCount(198);
  await expect(withStatus("Duplicado").filter({ hasText: CITED })).toContainText(`Já existe na biblioteca: «${CITED}»`);
  await expect(main.getByText("Nenhuma referência nova para importar.")).toBeVisible();
  await expect(main.getByRole("button", { name: /^Importar \d+ itens?$/ })).toHaveCount(0);
});

test("an administrator adds a booklet with its cover, PDF and video; a visitor sees, downloads and watches it", async ({
  page,
  browser,
  createUser,
}) => {
  const title = `Cartilha de agroecologia para a agricultura familiar ${uniqueId()}`;
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  await page.goto("/conta/medias");
  await page.getByRole("link", { name: "Novo item" }).click();
  await expectPath(page, "/conta/medias/new");
  const form = page.getByRole("form", { name: "Novo item da biblioteca" });
  const save = form.getByRole("button", { name: "Salvar", exact: true });
  await waitForHydratedPage(page);
  await form.getByRole("textbox", { name: "Título", exact: true }).fill(title);
  await form.getByRole("combobox", { name: "Tipo de material" }).selectOption({ label: "Material didático/Cartilha" });
  await form
    .getByRole("group", { name: "Autores" })
    .getByRole("textbox", { name: "Autor 1" })
    .fill("{Associação de Agricultores Ecológicos}");
  await form.getByRole("textbox", { name: "Data de publicação" }).fill("05/2019");

  await page.getByLabel("Arquivo: Capa", { exact: true }).setInputFiles(COVER);
  await expect(form.getByRole("img", { name: "Capa" })).toHaveAttribute("src", /\/files\/.+/);
  await page.getByLabel("Arquivos: Arquivos", { exact: true }).setInputFiles(PDF);
  await expect(form.getByRole("link", { name: "cartilha.pdf" })).toBeVisible();
  await form
    .getByRole("textbox", { name: "Vídeo ou áudio (YouTube, Vimeo ou arquivo)" })
    .fill(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
  await form.getByRole("combobox", { name: "Situação" }).selectOption({ label: "Publicado" });
  await save.click();
  await expectPath(page, "/conta/medias");
  await expect(page.getByText("Item criado com sucesso!")).toBeVisible();

  const visitor = await browser.newContext({ baseURL: CONFIGURED_URL });
  try {
    const site = await visitor.newPage();
    const cspViolations = await watchCspViolations(site);
    await site.goto("/biblioteca");
    const main = site.getByRole("main");
    await waitForHydratedPage(site);
    await main
      .getByRole("combobox", { name: "Tipo de material" })
      .selectOption({ label: "Material didático/Cartilha (1)" });
    await expect(main.getByRole("status")).toHaveText("1 item encontrado");
    await main.getByRole("link", { name: title, exact: true }).click();

    const article = main.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
    const cover = article.getByRole("img", { name: `Capa: ${title}` });
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const file = article.getByRole("region", { name: "Arquivos" }).getByRole("link", { name: "cartilha.pdf" });
    const [download] = await Promise.all([site.waitForEvent("download"), file.click()]);
    expect(download.suggestedFilename()).toBe("cartilha.pdf");
    const pdf = await bytesOf(download);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await expect(article.locator(`iframe[title="Vídeo: ${title}"]`)).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`,
    );
    expect(cspViolations(), "Content-Security-Policy violations").toEqual([]);
  } finally {
    await visitor.close();
  }
});

test("a visitor finds the theses on agroecologia familiar from 2015 to 2020, cites one by ABNT and exports the list", async ({
  browser,
}) => {
  const visitor = await browser.newContext({ baseURL: CONFIGURED_URL });
  await visitor.grantPermissions(["clipboard-read", "clipboard-write"], { origin: CONFIGURED_URL });
  try {
    const page = await visitor.newPage();
    await page.goto("/biblioteca");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Biblioteca" })).toBeVisible();
    const status = main.getByRole("status");
    const search = main.getByRole("searchbox", { name: "Buscar na biblioteca" });
    const type = main.getByRole("combobox", { name: "Tipo de material" });
    const filter = main.getByRole("button", { name: "Filtrar" });
    await waitForHydratedPage(page);

    await search.fill("agroecologia familiar");
    await filter.click();
    await expect(status).toHaveText(`${ON_THEME} itens encontrados`);

    await type.selectOption({ label: `Tese/Dissertação (${ALL_THESES})` });
    await expect(status).toHaveText(`${THESES_ON_THEME} itens encontrados`);

    await main.getByRole("spinbutton", { name: "Ano inicial" }).fill("2015");
    await main.getByRole("spinbutton", { name: "Ano final" }).fill("2020");
    await filter.click();
    await expect(status).toHaveText(`${Object.keys(THESES).length} itens encontrados`);
    const expected = Object.keys(THESES).sort();
    const results = main.getByRole("list", { name: "Itens encontrados" }).getByRole("heading", { level: 2 });
    await expect.poll(async () => (await results.allTextContents()).sort()).toEqual(expected);

    // The address holds the whole search: reloading it (or sharing it) gives the same list.
    const address = new URL(page.url());
    expect(address.pathname).toBe("/biblioteca");
    expect(Object.fromEntries(address.searchParams)).toEqual({
      q: "agroecologia familiar",
      type: "thesis",
      year_from: "2015",
      year_to: "2020",
    });
    await page.reload();
    await expect(status).toHaveText(`${expected.length} itens encontrados`);
    await expect.poll(async () => (await results.allTextContents()).sort()).toEqual(expected);
    await expect(search).toHaveValue("agroecologia familiar");

    // The export holds exactly the filtered list.
    const [exported] = await Promise.all([
      page.waitForEvent("download"),
      main.getByRole("link", { name: "Exportar BibTeX" }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/\.bib$/);
    const entries = bibtexEntries((await bytesOf(exported)).toString("utf8"));
    expect(entries.map((entry) => entry.title).sort()).toEqual(expected);
    for (const entry of entries) expect(entry.type, entry.title).toBe(THESES[entry.title]);

    const listPath = pathOf(page);
    await main.getByRole("link", { name: CITED, exact: true }).click();
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(CITED);
    const citation = main.getByRole("region", { name: "Como citar (ABNT)" });
    const reference = citation.getByTestId("abnt-reference");
    const copy = citation.getByRole("button", { name: "Copiar referência" });
    await expect(copy).toBeEnabled();
    await copy.click();
    await expect(page.getByText("Referência copiada.")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await reference.textContent());
    // NBR 6023: the author's surname in capitals, the title in bold, then the kind of thesis and where it was defended.
    expect(copied).toBe(
      "BRANDÃO, Ana Cecília. Agroecologia, gênero e juventude na agricultura familiar do Oeste catarinense. 2019. " +
        "Tese (Doutorado em Sociologia Política) – Universidade Federal de Santa Catarina, Florianópolis, 2019.",
    );
    await expect(reference.locator("strong")).toHaveText(CITED);

    await page.goBack();
    await expectPath(page, listPath);
    await expect(status).toHaveText(`${expected.length} itens encontrados`);
  } finally {
    await visitor.close();
  }

  // The same search works on a browser without JavaScript: the filters are a plain GET form.
  const plain = await browser.newContext({ baseURL: CONFIGURED_URL, javaScriptEnabled: false });
  try {
    const page = await plain.newPage();
    await page.goto("/biblioteca");
    const main = page.getByRole("main");
    await main.getByRole("searchbox", { name: "Buscar na biblioteca" }).fill("agroecologia familiar");
    await main.getByRole("combobox", { name: "Tipo de material" }).selectOption("thesis");
    await main.getByRole("spinbutton", { name: "Ano inicial" }).fill("2015");
    await main.getByRole("spinbutton", { name: "Ano final" }).fill("2020");
    await main.getByRole("button", { name: "Filtrar" }).click();
    await expect(main.getByRole("status")).toHaveText(`${Object.keys(THESES).length} itens encontrados`);
    const address = new URL(page.url());
    expect(address.searchParams.get("type")).toBe("thesis");
    expect(address.searchParams.get("year_from")).toBe("2015");
  } finally {
    await plain.close();
  }
});

/**
 * Older reference managers export BibTeX in Windows-1252 (Latin-1). The account screen's import reads
 * the file as the REST import does (common/reference-file.ts), so the accents arrive intact instead of
 * as "Educa��o", and the file is not refused as binary.
 */

const latin1Id = uniqueId();
const LATIN1_TITLE = `Educação do campo e cooperação agrícola ${latin1Id}`;
const BIBTEX = `@book{conceicao_${latin1Id},
  title = {${LATIN1_TITLE}},
  author = {Conceição, Maria da},
  year = {2019},
  publisher = {Editora Popular},
  address = {São Paulo},
}
`;

test("an administrator imports a Latin-1 BibTeX file; its accents reach the preview, the list and the site", async ({
  page,
  browser,
  createUser,
}) => {
  const folder = await mkdtemp(path.join(tmpdir(), "cms-latin1-"));
  const file = path.join(folder, "referencias-latin1.bib");
  await writeFile(file, Buffer.from(BIBTEX, "latin1"));
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  await page.goto("/conta/medias/importar");
  const preview = page.getByRole("button", { name: "Pré-visualizar" });
  await waitForHydration(preview);
  await page.getByLabel("Arquivo BibTeX ou RIS").setInputFiles(file);
  await preview.click();
  const main = page.getByRole("main");
  await expect(main.getByText("Pré-visualização de referencias-latin1.bib")).toBeVisible({ timeout: 30_000 });
  await expect(main.getByText("1 novo, 0 duplicados, 0 inválidos", { exact: true })).toBeVisible();
  const row = main
    .getByRole("table", { name: "Referências do arquivo" })
    .getByRole("row")
    .filter({ hasText: LATIN1_TITLE });
  await expect(row).toContainText("Conceição");

  await main.getByRole("button", { name: "Importar 1 item" }).click();
  await expect(page.getByText("1 item importado.")).toBeVisible({ timeout: 30_000 });
  await expectPath(page, "/conta/medias");
  // The library already holds the items of the tests above: the search finds the imported one among them.
  await page.goto(`/conta/medias?q=${latin1Id}`);
  await expect(main.getByRole("link", { name: LATIN1_TITLE, exact: true })).toBeVisible();

  const visitor = await browser.newContext({ baseURL: CONFIGURED_URL });
  try {
    const site = await visitor.newPage();
    await site.goto(`/biblioteca?q=${latin1Id}`);
    await site.getByRole("main").getByRole("link", { name: LATIN1_TITLE, exact: true }).click();
    await expect(site.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(LATIN1_TITLE);
  } finally {
    await visitor.close();
    await rm(folder, { recursive: true, force: true });
  }
});

/**
 * The library's account forms on the form kit: what is typed and chosen before the page comes to life
 * survives it; an item saves as a plain form without JavaScript, keeping what its JavaScript widgets hold;
 * refusals come back with every error at once; the import works as plain multipart forms; deleting asks.
 */

type StoredItem = {
  id: number;
  title: string;
  type: string;
  authors: string[];
  organizers: string[];
  description: string;
  publication_date: string | null;
  languages: string[];
  categories: string[];
  tags: string[];
  cover: string | null;
  documents: { url: string; name: string; size: number; mime_type: string }[];
  doi: string;
  status: string;
};

async function findItem(api: APIRequestContext, query: string): Promise<StoredItem> {
  const { data } = await jsonOf<ItemPage>(await api.get(`/api/medias?q=${encodeURIComponent(query)}`));
  expect(data, `items matching ${query}`).toHaveLength(1);
  const [found] = data;
  if (!found) throw new Error(`no item matching ${query}`);
  return jsonOf<StoredItem>(await api.get(`/api/medias/${found.id}`));
}

/** Signs in through the login form's plain post (the page has no JavaScript) and lands on `to`. */
async function signInWithoutJavaScript(page: Page, email: string, password: string, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expectPath(page, to);
}

/** What the page says in its <noscript> parts (the notices of what needs JavaScript). */
const noscriptText = async (page: Page) => (await page.locator("noscript").allTextContents()).join(" ");

test("an item typed and chosen before the page comes to life keeps it, and its authors are added and ordered", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  const { hydrate } = await openBeforeHydration(page, "/conta/medias/new");
  const form = page.getByRole("form", { name: "Novo item da biblioteca" });
  const title = form.getByRole("textbox", { name: "Título", exact: true });
  const type = form.getByRole("combobox", { name: "Tipo de material" });
  const authors = form.getByRole("group", { name: "Autores" });
  const date = form.getByRole("textbox", { name: "Data de publicação" });
  const status = form.getByRole("combobox", { name: "Situação" });
  await title.fill(`Manual de compostagem ${id}`);
  await type.selectOption({ label: "Livro" });
  await authors.getByRole("textbox", { name: "Autor 1" }).fill("Lima, Rosa");
  await date.fill("2021");
  await status.selectOption({ label: "Rascunho" });
  await hydrate();

  await expect(title).toHaveValue(`Manual de compostagem ${id}`);
  await expect(type).toHaveValue("book");
  await expect(authors.getByRole("textbox", { name: "Autor 1" })).toHaveValue("Lima, Rosa");
  await expect(date).toHaveValue("2021");
  await expect(status).toHaveValue("draft");
  await expect(form.getByText("Rascunhos só aparecem para administradores.")).toBeVisible();

  // Enter in a name starts the next one, with the focus in it; the second goes first.
  await authors.getByRole("textbox", { name: "Autor 1" }).press("Enter");
  await expect(authors.getByRole("textbox", { name: "Autor 2" })).toBeFocused();
  await page.keyboard.type("{Embrapa}");
  await authors.getByRole("button", { name: "Mover autor 2 para cima" }).click();
  await expect(authors.getByRole("textbox", { name: "Autor 1" })).toHaveValue("{Embrapa}");
  await expect(authors.getByRole("textbox", { name: "Autor 2" })).toHaveValue("Lima, Rosa");
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectPath(page, "/conta/medias");
  await expect(page.getByText("Item criado com sucesso!")).toBeVisible();
  expect(await findItem(api, id)).toMatchObject({
    title: `Manual de compostagem ${id}`,
    type: "book",
    authors: ["{Embrapa}", "Lima, Rosa"],
    organizers: [],
    publication_date: "2021",
    status: "draft",
  });
});

test("a reference file chosen before the page comes to life is the one read and imported", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const folder = await mkdtemp(path.join(tmpdir(), "cms-import-"));
  const file = path.join(folder, "antes.bib");
  await writeFile(file, `@book{antes_${id},\n  title = {Hortas escolares ${id}},\n  year = {2018},\n}\n`);
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  try {
    const { hydrate } = await openBeforeHydration(page, "/conta/medias/importar");
    await page.getByLabel("Arquivo BibTeX ou RIS").setInputFiles(file);
    await hydrate();
    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    const main = page.getByRole("main");
    await expect(main.getByText("1 novo, 0 duplicados, 0 inválidos", { exact: true })).toBeVisible({ timeout: SLOW });
    await main.getByRole("button", { name: "Importar 1 item" }).click();
    await expect(page.getByText("1 item importado.")).toBeVisible({ timeout: SLOW });
    expect(await findItem(api, id)).toMatchObject({ title: `Hortas escolares ${id}`, type: "book" });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test("deleting a library item asks first: one tap opens the question, going back keeps it", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const created = await jsonOf<Item>(
    await api.post("/api/medias", { data: { title: `Folheto ${id}`, type: "folder_poster", status: "draft" } }),
    201,
  );
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto(`/conta/medias?q=${id}`);
  const remove = page.getByRole("button", { name: `Excluir Folheto ${id}`, exact: true });
  await waitForHydration(remove);
  await remove.click();
  const question = page.getByRole("dialog", { name: "Excluir item" });
  await expect(question).toContainText(`O item “Folheto ${id}” será excluído da biblioteca.`);
  await question.getByRole("button", { name: "Voltar" }).click();
  await expect(question).toHaveCount(0);
  expect((await api.get(`/api/medias/${created.id}`)).status()).toBe(200);
  await remove.click();
  await question.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Item excluído.")).toBeVisible();
  expect((await api.get(`/api/medias/${created.id}`)).status()).toBe(404);
});

test("the import's action answers a post without a file or text with a pt-BR 400, and imports nothing", async ({
  page,
  api,
  createUser,
}) => {
  const total = async () => (await jsonOf<ItemPage>(await api.get("/api/medias?per_page=1"))).pagination.total;
  const before = await total();
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  const post = (multipart: Record<string, string>) =>
    page.request.post("/conta/medias/importar", { multipart, headers: { Origin: CONFIGURED_URL }, maxRedirects: 0 });
  const noFile = await post({ intent: "preview" });
  expect(noFile.status()).toBe(400);
  expect(await noFile.text()).toContain("Escolha um arquivo BibTeX (.bib) ou RIS (.ris).");
  const noText = await post({ intent: "commit", text: "" });
  expect(noText.status()).toBe(400);
  expect(await noText.text()).toContain("Envie um arquivo BibTeX (.bib) ou RIS (.ris)");
  expect((await post({ intent: "commit", text: "@book{x, title={Sem\u0000nome}}" })).status()).toBe(400);
  expect((await post({ intent: "apagar-tudo" })).status()).toBe(400);
  expect(await total()).toBe(before);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an item is edited as a plain form, its authors added and moved by the server, keeping what JavaScript edits", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const documents = [{ url: "https://example.org/guia.pdf", name: "Guia", size: 2048, mime_type: "application/pdf" }];
    const created = await jsonOf<StoredItem>(
      await api.post("/api/medias", {
        data: {
          title: `Guia de sementes ${id}`,
          type: "teaching_material",
          authors: ["Souza, Ana"],
          description: "<p>Como guardar <strong>sementes</strong>.</p>",
          languages: ["Português"],
          categories: ["Sementes"],
          tags: ["crioulas"],
          cover: "https://example.org/capa.jpg",
          documents,
          status: "draft",
        },
      }),
      201,
    );
    const admin = await createUser("admin");
    const editPath = `/conta/medias/${created.id}/edit`;
    await signInWithoutJavaScript(page, admin.email, admin.password, editPath);
    const form = page.getByRole("form", { name: "Editar item da biblioteca" });
    await expect(form.getByRole("textbox", { name: "Título", exact: true })).toHaveValue(created.title);
    const notices = await noscriptText(page);
    for (const notice of [
      "O editor de texto precisa de JavaScript.",
      "Para mudar os idiomas, ative o JavaScript.",
      "Para mudar as categorias, ative o JavaScript.",
      "Para mudar as etiquetas, ative o JavaScript.",
      "Para enviar ou trocar a capa, ative o JavaScript.",
      "Para enviar ou remover arquivos, ative o JavaScript.",
    ])
      expect(notices).toContain(notice);

    const authors = form.getByRole("group", { name: "Autores" });
    await form.getByRole("textbox", { name: "Título", exact: true }).fill(`Guia de sementes crioulas ${id}`);
    await form.getByRole("button", { name: "Adicionar autor" }).click();
    await expect(form.getByRole("textbox", { name: "Título", exact: true })).toHaveValue(
      `Guia de sementes crioulas ${id}`,
    );
    await authors.getByRole("textbox", { name: "Autor 2" }).fill("Pereira, João");
    await authors.getByRole("button", { name: "Mover autor 2 para cima" }).click();
    await expect(authors.getByRole("textbox", { name: "Autor 1" })).toHaveValue("Pereira, João");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expectPath(page, "/conta/medias");
    await expect(page.getByRole("status").filter({ hasText: "Item salvo com sucesso!" })).toBeVisible();

    expect(await jsonOf<StoredItem>(await api.get(`/api/medias/${created.id}`))).toMatchObject({
      title: `Guia de sementes crioulas ${id}`,
      authors: ["Pereira, João", "Souza, Ana"],
      description: created.description,
      languages: ["Português"],
      categories: ["Sementes"],
      tags: ["crioulas"],
      cover: "https://example.org/capa.jpg",
      documents,
    });
  });

  test("a new item is refused with every field's error at once and what was typed, then saved", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const admin = await createUser("admin");
    await signInWithoutJavaScript(page, admin.email, admin.password, "/conta/medias/new");
    const form = page.getByRole("form", { name: "Novo item da biblioteca" });
    const title = form.getByRole("textbox", { name: "Título", exact: true });
    const type = form.getByRole("combobox", { name: "Tipo de material" });
    const date = form.getByRole("textbox", { name: "Data de publicação" });
    const doi = form.getByRole("textbox", { name: "DOI" });
    await form.getByRole("group", { name: "Autores" }).getByRole("textbox", { name: "Autor 1" }).fill("Costa, Bia");
    await date.fill("31/02/2019");
    await doi.fill("nao-e-doi");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();

    await expect(await errorOf(title)).toHaveText("Campo obrigatório");
    await expect(await errorOf(type)).toHaveText("Escolha o tipo de material");
    await expect(await errorOf(date)).toHaveText("Use AAAA, AAAA-MM ou AAAA-MM-DD (ou MM/AAAA, DD/MM/AAAA)");
    await expect(await errorOf(doi)).toHaveText("DOI inválido (exemplo: 10.1590/S0103-20032019000100001)");
    await expect(date).toHaveValue("31/02/2019");
    await expect(form.getByRole("group", { name: "Autores" }).getByRole("textbox", { name: "Autor 1" })).toHaveValue(
      "Costa, Bia",
    );

    await title.fill(`Relatório anual ${id}`);
    await type.selectOption({ label: "Relatório" });
    await date.fill("28/02/2019");
    await doi.fill("https://doi.org/10.1590/abc.2019");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expectPath(page, "/conta/medias");
    expect(await findItem(api, id)).toMatchObject({
      title: `Relatório anual ${id}`,
      type: "report",
      authors: ["Costa, Bia"],
      publication_date: "2019-02-28",
      doi: "10.1590/abc.2019",
      status: "published",
    });
  });

  test("a reference file is read and imported through plain multipart forms", async ({ page, api, createUser }) => {
    const id = uniqueId();
    const folder = await mkdtemp(path.join(tmpdir(), "cms-import-"));
    const file = path.join(folder, "sem-script.ris");
    await writeFile(file, `TY  - RPRT\nTI  - Cisternas no Sertão ${id}\nPY  - 2017\nER  - \n`);
    const admin = await createUser("admin");
    try {
      await signInWithoutJavaScript(page, admin.email, admin.password, "/conta/medias/importar");
      await page.getByLabel("Arquivo BibTeX ou RIS").setInputFiles(file);
      await page.getByRole("button", { name: "Pré-visualizar" }).click();
      const main = page.getByRole("main");
      await expect(main.getByText("Pré-visualização de sem-script.ris")).toBeVisible({ timeout: SLOW });
      await expect(main.getByText("1 novo, 0 duplicados, 0 inválidos", { exact: true })).toBeVisible();
      await main.getByRole("button", { name: "Importar 1 item" }).click();
      await expectPath(page, "/conta/medias");
      await expect(page.getByRole("status").filter({ hasText: "1 item importado." })).toBeVisible();
      expect(await findItem(api, id)).toMatchObject({ title: `Cisternas no Sertão ${id}`, type: "report" });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
