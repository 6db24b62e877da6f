import { beforeEach, describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import { MAX_IMPORT_BYTES, mediaSchema } from "../../../common/schemas/media.ts";
import {
  type ImportResult,
  type ImportSummary,
  importResultSchema,
  type MediaFilters,
  type MediaView,
  mediaListSchema,
  mediaViewSchema,
} from "../../../common/views/medias.ts";
import type { SearchHit } from "../../../common/views/search.ts";
import { expectAdministratorsOnly } from "../../../tests/support/api-access.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { mediaValues } from "./media-row.ts";
import { IMPORT_TOO_LARGE } from "./routes.ts";
import { medias } from "./tables.ts";

const t = withTestApp({ setUp: true });

type ErrorBody = { message: string; errors?: Record<string, string[]> };

async function create(body: Record<string, unknown>): Promise<MediaView> {
  const response = await t.request("POST", "/api/medias", { token: t.superToken, body: { type: "book", ...body } });
  if (response.status !== 201) throw new Error(`media create failed: ${JSON.stringify(response.body)}`);
  expectDocumented("post", "/api/medias", response);
  return mediaViewSchema.parse(response.body);
}

/** Many items at once, straight into the table through the service's own row mapping. */
async function seed(...fields: Record<string, unknown>[]) {
  await t.database.db
    .insert(medias)
    .values(fields.map((one) => mediaValues(mediaSchema.parse({ type: "book", ...one }))));
}

async function list(query = "", auth?: string): Promise<Paginated<MediaView>> {
  const response = await t.request("GET", `/api/medias${query}`, { token: auth });
  expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
  expectDocumented("get", "/api/medias", response);
  return mediaListSchema.parse(response.body);
}

const titles = async (query = "", auth?: string) => (await list(query, auth)).data.map((item) => item.title);

describe("library items", () => {
  it("refuse writes and imports to visitors (401) and customers (403) before reading the body", async () => {
    const item = await create({ title: "Manual" });
    const customer = await t.createUser("user", t.superToken);
    await expectAdministratorsOnly(t, customer.token, [
      ["POST", "/api/medias"],
      ["PUT", `/api/medias/${item.id}`],
      ["DELETE", `/api/medias/${item.id}`],
      ["POST", "/api/medias/import/preview"],
      ["POST", "/api/medias/import"],
    ]);
    expect(await titles()).toEqual(["Manual"]);
  });

  it("are created, read, updated and deleted by an administrator", async () => {
    const admin = await t.createUser("admin", t.superToken);
    const created = await t.request("POST", "/api/medias", {
      token: admin.token,
      body: {
        title: "Cartilha de sementes",
        type: "teaching_material",
        authors: ["Silva, Ana"],
        publication_date: "12/05/2019",
        doi: "doi:10.1590/S0103-20032019000100001",
        description: "<p>Guia <img src=x onerror=alert(1)>prático</p>",
        languages: ["por"],
        embed_url: "https://vimeo.com/76979871",
      },
    });
    expect(created.status).toBe(201);
    expectDocumented("post", "/api/medias", created);
    const item = created.json<MediaView>();
    expect(item).toMatchObject({
      title: "Cartilha de sementes",
      publication_date: "2019-05-12",
      date_precision: "day",
      doi: "10.1590/S0103-20032019000100001",
      description: "<p>Guia prático</p>",
      languages: ["Português"],
      status: "published",
      url_path: `/biblioteca/${item.id}`,
    });

    const read = await t.request("GET", `/api/medias/${item.id}`);
    expect(read.status).toBe(200);
    expectDocumented("get", "/api/medias/{id}", read);
    expect(read.json()).toEqual(item);

    const updated = await t.request("PUT", `/api/medias/${item.id}`, {
      token: admin.token,
      body: { title: "Cartilha", type: "book", status: "draft" },
    });
    expect(updated.status).toBe(200);
    expectDocumented("put", "/api/medias/{id}", updated);
    expect(updated.json<MediaView>()).toMatchObject({ id: item.id, title: "Cartilha", doi: "", status: "draft" });

    const removed = await t.request("DELETE", `/api/medias/${item.id}`, { token: admin.token });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    for (const [method, path] of [
      ["GET", `/api/medias/${item.id}`],
      ["PUT", `/api/medias/${item.id}`],
      ["DELETE", `/api/medias/${item.id}`],
    ] as const) {
      const body = method === "GET" ? undefined : { title: "X", type: "book" };
      const missing = await t.request(method, path, { token: t.superToken, body });
      expect(missing.status, `${method} ${path}`).toBe(404);
      expect(missing.json()).toEqual({ message: "Item não encontrado." });
    }
  });

  it("refuse invalid fields with pt-BR messages per field", async () => {
    const response = await t.request("POST", "/api/medias", {
      token: t.superToken,
      body: {
        title: " ",
        type: "livro",
        doi: "10.12/abc",
        publication_date: "2019-13",
        embed_url: "https://example.com/pagina",
        url: "ftp://example.com/a",
        tags: ["x".repeat(61)],
      },
    });
    expect(response.status).toBe(400);
    expectDocumented("post", "/api/medias", response);
    expect(response.json<ErrorBody>()).toEqual({
      message: "Verifique os campos destacados.",
      errors: {
        title: ["Campo obrigatório"],
        type: ["Escolha o tipo de material"],
        doi: ["DOI inválido (exemplo: 10.1590/S0103-20032019000100001)"],
        publication_date: ["Use AAAA, AAAA-MM ou AAAA-MM-DD (ou MM/AAAA, DD/MM/AAAA)"],
        embed_url: ["Use um endereço do YouTube, do Vimeo ou de um arquivo de áudio/vídeo"],
        url: ["Informe um endereço começando com https://"],
        "tags.0": ["No máximo 60 caracteres por valor"],
      },
    });
    const day = await t.request("POST", "/api/medias", {
      token: t.superToken,
      body: { title: "X", type: "book", publication_date: "31/02/2020" },
    });
    expect(day.json<ErrorBody>().errors).toEqual({
      publication_date: ["Use AAAA, AAAA-MM ou AAAA-MM-DD (ou MM/AAAA, DD/MM/AAAA)"],
    });
    const notJson = await t.request("POST", "/api/medias", { token: t.superToken, body: "{title" });
    expect([notJson.status, notJson.json<ErrorBody>().message]).toEqual([
      400,
      "O corpo da requisição não é um JSON válido.",
    ]);
    for (const path of ["/api/medias/abc", "/api/medias/0", "/api/medias/99999999999", "/api/medias/1.5"]) {
      const bad = await t.request("GET", path);
      expect([bad.status, bad.json<ErrorBody>().message], path).toEqual([400, "Identificador inválido."]);
    }
    expect(await titles("", t.superToken)).toEqual([]);
  });

  it("hide drafts from visitors and customers, in the list, one by one, in filters and in exports", async () => {
    const published = await create({ title: "Publicado", tags: ["aberta"] });
    const draft = await create({ title: "Rascunho", status: "draft", tags: ["oculta"] });
    const customer = await t.createUser("user", t.superToken);
    for (const auth of [undefined, customer.token]) {
      expect(await titles("", auth)).toEqual(["Publicado"]);
      expect(await titles("?status=draft", auth)).toEqual(["Publicado"]);
      for (const path of [`/api/medias/${draft.id}`, `/api/medias/${draft.id}/export?format=ris`]) {
        const hidden = await t.request("GET", path, { token: auth });
        expect([hidden.status, hidden.json()], path).toEqual([404, { message: "Item não encontrado." }]);
      }
      const filters = await t.request("GET", "/api/medias/filters", { token: auth });
      expect(filters.json<MediaFilters>().tags).toEqual([{ value: "aberta", count: 1 }]);
      const exported = await t.request("GET", "/api/medias/export?format=ris", { token: auth });
      expect(exported.body).toContain("Publicado");
      expect(exported.body).not.toContain("Rascunho");
    }
    expect(await titles("?status=draft", t.superToken)).toEqual(["Rascunho"]);
    expect(await titles("", t.superToken)).toEqual(["Rascunho", "Publicado"]);
    expect((await t.request("GET", `/api/medias/${draft.id}`, { token: t.superToken })).status).toBe(200);
    expect((await t.request("GET", `/api/medias/${published.id}`)).status).toBe(200);
  });
});

describe("GET /api/medias", () => {
  beforeEach(async () => {
    await seed(
      {
        title: "Transição agroecológica de agricultores familiares",
        type: "thesis",
        categories: ["Agroecologia"],
        tags: ["transição"],
        languages: ["pt"],
        publication_date: "2015",
      },
      {
        title: "Sementes crioulas",
        authors: ["{Articulação Nacional de Agroecologia}"],
        categories: ["Agricultura familiar", "Agroecologia"],
        tags: ["sementes"],
        languages: ["Português", "Espanhol"],
        publication_date: "2020-03",
      },
      {
        title: "Quintais produtivos",
        type: "video",
        description: "<p>Produção agroecológica em quintais de famílias agricultoras familiares.</p>",
        tags: ["sementes", "quintais"],
        languages: ["en"],
        publication_date: "2008-11-02",
      },
      { title: "Água e solo", type: "video", categories: ["Solos"] },
      { title: "Rascunho agroecológico familiar", status: "draft", publication_date: "2024" },
    );
  });

  it("filters by type, category, tag, language and year range", async () => {
    expect(await titles("?type=video&sort=title")).toEqual(["Água e solo", "Quintais produtivos"]);
    expect(await titles("?category=Agroecologia&sort=title")).toEqual([
      "Sementes crioulas",
      "Transição agroecológica de agricultores familiares",
    ]);
    expect(await titles("?category=Agricultura%20familiar")).toEqual(["Sementes crioulas"]);
    expect(await titles("?tag=sementes")).toEqual(["Sementes crioulas", "Quintais produtivos"]);
    expect(await titles("?language=Portugu%C3%AAs&sort=title")).toEqual([
      "Sementes crioulas",
      "Transição agroecológica de agricultores familiares",
    ]);
    expect(await titles("?language=ingles")).toEqual(["Quintais produtivos"]);
    expect(await titles("?year_from=2010")).toEqual([
      "Sementes crioulas",
      "Transição agroecológica de agricultores familiares",
    ]);
    expect(await titles("?year_to=2015")).toEqual([
      "Transição agroecológica de agricultores familiares",
      "Quintais produtivos",
    ]);
    expect(await titles("?year_from=2015&year_to=2015")).toEqual([
      "Transição agroecológica de agricultores familiares",
    ]);
    expect(await titles("?tag=sementes&language=es&year_from=2019&type=book")).toEqual(["Sementes crioulas"]);
    expect(await titles("?type=patent")).toEqual([]);
  });

  it("refuses an inverted year range and bad filter values with a 400", async () => {
    const inverted = await t.request("GET", "/api/medias?year_from=2020&year_to=2010");
    expect(inverted.status).toBe(400);
    expectDocumented("get", "/api/medias", inverted);
    expect(inverted.json<ErrorBody>()).toEqual({
      message: "Verifique os campos destacados.",
      errors: { year_to: ["O ano final não pode ser antes do inicial"] },
    });
    for (const [query, field] of [
      ["?year_from=abc", "year_from"],
      ["?year_to=20.5", "year_to"],
      ["?year_from=99999", "year_from"],
      ["?type=livro", "type"],
      ["?sort=random", "sort"],
      ["?status=deleted", "status"],
      ["?page=-1", "page"],
      ["?page=abc", "page"],
      ["?per_page=1000", "per_page"],
      ["?per_page=0", "per_page"],
      [`?q=${"a".repeat(10_000)}`, "q"],
      [`?tag=${"t".repeat(61)}`, "tag"],
    ]) {
      const response = await t.request("GET", `/api/medias${query}`);
      expect(response.status, query?.slice(0, 40)).toBe(400);
      expect(Object.keys(response.json<ErrorBody>().errors ?? {}), query?.slice(0, 40)).toEqual([field]);
    }
    const exported = await t.request("GET", "/api/medias/export?format=bibtex&year_from=2020&year_to=2010");
    expect(exported.status).toBe(400);
    expect(exported.json<ErrorBody>().errors).toEqual({ year_to: ["O ano final não pode ser antes do inicial"] });
  });

  it("searches without accents, with Portuguese word forms, title matches first", async () => {
    expect(await titles("?q=agroecologia%20familiar")).toEqual([
      "Transição agroecológica de agricultores familiares",
      "Sementes crioulas",
      "Quintais produtivos",
    ]);
    expect(await titles("?q=AGUA")).toEqual(["Água e solo"]);
    expect(await titles("?q=agroecologia%20familiar&sort=newest")).toEqual([
      "Sementes crioulas",
      "Transição agroecológica de agricultores familiares",
      "Quintais produtivos",
    ]);
    expect(await titles("?q=agroecologia%20familiar&type=video")).toEqual(["Quintais produtivos"]);
    expect(await titles("?q=agroecologia%20familiar", t.superToken)).toHaveLength(4);
  });

  it("takes tsquery syntax and SQL in q as plain words", async () => {
    for (const q of ["a & | ! (", "':* <-> !!", "'; DROP TABLE medias; --", "(((", "\\", "%_"]) {
      expect((await list(`?q=${encodeURIComponent(q)}`)).data, q).toEqual([]);
    }
    expect(await titles(`?q=${encodeURIComponent("sementes & | ! (")}`)).toEqual([
      "Sementes crioulas",
      "Quintais produtivos",
    ]);
    expect(await titles("", t.superToken)).toHaveLength(5);
  });

  it("sorts by newest (unknown dates last) and by title", async () => {
    expect(await titles("?sort=newest")).toEqual([
      "Sementes crioulas",
      "Transição agroecológica de agricultores familiares",
      "Quintais produtivos",
      "Água e solo",
    ]);
    expect(await titles()).toEqual(await titles("?sort=newest"));
    expect(await titles("?sort=title")).toEqual([
      "Água e solo",
      "Quintais produtivos",
      "Sementes crioulas",
      "Transição agroecológica de agricultores familiares",
    ]);
  });

  it("counts the filter values in use among the visible items", async () => {
    const response = await t.request("GET", "/api/medias/filters");
    expect(response.status).toBe(200);
    expectDocumented("get", "/api/medias/filters", response);
    expect(response.json()).toEqual({
      types: [
        { value: "book", label: "Livro", count: 1 },
        { value: "thesis", label: "Tese/Dissertação", count: 1 },
        { value: "video", label: "Vídeo", count: 2 },
      ],
      categories: [
        { value: "Agroecologia", count: 2 },
        { value: "Agricultura familiar", count: 1 },
        { value: "Solos", count: 1 },
      ],
      tags: [
        { value: "sementes", count: 2 },
        { value: "quintais", count: 1 },
        { value: "transição", count: 1 },
      ],
      languages: [
        { value: "Português", count: 2 },
        { value: "Espanhol", count: 1 },
        { value: "Inglês", count: 1 },
      ],
      years: [
        { value: 2020, count: 1 },
        { value: 2015, count: 1 },
        { value: 2008, count: 1 },
      ],
    });
    const forAdmin = (await t.request("GET", "/api/medias/filters", { token: t.superToken })).json<MediaFilters>();
    expect(forAdmin.years[0]).toEqual({ value: 2024, count: 1 });
    expect(forAdmin.types[0]).toEqual({ value: "book", label: "Livro", count: 2 });
  });
});

describe("pagination", () => {
  it("answers 30 items a page by default, with the total", async () => {
    await seed(
      ...Array.from({ length: 65 }, (_, index) => ({ title: `Item ${index}`, publication_date: String(1900 + index) })),
    );
    const pages = [await list(), await list("?page=2"), await list("?page=3"), await list("?page=4")];
    expect(pages.map((page) => page.data.length)).toEqual([30, 30, 5, 0]);
    expect(pages.map((page) => page.pagination)).toEqual(
      [1, 2, 3, 4].map((page) => ({ total: 65, page, per_page: 30 })),
    );
    expect(new Set(pages.flatMap((page) => page.data.map((item) => item.id))).size).toBe(65);
    expect(pages[0]?.data[0]?.title).toBe("Item 64");
    const small = await list("?per_page=100&year_to=1909");
    expect(small.pagination).toEqual({ total: 10, page: 1, per_page: 100 });
  });
});

describe("exports", () => {
  it("download the filtered list as BibTeX or RIS, every matching item and only those", async () => {
    await seed(
      ...Array.from({ length: 35 }, (_, index) => ({
        title: `Boletim ${index}`,
        tags: ["boletim"],
        publication_date: String(1950 + index),
      })),
      { title: "Vídeo sobre boletins", type: "video", publication_date: "1999" },
      { title: "Boletim rascunho", tags: ["boletim"], status: "draft" },
    );
    const bibtex = await t.request("GET", "/api/medias/export?format=bibtex&tag=boletim&year_from=1960");
    expect(bibtex.status).toBe(200);
    expect(bibtex.headers.get("content-type")).toBe("application/x-bibtex; charset=utf-8");
    expect(bibtex.headers.get("content-disposition")).toBe('attachment; filename="biblioteca.bib"');
    expectDocumented("get", "/api/medias/export", bibtex);
    const text = String(bibtex.body);
    expect(text.match(/^@book\{/gm)).toHaveLength(25);
    expect(text).toContain("{Boletim 34}");
    expect(text).toContain("{Boletim 10}");
    expect(text).not.toContain("{Boletim 9}");
    expect(text).not.toContain("Vídeo");
    expect(text).not.toContain("rascunho");
    // In list order: newest first.
    expect(text.indexOf("{Boletim 34}")).toBeLessThan(text.indexOf("{Boletim 10}"));

    const ris = await t.request("GET", "/api/medias/export?format=ris&q=boletins&type=video");
    expect(ris.headers.get("content-type")).toBe("application/x-research-info-systems; charset=utf-8");
    expect(ris.headers.get("content-disposition")).toBe('attachment; filename="biblioteca.ris"');
    expectDocumented("get", "/api/medias/export", ris);
    expect(String(ris.body).match(/^TY {2}- /gm)).toHaveLength(1);
    expect(String(ris.body)).toContain("TI  - Vídeo sobre boletins");

    const withDraft = await t.request("GET", "/api/medias/export?format=ris&status=draft", { token: t.superToken });
    expect(String(withDraft.body)).toContain("TI  - Boletim rascunho");
    expect(String(withDraft.body).match(/^TY {2}- /gm)).toHaveLength(1);
  });

  it("download one item", async () => {
    const item = await create({ title: "Manual do solo", authors: ["Souza, João"], publication_date: "2019" });
    const bibtex = await t.request("GET", `/api/medias/${item.id}/export?format=bibtex`);
    expect(bibtex.status).toBe(200);
    expectDocumented("get", "/api/medias/{id}/export", bibtex);
    expect(bibtex.headers.get("content-type")).toBe("application/x-bibtex; charset=utf-8");
    expect(bibtex.headers.get("content-disposition")).toBe(`attachment; filename="biblioteca-${item.id}.bib"`);
    expect(bibtex.body).toMatch(/^@book\{souza2019manual,/);
    expect(bibtex.body).toContain("author = {Souza, João}");
    const ris = await t.request("GET", `/api/medias/${item.id}/export?format=ris`);
    expect(ris.headers.get("content-disposition")).toBe(`attachment; filename="biblioteca-${item.id}.ris"`);
    expect(ris.body).toContain("AU  - Souza, João");
  });

  it("need a known format", async () => {
    const item = await create({ title: "Manual" });
    for (const path of ["/api/medias/export", "/api/medias/export?format=csv", `/api/medias/${item.id}/export`]) {
      const response = await t.request("GET", path);
      expect(response.status, path).toBe(400);
      expect(response.json<ErrorBody>().errors, path).toEqual({ format: ["Use bibtex ou ris"] });
    }
    expect((await t.request("GET", "/api/medias/999/export?format=ris")).status).toBe(404);
  });
});

describe("site search", () => {
  it("finds published library items while the library feature is on", async () => {
    await seed(
      { title: "Guia de apicultura", authors: ["Lima, Rui"], publication_date: "2018-04" },
      { title: "Apicultura em rascunho", status: "draft" },
    );
    const search = async () => (await t.request("GET", "/api/search?q=apicultura")).json<Paginated<SearchHit>>();
    expect((await search()).data).toEqual([]);

    const settings = (await t.request("GET", "/api/settings")).json<{
      features: Record<string, { enabled: boolean }>;
    }>();
    const on = {
      ...settings,
      features: { ...settings.features, medias: { ...settings.features.medias, enabled: true } },
    };
    expect((await t.request("POST", "/api/settings", { token: t.superToken, body: on })).status).toBe(200);
    const [hit, ...others] = (await search()).data;
    expect(others).toEqual([]);
    expect(hit).toMatchObject({
      type: "media",
      title: "Guia de apicultura",
      url: expect.stringMatching(/^\/biblioteca\/\d+$/),
      excerpt: "Lima, Rui",
      date: "2018-01-01T00:00:00.000Z",
    });
  });
});

describe("imports", () => {
  const bibtex = (title: string, doi = "") =>
    `@book{key${title.length},\n  title = {${title}},\n  author = {Lima, Rui},\n  year = {2020}${doi ? `,\n  doi = {${doi}}` : ""}\n}\n`;
  const bibFile = (bytes: Uint8Array, name = "referencias.bib") => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name, { type: "application/x-bibtex" }));
    return form;
  };

  it("keep the visitors' filters in step with every change to the library", async () => {
    const typesSeen = async () =>
      (await t.request("GET", "/api/medias/filters"))
        .json<MediaFilters>()
        .types.map((type) => [type.value, type.count]);
    expect(await typesSeen()).toEqual([]);
    const video = await create({ title: "Vídeo da feira", type: "video" });
    expect(await typesSeen()).toEqual([["video", 1]]);
    const put = await t.request("PUT", `/api/medias/${video.id}`, {
      token: t.superToken,
      body: { title: "Vídeo da feira", type: "video", status: "draft" },
    });
    expect(put.status).toBe(200);
    expect(await typesSeen()).toEqual([]);
    const imported = await t.request("POST", "/api/medias/import", {
      token: t.superToken,
      body: { text: bibtex("Livro importado") },
    });
    expect(imported.json<ImportResult>()).toMatchObject({ created: 1 });
    expect(await typesSeen()).toEqual([["book", 1]]);
    const [book] = (await list("?type=book")).data;
    expect((await t.request("DELETE", `/api/medias/${book?.id}`, { token: t.superToken })).status).toBe(204);
    expect(await typesSeen()).toEqual([]);
  });

  it("preview what a file would add, without writing anything", async () => {
    await create({ title: "Já existe", doi: "10.1590/existe.1" });
    const text = bibtex("Livro novo") + bibtex("Outro título", "10.1590/existe.1");
    const response = await t.request("POST", "/api/medias/import/preview", { token: t.superToken, body: { text } });
    expect(response.status).toBe(200);
    expectDocumented("post", "/api/medias/import/preview", response);
    const summary = response.json<ImportSummary>();
    expect(summary).toMatchObject({ format: "bibtex", total: 2, new: 1, duplicates: 1, invalid: 0 });
    expect(summary.entries.map((entry) => [entry.title, entry.status])).toEqual([
      ["Livro novo", "new"],
      ["Outro título", "duplicate"],
    ]);
    expect(await titles("", t.superToken)).toEqual(["Já existe"]);
  });

  it("import the new entries of an uploaded file", async () => {
    const form = bibFile(new TextEncoder().encode(bibtex("Livro novo") + bibtex("Segundo livro")));
    form.append("format", "bibtex");
    const response = await t.request("POST", "/api/medias/import", { token: t.superToken, form });
    expect(response.status).toBe(200);
    expectDocumented("post", "/api/medias/import", response);
    expect(importResultSchema.parse(response.body)).toMatchObject({ total: 2, new: 2, created: 2 });
    expect(await titles("?sort=title", t.superToken)).toEqual(["Livro novo", "Segundo livro"]);
    const again = await t.request("POST", "/api/medias/import", {
      token: t.superToken,
      form: bibFile(new TextEncoder().encode(bibtex("Livro novo"))),
    });
    expect(again.json<ImportResult>()).toMatchObject({ total: 1, duplicates: 1, created: 0 });
    expect((await list("", t.superToken)).pagination.total).toBe(2);
  });

  it("read files saved as Windows-1252 by older tools, and a UTF-8 byte order mark", async () => {
    const latin1 = Uint8Array.from([...bibtex("Título em Português")].map((char) => char.charCodeAt(0)));
    expect(latin1).toContain(0xed);
    const preview = await t.request("POST", "/api/medias/import/preview", {
      token: t.superToken,
      form: bibFile(latin1),
    });
    expect(preview.json<ImportSummary>().entries[0]?.title).toBe("Título em Português");
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(bibtex("Ação coletiva"))]);
    const utf8 = await t.request("POST", "/api/medias/import/preview", { token: t.superToken, form: bibFile(withBom) });
    expect(utf8.json<ImportSummary>().entries.map((entry) => entry.title)).toEqual(["Ação coletiva"]);
  });

  it("refuse files over the size limit with a 413 and nothing written", async () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x20);
    for (const path of ["/api/medias/import/preview", "/api/medias/import"]) {
      const upload = await t.request("POST", path, { token: t.superToken, form: bibFile(big) });
      expect(upload.status, path).toBe(413);
      expect(upload.json(), path).toEqual({ message: IMPORT_TOO_LARGE });
      const json = await t.request("POST", path, {
        token: t.superToken,
        body: { text: "x".repeat(MAX_IMPORT_BYTES + 1) },
      });
      expect(json.status, path).toBe(413);
    }
    expect(IMPORT_TOO_LARGE).toBe("O arquivo passa de 10 MB. Divida-o em arquivos menores.");
    expect(await titles("", t.superToken)).toEqual([]);
  });

  it("refuse a missing or empty file, an unknown format and a body that is not JSON", async () => {
    const cases: Array<[string, FormData | undefined, unknown, Record<string, string[]> | undefined]> = [
      ["no file", new FormData(), undefined, { file: ["Envie um arquivo BibTeX (.bib) ou RIS (.ris) no campo file."] }],
      ["empty file", bibFile(new Uint8Array()), undefined, { file: ["O arquivo enviado está vazio."] }],
      ["empty text", undefined, { text: "" }, { text: ["Envie um arquivo BibTeX (.bib) ou RIS (.ris)"] }],
      ["bad format", undefined, { text: bibtex("X"), format: "csv" }, { format: ["Use bibtex ou ris"] }],
      ["not JSON", undefined, "@book{x}", undefined],
    ];
    const withFormat = bibFile(new TextEncoder().encode(bibtex("X")));
    withFormat.append("format", "endnote");
    cases.push(["bad form format", withFormat, undefined, { format: ["Use bibtex ou ris"] }]);
    for (const [label, form, body, errors] of cases) {
      const response = await t.request("POST", "/api/medias/import/preview", { token: t.superToken, form, body });
      expect(response.status, label).toBe(400);
      expect(response.json<ErrorBody>().errors, label).toEqual(errors);
    }
  });
});
