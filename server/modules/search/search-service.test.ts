import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sitePaths } from "../../../common/site-paths.ts";
import { withTestDatabase } from "../../../tests/support/with-test-services.ts";
import { events, pages, posts, SEARCHED_CONTENT_CHARS } from "../content/tables.ts";
import { medias } from "../medias/tables.ts";
import { createSearchService, decodeEntities, type SearchService } from "./search-service.ts";

const t = withTestDatabase();
let service: SearchService;
const allOn = { posts: true, events: true, medias: true, shop: true };
let features = allOn;
beforeAll(() => {
  service = createSearchService(t.database.db, async () => features);
});
beforeEach(() => {
  features = allOn;
});

const hour = 60 * 60 * 1000;
const search = (q: string, page = 1, per_page = 20) => service.search({ q, page, per_page });
const titles = async (q: string) => (await search(q)).data.map((hit) => hit.title);

describe("search service", () => {
  it("searches a body by its first 100,000 characters, whose vector the saving statement makes", async () => {
    const filler = "<p>relatório da assembleia</p>".repeat(Math.ceil(SEARCHED_CONTENT_CHARS / 30));
    await t.database.db.insert(posts).values({
      title: "Notícia muito longa",
      slug: "noticia-longa",
      status: "published",
      publishedAt: new Date(),
      content: `<p>Começo com mutirão.</p>${filler}<p>Fim com colheita.</p>`,
    });
    expect(await titles("mutirão")).toEqual(["Notícia muito longa"]);
    expect(await titles("assembleia")).toEqual(["Notícia muito longa"]);
    expect(await titles("colheita")).toEqual([]);
  });

  it("leaves out news, events and library items while their feature is switched off", async () => {
    const db = t.database.db;
    const now = new Date();
    await db.insert(pages).values({ title: "Feira da cooperativa", slug: "feira", status: "published" });
    await db
      .insert(posts)
      .values({ title: "Feira anunciada", slug: "feira-anunciada", status: "published", publishedAt: now });
    await db.insert(events).values({
      title: "Feira de sábado",
      slug: "feira-sabado",
      status: "published",
      startAt: new Date(now.getTime() + 24 * hour),
      endAt: new Date(now.getTime() + 26 * hour),
    });
    await db.insert(medias).values({ title: "Guia da feira", type: "book", status: "published" });
    expect((await search("feira")).pagination.total).toBe(4);
    expect((await search("feira", 9, 2)).pagination.total).toBe(4);
    features = { ...allOn, posts: false };
    expect((await search("feira")).data.map((hit) => hit.type).sort()).toEqual(["event", "media", "page"]);
    features = { ...allOn, medias: false };
    expect((await search("feira")).data.map((hit) => hit.type).sort()).toEqual(["event", "page", "post"]);
    features = { posts: false, events: false, medias: false, shop: false };
    const onlyPages = await search("feira");
    expect(onlyPages.data.map((hit) => hit.type)).toEqual(["page"]);
    expect(onlyPages.pagination.total).toBe(1);
    expect((await search("feira", 2, 1)).pagination.total).toBe(1);
  });

  it("finds published pages, news and events regardless of accents, case and word endings", async () => {
    const db = t.database.db;
    const [page] = await db
      .insert(pages)
      .values({
        title: "Quem somos",
        slug: "quem-somos",
        status: "published",
        content: "<p>Somos uma Cooperativa.</p>",
      })
      .returning();
    const [post] = await db
      .insert(posts)
      .values({
        title: "Feira Agroecológica de sábado",
        slug: "feira",
        status: "published",
        publishedAt: new Date("2025-03-01T12:00:00Z"),
      })
      .returning();
    const [event] = await db
      .insert(events)
      .values({
        title: "Assembleia das COOPERATIVAS",
        slug: "assembleia",
        status: "published",
        startAt: new Date("2030-05-10T13:00:00Z"),
        endAt: new Date("2030-05-10T17:00:00Z"),
      })
      .returning();
    if (!page || !post || !event) throw new Error("insert failed");

    const result = await search("cooperativas");
    expect(result.pagination).toEqual({ total: 2, page: 1, per_page: 20 });
    expect(result.data.map((hit) => [hit.type, hit.title, hit.url])).toEqual([
      ["event", "Assembleia das COOPERATIVAS", "/agenda/assembleia"],
      ["page", "Quem somos", "/quem-somos"],
    ]);
    expect(result.data[0]?.date).toBe("2030-05-10T13:00:00.000Z");
    expect(result.data[1]?.date).toBe(page.updatedAt.toISOString());
    expect(result.data[1]?.excerpt).toBe("Somos uma «Cooperativa».");

    const found = await search("agroecologica");
    expect(found.data).toEqual([
      {
        type: "post",
        id: post.id,
        title: "Feira Agroecológica de sábado",
        url: "/noticias/feira",
        excerpt: "",
        date: "2025-03-01T12:00:00.000Z",
        rank: expect.any(Number),
      },
    ]);
    expect(found.data[0]?.rank).toBeGreaterThan(0);
    expect(await titles("SÁBADO")).toEqual(["Feira Agroecológica de sábado"]);
  });

  it("finds published library items by title, authors, tags and description, dated by their year", async () => {
    const db = t.database.db;
    const [dated, undated] = await db
      .insert(medias)
      .values([
        {
          title: "Cartilha de sementes",
          type: "teaching_material",
          status: "published",
          authors: ["Silva, Ana", "{Embrapa}"],
          description: "<p>Como guardar <strong>sementes crioulas</strong> &amp; trocá-las.</p>",
          publicationYear: 2019,
          publicationMonth: 5,
        },
        {
          title: "Feira de trocas",
          type: "video",
          status: "published",
          tags: ["sementes"],
        },
        { title: "Sementes em rascunho", type: "book", status: "draft" },
      ])
      .returning();
    if (!dated || !undated) throw new Error("insert failed");
    const hits = (await search("semente")).data;
    expect(hits).toEqual([
      {
        type: "media",
        id: dated.id,
        title: "Cartilha de sementes",
        url: sitePaths.media(dated.id),
        excerpt: "Silva, Ana; {Embrapa} Como guardar «sementes» crioulas & trocá-las.",
        date: "2019-01-01T00:00:00.000Z",
        rank: expect.any(Number),
      },
      {
        type: "media",
        id: undated.id,
        title: "Feira de trocas",
        url: sitePaths.media(undated.id),
        excerpt: "",
        date: undated.updatedAt.toISOString(),
        rank: expect.any(Number),
      },
    ]);
    expect((await search("embrapa")).data.map((hit) => hit.id)).toEqual([dated.id]);
    expect((await search("SILVA crioula")).data.map((hit) => hit.id)).toEqual([dated.id]);
  });

  it("never shows drafts, future news or draft events", async () => {
    const db = t.database.db;
    await db.insert(pages).values({ title: "Rascunho sobre mel", slug: "rascunho" });
    await db.insert(posts).values([
      { title: "Mel futuro", slug: "futuro", status: "published", publishedAt: new Date(Date.now() + hour) },
      { title: "Mel em rascunho", slug: "rascunho", publishedAt: new Date(Date.now() - hour) },
      { title: "Mel publicado", slug: "publicado", status: "published", publishedAt: new Date(Date.now() - hour) },
    ]);
    await db.insert(events).values({
      title: "Mel na feira",
      slug: "feira",
      startAt: new Date(),
      endAt: new Date(),
    });
    expect(await titles("mel")).toEqual(["Mel publicado"]);
  });

  it("ranks a title match above a body-only match, even a body that repeats the word", async () => {
    const db = t.database.db;
    await db.insert(pages).values({
      title: "Nossa história",
      slug: "historia",
      status: "published",
      content: `<p>${"Produzimos café orgânico. ".repeat(20)}</p>`,
    });
    await db.insert(posts).values({ title: "Colheita do café", slug: "colheita", status: "published" });
    await db.insert(events).values({
      title: "Oficina",
      slug: "oficina",
      status: "published",
      summary: "Torra de café",
      startAt: new Date(),
      endAt: new Date(),
    });
    const hits = (await search("cafe")).data;
    expect(hits.map((hit) => hit.title)).toEqual(["Colheita do café", "Oficina", "Nossa história"]);
    expect(hits[0]?.rank).toBeGreaterThan(hits[1]?.rank ?? 0);
    expect(hits[1]?.rank).toBeGreaterThan(hits[2]?.rank ?? 0);
  });

  it("gives a plain-text excerpt: tags stripped, entities decoded, matches marked", async () => {
    await t.database.db.insert(pages).values({
      title: "Sobre",
      slug: "sobre",
      status: "published",
      summary: "Resumo",
      content:
        '<h2>Origem</h2><p>Produtores&nbsp;de <strong>cacau</strong> &amp; castanha <a href="/x?cacau=1">aqui</a>.</p><script>cacau()</script>',
    });
    const [hit] = (await search("cacau")).data;
    expect(hit?.excerpt).not.toMatch(/[<>]/);
    expect(hit?.excerpt).toContain("Produtores de «cacau» & castanha aqui");
    expect(hit?.excerpt).not.toContain("href");
  });

  it("pages through one ordered list and counts every hit", async () => {
    await t.database.db.insert(posts).values(
      Array.from({ length: 5 }, (_, index) => ({
        title: `Notícia ${index} sobre sementes`,
        slug: `n-${index}`,
        status: "published" as const,
        publishedAt: new Date(Date.UTC(2025, 0, index + 1)),
      })),
    );
    await t.database.db.insert(pages).values({ title: "Sementes crioulas", slug: "sementes", status: "published" });
    const first = await search("semente", 1, 2);
    const second = await search("semente", 2, 2);
    const third = await search("semente", 3, 2);
    const all = await search("semente", 1, 10);
    expect(first.pagination).toEqual({ total: 6, page: 1, per_page: 2 });
    expect([...first.data, ...second.data, ...third.data].map((hit) => hit.url)).toEqual(
      all.data.map((hit) => hit.url),
    );
    // Same rank: the newest first.
    expect(all.data.slice(1).map((hit) => hit.url)).toEqual([
      "/noticias/n-4",
      "/noticias/n-3",
      "/noticias/n-2",
      "/noticias/n-1",
      "/noticias/n-0",
    ]);
    const past = await search("semente", 9, 2);
    expect(past).toEqual({ data: [], pagination: { total: 6, page: 9, per_page: 2 } });
  });

  it("answers nothing for an empty query, stop words only, or odd syntax", async () => {
    await t.database.db.insert(pages).values({ title: "De tudo um pouco", slug: "tudo", status: "published" });
    expect(await search("")).toEqual({ data: [], pagination: { total: 0, page: 1, per_page: 20 } });
    expect(await search("   ")).toEqual({ data: [], pagination: { total: 0, page: 1, per_page: 20 } });
    expect((await search("de")).data).toEqual([]);
    expect(await titles('"tudo um" -nada or ( & ! :*')).toEqual(["De tudo um pouco"]);
    expect(await titles("pouco -tudo")).toEqual([]);
  });

  it("treats the query as data", async () => {
    await t.database.db.insert(pages).values({ title: "Drop table pages", slug: "tabela", status: "published" });
    expect(await titles("'; DROP TABLE pages; --")).toEqual(["Drop table pages"]);
    expect(await t.database.db.select().from(pages)).toHaveLength(1);
  });
});

describe("decodeEntities", () => {
  it("decodes named and numeric entities and leaves unknown ones", () => {
    expect(decodeEntities("a&amp;b &lt;x&gt; &#233; &#xE9; &foo; &#0;")).toBe("a&b <x> é é &foo; &#0;");
  });
});
