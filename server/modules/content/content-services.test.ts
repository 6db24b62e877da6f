import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservedSlugs } from "../../../common/content.ts";
import type { ListQuery } from "../../../common/pagination.ts";
import {
  type ContentListQuery,
  type EventInput,
  eventSchema,
  pageSchema,
  postSchema,
} from "../../../common/schemas/content.ts";
import { menuSchema } from "../../../common/schemas/menu.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import type { Actor } from "../../kernel/access.ts";
import { events as eventsTable } from "./tables.ts";

const t = withTestServices();
const pages = () => t.services.pages;
const posts = () => t.services.posts;
const events = () => t.services.events;

const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const superUser: Actor = { ...admin, role: "super" };
const customer: Actor = { id: 2, name: "Bia", email: "bia@example.com", role: "user" };
const listQuery: ListQuery & ContentListQuery = { page: 1, per_page: 20, q: "", sort: "date_desc" };
const HOUR = 3600_000;

const page = (fields: Record<string, unknown>) => pageSchema.parse({ status: "published", ...fields });
const post = (fields: Record<string, unknown>) => postSchema.parse({ status: "published", ...fields });
const event = (fields: Record<string, unknown>): EventInput => eventSchema.parse({ status: "published", ...fields });

describe("permissions", () => {
  it("lets only administrators write", async () => {
    const service = pages();
    const created = await service.create(superUser, page({ title: "Sobre" }));
    for (const actor of [null, customer]) {
      const kind = actor ? "forbidden" : "unauthenticated";
      expect((await failure(service.create(actor, page({ title: "X" })))).kind).toBe(kind);
      expect((await failure(service.update(actor, created.id, page({ title: "X" })))).kind).toBe(kind);
      expect((await failure(service.remove(actor, created.id))).kind).toBe(kind);
      expect((await failure(posts().create(actor, post({ title: "X" })))).kind).toBe(kind);
      const times = { start_at: "2030-01-01T10:00:00Z", end_at: "2030-01-01T12:00:00Z" };
      expect((await failure(events().create(actor, event({ title: "X", ...times })))).kind).toBe(kind);
    }
    expect((await service.list(admin, listQuery)).pagination.total).toBe(1);
  });

  it("announces each page write, so the header menu follows the page's address at once", async () => {
    const service = pages();
    const created = await service.create(admin, page({ title: "Sobre", status: "published" }));
    await t.services.menus.create(admin, menuSchema.parse({ name: "Sobre", page_id: created.id }));
    const hrefs = async () => (await t.services.menus.listEnabled()).map((item) => item.href);
    expect(await hrefs()).toEqual(["/sobre"]);
    await service.update(admin, created.id, page({ title: "Sobre nós", status: "published" }));
    expect(await hrefs()).toEqual(["/sobre-nos"]);
    await service.remove(admin, created.id);
    expect(await hrefs()).toEqual([]);
  });
});

describe("slugs", () => {
  it("are made from the title without accents, with a suffix when taken", async () => {
    const service = pages();
    const titles = ["Quem Somos — Nossa história!", "Quem somos: nossa História", "QUEM SOMOS NOSSA HISTÓRIA"];
    const slugs = [];
    for (const title of titles) slugs.push((await service.create(admin, page({ title }))).slug);
    expect(slugs).toEqual(["quem-somos-nossa-historia", "quem-somos-nossa-historia-2", "quem-somos-nossa-historia-3"]);
    const created = await service.get(null, "quem-somos-nossa-historia-2");
    expect(created.url).toBe("/quem-somos-nossa-historia-2");
    // The same slug may be used by a page, a news item and an event.
    expect((await posts().create(admin, post({ title: "Quem somos, nossa história" }))).slug).toBe(
      "quem-somos-nossa-historia",
    );
  });

  it("never generate an all-digit or reserved slug", async () => {
    expect((await pages().create(admin, page({ title: "2025" }))).slug).toBe("pagina-2025");
    expect((await posts().create(admin, post({ title: "2025" }))).slug).toBe("noticia-2025");
    const times = { start_at: "2030-01-01T10:00:00Z", end_at: "2030-01-01T12:00:00Z" };
    expect((await events().create(admin, event({ title: "2025", ...times }))).slug).toBe("evento-2025");
    expect((await pages().create(admin, page({ title: "?!" }))).slug).toBe("pagina");
    expect((await pages().create(admin, page({ title: "Contato" }))).slug).toBe("contato-2");
    expect((await pages().create(admin, page({ title: "Notícias" }))).slug).toBe("noticias-2");
    // Only page slugs share the site's top level.
    expect((await posts().create(admin, post({ title: "Contato" }))).slug).toBe("contato");
  });

  it("refuse a given slug that is taken (409), reserved or all digits (400)", async () => {
    const service = pages();
    const first = await service.create(admin, page({ title: "Um", slug: "sobre" }));
    const taken = await failure(service.create(admin, page({ title: "Dois", slug: "sobre" })));
    expect(taken.kind).toBe("conflict");
    expect(taken.fieldErrors).toEqual({ slug: ["Este endereço já está em uso."] });
    for (const slug of reservedSlugs.filter((value) => /^[a-z0-9-]+$/.test(value))) {
      const error = await failure(service.create(admin, page({ title: "X", slug })));
      expect(error.kind, slug).toBe("invalid");
      expect(error.fieldErrors?.slug, slug).toBeDefined();
    }
    const digits = await failure(service.create(admin, page({ title: "X", slug: "123" })));
    expect(digits.kind).toBe("invalid");
    expect(digits.fieldErrors).toEqual({ slug: ["O endereço não pode ter só números."] });
    // A page keeps its own slug on update; another page's is refused.
    const second = await service.create(admin, page({ title: "Dois" }));
    expect((await service.update(admin, first.id, page({ title: "Um!", slug: "sobre" }))).slug).toBe("sobre");
    expect((await failure(service.update(admin, second.id, page({ title: "Dois", slug: "sobre" })))).kind).toBe(
      "conflict",
    );
    // An empty slug on update is made from the (new) title, ignoring the page's own current slug.
    expect((await service.update(admin, second.id, page({ title: "Dois" }))).slug).toBe("dois");
    expect((await service.update(admin, second.id, page({ title: "Três" }))).slug).toBe("tres");
  });

  it("get reads digits as an id and anything else as a slug", async () => {
    const service = pages();
    const created = await service.create(admin, page({ title: "Sobre", slug: "sobre-2024" }));
    expect((await service.get(null, String(created.id))).slug).toBe("sobre-2024");
    expect((await service.get(null, "sobre-2024")).id).toBe(created.id);
    for (const missing of ["999", "0", "99999999999999", "nada"]) {
      const error = await failure(service.get(null, missing));
      expect(error.kind, missing).toBe("not_found");
      expect(error.message).toBe("Página não encontrada.");
    }
  });
});

describe("rich text", () => {
  it("is stored sanitised", async () => {
    const hostile =
      '<p style="text-align:center;background:url(x)" onclick="x()">Olá<script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a><svg onload="alert(1)"></svg>' +
      '<iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube.com/embed/abc"></iframe>';
    const clean =
      '<p style="text-align:center">Olá</p><a>link</a><iframe src="https://www.youtube.com/embed/abc"></iframe>';
    const created = await pages().create(admin, page({ title: "Sobre", content: hostile }));
    expect(created.content).toBe(clean);
    expect((await pages().get(null, "sobre")).content).toBe(clean);
    const updated = await pages().update(admin, created.id, page({ title: "Sobre", content: hostile }));
    expect(updated.content).toBe(clean);
    const news = await posts().create(admin, post({ title: "N", content: hostile }));
    expect(news.content).toBe(clean);
    const times = { start_at: "2030-01-01T10:00:00Z", end_at: "2030-01-01T12:00:00Z" };
    expect((await events().create(admin, event({ title: "E", content: hostile, ...times }))).content).toBe(clean);
  });
});

describe("visibility", () => {
  it("hides drafts from everyone but administrators", async () => {
    const service = pages();
    await service.create(admin, page({ title: "Pública" }));
    const draft = await service.create(admin, page({ title: "Rascunho", status: "draft", tags: ["oculta"] }));
    for (const actor of [null, customer]) {
      expect((await service.list(actor, listQuery)).data.map((item) => item.title)).toEqual(["Pública"]);
      // The status filter is ignored for them.
      expect((await service.list(actor, { ...listQuery, status: "draft" })).pagination.total).toBe(1);
      expect((await failure(service.get(actor, "rascunho"))).kind).toBe("not_found");
      expect((await failure(service.get(actor, String(draft.id)))).kind).toBe("not_found");
      expect(await service.tags(actor)).toEqual([]);
    }
    expect((await service.get(admin, "rascunho")).status).toBe("draft");
    expect((await service.list(admin, listQuery)).pagination.total).toBe(2);
    expect((await service.list(admin, { ...listQuery, status: "draft" })).data.map((item) => item.id)).toEqual([
      draft.id,
    ]);
    expect(await service.tags(admin)).toEqual([{ tag: "oculta", count: 1 }]);
    expect(await service.sitemap()).toEqual([{ url: "/publica", updated_at: expect.any(String) }]);
    expect(await service.linksFor([draft.id, 999])).toEqual(
      new Map([[draft.id, { slug: "rascunho", status: "draft" }]]),
    );
    expect(await service.linksFor([])).toEqual(new Map());
  });

  it("hides news with a future publication date until then, but shows them to administrators", async () => {
    const service = posts();
    const now = Date.now();
    await service.create(admin, post({ title: "Ontem", published_at: new Date(now - 24 * HOUR), tags: ["a"] }));
    const future = await service.create(
      admin,
      post({ title: "Amanhã", published_at: new Date(now + 24 * HOUR).toISOString(), tags: ["a", "b"] }),
    );
    await service.create(admin, post({ title: "Rascunho", status: "draft" }));
    expect((await service.list(null, listQuery)).data.map((item) => item.title)).toEqual(["Ontem"]);
    expect((await service.list(customer, listQuery)).pagination.total).toBe(1);
    expect((await failure(service.get(null, "amanha"))).message).toBe("Notícia não encontrada.");
    expect((await failure(service.get(customer, String(future.id)))).kind).toBe("not_found");
    expect(await service.tags(null)).toEqual([{ tag: "a", count: 1 }]);
    expect((await service.sitemap()).map((item) => item.url)).toEqual(["/noticias/ontem"]);

    const preview = await service.get(admin, "amanha");
    expect(preview.published_at).toBe(future.published_at);
    expect(preview.url).toBe("/noticias/amanha");
    expect((await service.list(admin, listQuery)).data.map((item) => item.title)).toEqual([
      "Amanhã",
      "Rascunho",
      "Ontem",
    ]);
    expect(await service.tags(admin)).toEqual([
      { tag: "a", count: 2 },
      { tag: "b", count: 1 },
    ]);
  });
});

describe("lists", () => {
  it("search ignores accents and word endings, best match first", async () => {
    const service = pages();
    await service.create(admin, page({ title: "Cooperativa", content: "<p>Quem somos</p>" }));
    await service.create(admin, page({ title: "Feira Agroecológica", summary: "Sábados na praça" }));
    await service.create(admin, page({ title: "Contato geral", content: "<p>Fale com a cooperativa</p>" }));
    await service.create(admin, page({ title: "Rascunho cooperativo", status: "draft" }));
    const titles = async (q: string, actor: Actor | null = null) =>
      (await service.list(actor, { ...listQuery, q })).data.map((item) => item.title);
    expect(await titles("cooperativas")).toEqual(["Cooperativa", "Contato geral"]);
    expect(await titles("agroecologica")).toEqual(["Feira Agroecológica"]);
    expect(await titles("AGROECOLÓGICAS sabado")).toEqual(["Feira Agroecológica"]);
    expect(await titles('"feira agroecologica" -praça')).toEqual([]);
    expect(await titles("inexistente")).toEqual([]);
    expect(await titles("cooperativa", admin)).toHaveLength(3);
    expect((await service.list(null, { ...listQuery, q: "cooperativa" })).pagination.total).toBe(2);
  });

  it("filter by tag, count tags, page through and sort by date", async () => {
    const service = posts();
    const start = Date.parse("2025-01-01T12:00:00Z");
    for (let day = 0; day < 5; day++) {
      const tags = day % 2 === 0 ? ["feira", "orgânicos"] : ["feira"];
      await service.create(admin, post({ title: `Dia ${day}`, published_at: new Date(start + day * 24 * HOUR), tags }));
    }
    const titles = async (query: Partial<ListQuery & ContentListQuery>) =>
      (await service.list(null, { ...listQuery, ...query })).data.map((item) => item.title);
    expect(await titles({ tag: "orgânicos" })).toEqual(["Dia 4", "Dia 2", "Dia 0"]);
    expect(await titles({ tag: "org" })).toEqual([]);
    expect(await titles({ per_page: 2, page: 2 })).toEqual(["Dia 2", "Dia 1"]);
    expect(await titles({ per_page: 2, page: 2, sort: "date_asc" })).toEqual(["Dia 2", "Dia 3"]);
    const third = await service.list(null, { ...listQuery, per_page: 2, page: 3 });
    expect(third.data.map((item) => item.title)).toEqual(["Dia 0"]);
    expect(third.pagination).toEqual({ total: 5, page: 3, per_page: 2 });
    expect(await service.tags(null)).toEqual([
      { tag: "feira", count: 5 },
      { tag: "orgânicos", count: 3 },
    ]);
  });

  it("pages sort by last update", async () => {
    const service = pages();
    const first = await service.create(admin, page({ title: "Primeira" }));
    await service.create(admin, page({ title: "Segunda" }));
    await service.update(admin, first.id, page({ title: "Primeira" }));
    const titles = async (sort: "date_desc" | "date_asc") =>
      (await service.list(null, { ...listQuery, sort })).data.map((item) => item.title);
    expect(await titles("date_desc")).toEqual(["Primeira", "Segunda"]);
    expect(await titles("date_asc")).toEqual(["Segunda", "Primeira"]);
  });
});

describe("events", () => {
  it("store and return the exact instant: 23:30 in São Paulo is 02:30Z the next day", async () => {
    // Whatever the session's time zone, a timestamptz is an instant.
    await t.database.db.execute(sql`set time zone 'Asia/Tokyo'`);
    const created = await events().create(
      admin,
      event({ title: "Assembleia", start_at: "2030-03-10T23:30:00-03:00", end_at: "2030-03-11T01:00:00-03:00" }),
    );
    expect(created.start_at).toBe("2030-03-11T02:30:00.000Z");
    expect(created.end_at).toBe("2030-03-11T04:00:00.000Z");
    expect(created.url).toBe("/agenda/assembleia");
    const read = await events().get(null, "assembleia");
    expect(read).toEqual(created);
    const [stored] = await t.database.db
      .select({
        local: sql<string>`to_char(${eventsTable.startAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD HH24:MI')`,
      })
      .from(eventsTable);
    expect(stored?.local).toBe("2030-03-10 23:30");
  });

  it("list upcoming ones soonest first, then past ones latest first, as instants", async () => {
    const service = events();
    const now = Date.now();
    const at = (title: string, startHours: number, endHours: number, status = "published") =>
      service.create(
        admin,
        event({
          title,
          status,
          start_at: new Date(now + startHours * HOUR),
          end_at: new Date(now + endHours * HOUR),
        }),
      );
    await at("Passado recente", -3, -1);
    await at("Em andamento", -1, 1);
    await at("Daqui a um mês", 720, 722);
    await at("Amanhã", 24, 26);
    await at("Passado antigo", -720, -718);
    await at("Em 30 minutos", 0.5, 1);
    await at("Terminou há 1 minuto", -2, -1 / 60);
    await at("Rascunho futuro", 2, 3, "draft");
    const titles = async (query: Record<string, unknown>, actor: Actor | null = null) =>
      (await service.list(actor, { ...listQuery, ...query })).data.map((item) => item.title);
    const agenda = [
      "Em andamento",
      "Em 30 minutos",
      "Amanhã",
      "Daqui a um mês",
      "Terminou há 1 minuto",
      "Passado recente",
      "Passado antigo",
    ];
    expect(await titles({})).toEqual(agenda);
    // One ordering across pages of results.
    const paged = [];
    for (let pageNumber = 1; pageNumber <= 4; pageNumber++)
      paged.push(...(await titles({ per_page: 2, page: pageNumber })));
    expect(paged).toEqual(agenda);
    expect(await titles({ when: "upcoming" })).toEqual(agenda.slice(0, 4));
    expect(await titles({ when: "past" })).toEqual(agenda.slice(4));
    expect((await service.list(null, { ...listQuery, when: "past" })).pagination.total).toBe(3);
    expect(await titles({ sort: "date_asc", when: "past" })).toEqual([
      "Passado antigo",
      "Passado recente",
      "Terminou há 1 minuto",
    ]);
    expect(await titles({ when: "upcoming" }, admin)).toEqual([
      "Em andamento",
      "Em 30 minutos",
      "Rascunho futuro",
      "Amanhã",
      "Daqui a um mês",
    ]);
  });

  it("keep place and online address, and refuse an end before the start", async () => {
    const created = await events().create(
      admin,
      event({
        title: "Oficina",
        start_at: "2030-05-01T13:00:00Z",
        end_at: "2030-05-01T15:00:00Z",
        place_name: "Sede",
        place_address: "Rua A, 1",
        online_url: "https://meet.example/x",
        tags: ["oficina"],
      }),
    );
    expect(created).toMatchObject({
      place_name: "Sede",
      place_address: "Rua A, 1",
      online_url: "https://meet.example/x",
    });
    const moved = await events().update(
      admin,
      created.id,
      event({ title: "Oficina", slug: "oficina", start_at: "2030-05-02T13:00:00Z", end_at: "2030-05-02T15:00:00Z" }),
    );
    expect(moved.start_at).toBe("2030-05-02T13:00:00.000Z");
    expect(moved.place_name).toBe("");
    expect(
      eventSchema.safeParse({ title: "X", start_at: "2030-05-02T13:00:00Z", end_at: "2030-05-01T13:00:00Z" }).success,
    ).toBe(false);
    expect(await events().sitemap()).toEqual([{ url: "/agenda/oficina", updated_at: moved.updated_at }]);
  });
});

describe("list pages", () => {
  it("counts every matching item on each page, and past the last page too", async () => {
    for (const title of ["Um", "Dois", "Três", "Quatro", "Cinco"]) await posts().create(admin, post({ title }));
    await posts().create(admin, post({ title: "Rascunho", status: "draft" }));
    const pageOf = (page: number) => posts().list(null, { ...listQuery, per_page: 2, page });
    const first = await pageOf(1);
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toMatchObject({ total: 5, page: 1 });
    expect((await pageOf(3)).data).toHaveLength(1);
    expect((await pageOf(3)).pagination.total).toBe(5);
    const past = await pageOf(9);
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(5);
    expect((await posts().list(null, { ...listQuery, q: "nada-parecido" })).pagination.total).toBe(0);
  });
});
