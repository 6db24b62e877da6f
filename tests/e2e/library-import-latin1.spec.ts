import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, expectPath, jsonOf, login, test, uniqueId, waitForHydration } from "./fixtures.ts";
import { LIBRARY_TURN_WAIT, takeLibraryTurn } from "./library-turn.ts";
import { CONFIGURED_URL } from "./site.ts";

/**
 * Older reference managers export BibTeX in Windows-1252 (Latin-1). The account screen's import reads
 * the file as the REST import does (common/reference-file.ts), so the accents arrive intact instead of
 * as "Educa��o", and the file is not refused as binary.
 */

type Item = { id: number; title: string };

const id = uniqueId();
const TITLE = `Educação do campo e cooperação agrícola ${id}`;
const BIBTEX = `@book{conceicao_${id},
  title = {${TITLE}},
  author = {Conceição, Maria da},
  year = {2019},
  publisher = {Editora Popular},
  address = {São Paulo},
}
`;

let folder = "";
let endTurn = (): Promise<void> => Promise.resolve();

test.beforeAll(async () => {
  test.setTimeout(LIBRARY_TURN_WAIT);
  endTurn = await takeLibraryTurn();
  folder = await mkdtemp(path.join(tmpdir(), "cms-latin1-"));
});

test.afterAll(async ({ api }) => {
  // The library holds only this spec's item while it has its turn.
  const items = await jsonOf<{ data: Item[] }>(await api.get("/api/medias?per_page=100"));
  for (const item of items.data.filter((found) => found.title === TITLE)) {
    expect((await api.delete(`/api/medias/${item.id}`)).status()).toBe(204);
  }
  await endTurn();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test("an administrator imports a Latin-1 BibTeX file; its accents reach the preview, the list and the site", async ({
  page,
  browser,
  createUser,
}) => {
  test.setTimeout(60_000);
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
  const row = main.getByRole("table", { name: "Referências do arquivo" }).getByRole("row").filter({ hasText: TITLE });
  await expect(row).toContainText("Conceição");

  await main.getByRole("button", { name: "Importar 1 item" }).click();
  await expect(page.getByText("1 item importado.")).toBeVisible({ timeout: 30_000 });
  await expectPath(page, "/conta/medias");
  await expect(main.getByRole("link", { name: TITLE, exact: true })).toBeVisible();

  const visitor = await browser.newContext({ baseURL: CONFIGURED_URL });
  try {
    const site = await visitor.newPage();
    await site.goto("/biblioteca");
    await site.getByRole("main").getByRole("link", { name: TITLE, exact: true }).click();
    await expect(site.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(TITLE);
  } finally {
    await visitor.close();
  }
});
