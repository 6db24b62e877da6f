import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  bytesOf,
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
  test.setTimeout(120_000);
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
  test.setTimeout(60_000);
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
  test.setTimeout(60_000);
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
  test.setTimeout(60_000);
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
