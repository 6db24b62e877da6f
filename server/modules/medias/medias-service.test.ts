import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { ListQuery } from "../../../common/pagination.ts";
import { type MediaInput, type MediaListQuery, mediaSchema } from "../../../common/schemas/media.ts";
import { resetDatabase } from "../../../tests/support/database.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import type { Actor } from "../../kernel/access.ts";
import { mediaValues } from "./media-row.ts";
import { MAX_EXPORT_ITEMS } from "./medias-service.ts";
import { medias } from "./tables.ts";

// Fixtures are written straight to the table; the harness gives each test a service with an empty filters cache.
const t = withTestServices();

const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const superUser: Actor = { ...admin, role: "super" };
const customer: Actor = { id: 2, name: "Bia", email: "bia@example.com", role: "user" };
const listQuery: ListQuery & MediaListQuery = { page: 1, per_page: 30, q: "", sort: "relevance" };

const item = (fields: Record<string, unknown>): MediaInput =>
  mediaSchema.parse({ type: "book", status: "published", ...fields });

/** Writes straight to the table: fast fixtures that go through the same row mapping as the service. */
async function seed(...fields: Record<string, unknown>[]): Promise<number[]> {
  const rows = await t.database.db
    .insert(medias)
    .values(fields.map((one) => mediaValues(item(one))))
    .returning({ id: medias.id });
  return rows.map((row) => row.id);
}

const titles = async (query: Partial<ListQuery & MediaListQuery>, actor: Actor | null = null) =>
  (await t.services.medias.list(actor, { ...listQuery, ...query })).data.map((view) => view.title);

describe("writes", () => {
  it("are for administrators only", async () => {
    const created = await t.services.medias.create(superUser, item({ title: "Manual" }));
    for (const actor of [null, customer]) {
      const kind = actor ? "forbidden" : "unauthenticated";
      expect((await failure(t.services.medias.create(actor, item({ title: "X" })))).kind).toBe(kind);
      expect((await failure(t.services.medias.update(actor, created.id, item({ title: "X" })))).kind).toBe(kind);
      expect((await failure(t.services.medias.remove(actor, created.id))).kind).toBe(kind);
    }
    expect(await titles({}, admin)).toEqual(["Manual"]);
  });

  it("create, update and remove an item, keeping the view in step with the row", async () => {
    const created = await t.services.medias.create(
      admin,
      item({
        title: "Sementes crioulas",
        type: "teaching_material",
        authors: ["Silva, Ana", " ", "{Embrapa}"],
        description: '<p onclick="x()">Guia<script>alert(1)</script></p>',
        publication_date: "05/2019",
        doi: "https://doi.org/10.1590/ABC.1",
        languages: ["pt", "English"],
        tags: ["sementes", "sementes"],
        embed_url: "https://youtu.be/dQw4w9WgXcQ",
      }),
    );
    expect(created).toMatchObject({
      title: "Sementes crioulas",
      type: "teaching_material",
      authors: ["Silva, Ana", "{Embrapa}"],
      description: "<p>Guia</p>",
      publication_date: "2019-05",
      date_precision: "month",
      year: 2019,
      doi: "10.1590/ABC.1",
      languages: ["Português", "Inglês"],
      tags: ["sementes"],
      status: "published",
      url_path: `/biblioteca/${created.id}`,
    });
    expect(await t.services.medias.get(null, created.id)).toEqual(created);

    await t.database.db.update(medias).set({ updatedAt: new Date("2000-01-01T00:00:00Z") });
    const updated = await t.services.medias.update(
      admin,
      created.id,
      item({ title: "Sementes", publication_date: "2020" }),
    );
    expect(updated).toMatchObject({ id: created.id, title: "Sementes", publication_date: "2020", authors: [] });
    expect(updated.created_at).toBe(created.created_at);
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse("2000-01-01T00:00:00Z"));
    expect(await t.services.medias.get(null, created.id)).toEqual(updated);

    await t.services.medias.remove(admin, created.id);
    const gone = await failure(t.services.medias.get(admin, created.id));
    expect([gone.kind, gone.message]).toEqual(["not_found", "Item não encontrado."]);
    expect((await failure(t.services.medias.update(admin, created.id, item({ title: "X" })))).kind).toBe("not_found");
    expect((await failure(t.services.medias.remove(admin, created.id))).kind).toBe("not_found");
  });
});

describe("visibility", () => {
  it("hides drafts from visitors and customers, whatever the status filter, and shows them to administrators", async () => {
    const [, draft = 0] = await seed(
      { title: "Publicado", tags: ["visivel"], publication_date: "2020" },
      { title: "Rascunho", status: "draft", type: "video", tags: ["oculta"], publication_date: "1999" },
    );
    for (const actor of [null, customer]) {
      expect(await titles({}, actor)).toEqual(["Publicado"]);
      expect(await titles({ status: "draft" }, actor)).toEqual(["Publicado"]);
      const hidden = await failure(t.services.medias.get(actor, draft));
      expect([hidden.kind, hidden.message]).toEqual(["not_found", "Item não encontrado."]);
      expect(await t.services.medias.exportItems(actor, { ...listQuery })).toHaveLength(1);
      const filters = await t.services.medias.filters(actor);
      expect(filters.tags).toEqual([{ value: "visivel", count: 1 }]);
      expect(filters.types.map((type) => type.value)).toEqual(["book"]);
      expect(filters.years).toEqual([{ value: 2020, count: 1 }]);
    }
    expect(await titles({}, admin)).toEqual(["Publicado", "Rascunho"]);
    expect(await titles({ status: "draft" }, admin)).toEqual(["Rascunho"]);
    expect(await titles({ status: "published" }, admin)).toEqual(["Publicado"]);
    expect((await t.services.medias.get(admin, draft)).status).toBe("draft");
    expect((await t.services.medias.filters(admin)).tags.map((tag) => tag.value)).toEqual(["oculta", "visivel"]);
  });
});

describe("filters", () => {
  beforeEach(async () => {
    await seed(
      {
        title: "Livro antigo",
        categories: ["Agricultura", "Solos"],
        tags: ["solo"],
        languages: ["Português"],
        publication_date: "1998",
      },
      {
        title: "Artigo recente",
        type: "journal_article",
        categories: ["Solos"],
        tags: ["solo", "água"],
        languages: ["Inglês", "Português"],
        publication_date: "2021-03",
      },
      { title: "Vídeo sem data", type: "video", categories: ["Agricultura"], languages: ["Espanhol"] },
      { title: "Livro do meio", categories: ["Água"], tags: ["Água"], publication_date: "2010-10-10" },
    );
  });

  it("narrow the list by type, category, tag and language", async () => {
    expect(await titles({ type: "book", sort: "title" })).toEqual(["Livro antigo", "Livro do meio"]);
    expect(await titles({ type: "thesis" })).toEqual([]);
    expect(await titles({ category: "Solos", sort: "title" })).toEqual(["Artigo recente", "Livro antigo"]);
    expect(await titles({ category: "solos" })).toEqual([]);
    expect(await titles({ tag: "água" })).toEqual(["Artigo recente"]);
    expect(await titles({ tag: "Água" })).toEqual(["Livro do meio"]);
    expect(await titles({ language: "Inglês" })).toEqual(["Artigo recente"]);
    // Codes and spellings reference managers use find the language's name.
    expect(await titles({ language: "pt", sort: "title" })).toEqual(["Artigo recente", "Livro antigo"]);
    expect(await titles({ language: "spanish" })).toEqual(["Vídeo sem data"]);
    expect(await titles({ type: "book", category: "Solos", tag: "solo", language: "pt" })).toEqual(["Livro antigo"]);
  });

  it("keep a year range, leaving out items without a year", async () => {
    expect(await titles({ year_from: 2000 })).toEqual(["Artigo recente", "Livro do meio"]);
    expect(await titles({ year_to: 2010 })).toEqual(["Livro do meio", "Livro antigo"]);
    expect(await titles({ year_from: 2010, year_to: 2010 })).toEqual(["Livro do meio"]);
    expect(await titles({ year_from: 1998, year_to: 2021 })).toEqual([
      "Artigo recente",
      "Livro do meio",
      "Livro antigo",
    ]);
    expect(await titles({ year_from: 2022 })).toEqual([]);
  });

  it("count what is in use: types in the form's order, values most used first, years newest first", async () => {
    await seed({
      title: "Rascunho",
      type: "thesis",
      categories: ["Oculta"],
      status: "draft",
      publication_date: "2030",
    });
    expect(await t.services.medias.filters(null)).toEqual({
      types: [
        { value: "journal_article", label: "Artigo de periódico", count: 1 },
        { value: "book", label: "Livro", count: 2 },
        { value: "video", label: "Vídeo", count: 1 },
      ],
      categories: [
        { value: "Agricultura", count: 2 },
        { value: "Solos", count: 2 },
        { value: "Água", count: 1 },
      ],
      tags: [
        { value: "solo", count: 2 },
        { value: "Água", count: 1 },
        { value: "água", count: 1 },
      ],
      languages: [
        { value: "Português", count: 2 },
        { value: "Espanhol", count: 1 },
        { value: "Inglês", count: 1 },
      ],
      years: [
        { value: 2021, count: 1 },
        { value: 2010, count: 1 },
        { value: 1998, count: 1 },
      ],
    });
    const forAdmin = await t.services.medias.filters(admin);
    expect(forAdmin.types.map((type) => type.value)).toEqual(["journal_article", "book", "thesis", "video"]);
    expect(forAdmin.years[0]).toEqual({ value: 2030, count: 1 });
  });

  it("are empty on an empty library", async () => {
    await resetDatabase(t.database);
    expect(await t.services.medias.filters(admin)).toEqual({
      types: [],
      categories: [],
      tags: [],
      languages: [],
      years: [],
    });
  });
});

describe("text search", () => {
  it("ignores accents and case and matches Portuguese word forms in titles, authors, tags and categories", async () => {
    await seed(
      { title: "Transição AGROECOLÓGICA de agricultores familiares" },
      { title: "Sementes", authors: ["{Associação Brasileira de Agroecologia}"], categories: ["Agricultura familiar"] },
      { title: "Quintais", tags: ["agroecologia", "família"], description: "<p>Produção familiar.</p>" },
      { title: "Agroecologia urbana" },
      { title: "Agricultura familiar" },
    );
    expect(await titles({ q: "agroecologia familiar", sort: "title" })).toEqual([
      "Quintais",
      "Sementes",
      "Transição AGROECOLÓGICA de agricultores familiares",
    ]);
    expect(await titles({ q: "agroecológicas", sort: "title" })).toEqual([
      "Agroecologia urbana",
      "Quintais",
      "Sementes",
      "Transição AGROECOLÓGICA de agricultores familiares",
    ]);
    expect(await titles({ q: '"agricultura familiar"', sort: "title" })).toEqual(["Agricultura familiar", "Sementes"]);
    expect(await titles({ q: "agroecologia -urbana", sort: "title" })).toEqual([
      "Quintais",
      "Sementes",
      "Transição AGROECOLÓGICA de agricultores familiares",
    ]);
  });

  it("ranks a title match above an authors or tags match, and those above a description match, even a repetitive one", async () => {
    await seed(
      {
        title: "Cartilha",
        description: `<p>${"Manejo do solo é essencial. ".repeat(30)}</p>`,
        publication_date: "2024",
      },
      { title: "Guia", tags: ["manejo do solo"], publication_date: "2023" },
      { title: "Manejo do solo no semiárido", publication_date: "2000" },
      { title: "Outro tema" },
    );
    expect(await titles({ q: "manejo solo" })).toEqual(["Manejo do solo no semiárido", "Guia", "Cartilha"]);
    // Without search words, relevance is the newest order; other sorts apply with words too.
    expect(await titles({})).toEqual(["Cartilha", "Guia", "Manejo do solo no semiárido", "Outro tema"]);
    expect(await titles({ q: "manejo solo", sort: "newest" })).toEqual([
      "Cartilha",
      "Guia",
      "Manejo do solo no semiárido",
    ]);
  });

  it("treats hostile or odd input as data", async () => {
    await seed({ title: "Drop table medias" }, { title: "De tudo um pouco" });
    expect(await titles({ q: "'; DROP TABLE medias; --" })).toEqual(["Drop table medias"]);
    expect(await titles({ q: "a & | ! ( :* <->" })).toEqual([]);
    expect(await titles({ q: '"tudo um" -nada or ( & ! :*' })).toEqual(["De tudo um pouco"]);
    expect(await titles({ q: "de" })).toEqual([]);
    const long = `${"pouco ".repeat(1666)}tudo`;
    expect(long).toHaveLength(10_000);
    expect(await titles({ q: long })).toEqual(["De tudo um pouco"]);
    expect(await t.database.db.select().from(medias)).toHaveLength(2);
  });
});

describe("order and pages", () => {
  it("sorts newest by year, month and day (unknown parts last) and by title without case or accents", async () => {
    await seed(
      { title: "zebu", publication_date: "2020" },
      { title: "Árvores", publication_date: "2020-05" },
      { title: "abelhas", publication_date: "2020-05-10" },
      { title: "Banana", publication_date: "2021" },
      { title: "Água", publication_date: "" },
      { title: "Éden", publication_date: "31/12/2019" },
      { title: "Água" },
    );
    expect(await titles({ sort: "newest" })).toEqual(["Banana", "abelhas", "Árvores", "zebu", "Éden", "Água", "Água"]);
    expect(await titles({ sort: "title" })).toEqual(["abelhas", "Água", "Água", "Árvores", "Banana", "Éden", "zebu"]);
    const ids = (await t.services.medias.list(null, { ...listQuery, sort: "title" })).data.map((view) => view.id);
    expect(ids[1]).toBeLessThan(ids[2] ?? 0);
  });

  it("pages through the list and counts every match", async () => {
    await seed(
      ...Array.from({ length: 65 }, (_, index) => ({
        title: `Item ${String(index).padStart(2, "0")}`,
        publication_date: String(1950 + index),
      })),
    );
    const pages = await Promise.all([1, 2, 3, 4].map((page) => t.services.medias.list(null, { ...listQuery, page })));
    expect(pages.map((page) => page.data.length)).toEqual([30, 30, 5, 0]);
    expect(pages.map((page) => page.pagination)).toEqual(
      [1, 2, 3, 4].map((page) => ({ total: 65, page, per_page: 30 })),
    );
    const seen = pages.flatMap((page) => page.data.map((view) => view.title));
    expect(new Set(seen).size).toBe(65);
    expect(seen[0]).toBe("Item 64");
    expect(seen[64]).toBe("Item 00");
    const filtered = await t.services.medias.list(null, { ...listQuery, per_page: 10, year_from: 2000 });
    expect(filtered.pagination).toEqual({ total: 15, page: 1, per_page: 10 });
  });
});

describe("exportItems", () => {
  it("gives every matching item in list order, past one page", async () => {
    await seed(
      ...Array.from({ length: 35 }, (_, index) => ({
        title: `Livro ${index}`,
        publication_date: String(1900 + index),
      })),
      { title: "Vídeo", type: "video", publication_date: "2000" },
    );
    const books = await t.services.medias.exportItems(null, { q: "", sort: "newest", type: "book" });
    expect(books).toHaveLength(35);
    expect(books[0]?.title).toBe("Livro 34");
    expect(books.at(-1)?.title).toBe("Livro 0");
    expect(
      (await t.services.medias.exportItems(null, { q: "vídeo", sort: "relevance" })).map((view) => view.title),
    ).toEqual(["Vídeo"]);
  });

  it(`stops at ${MAX_EXPORT_ITEMS} items`, async () => {
    await t.database.db.execute(
      sql`INSERT INTO medias (title, type, publication_year) SELECT 'Item ' || n, 'book', 1000 + n % 1000 FROM generate_series(1, ${MAX_EXPORT_ITEMS + 1}) AS n`,
    );
    const items = await t.services.medias.exportItems(admin, { q: "", sort: "newest" });
    expect(items).toHaveLength(MAX_EXPORT_ITEMS);
    expect(items[0]?.year).toBe(1999);
  });
});
