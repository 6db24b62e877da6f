import { describe, expect, it } from "vitest";
import { searchResultsSchema } from "../../../common/views/search.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { events, pages, posts } from "../content/tables.ts";

const t = withTestApp();

type ErrorBody = { message: string; errors?: Record<string, string[]> };
const hour = 60 * 60 * 1000;

type Settings = { features: Record<"posts" | "events", { enabled: boolean }> };

/** News and events are searchable only while their features are on. */
async function enableNewsAndEvents() {
  const token = await t.setupSite();
  const settings = (await t.request("GET", "/api/settings")).json<Settings>();
  settings.features.posts.enabled = true;
  settings.features.events.enabled = true;
  expect((await t.request("POST", "/api/settings", { token, body: settings })).status).toBe(200);
}

async function seed() {
  await enableNewsAndEvents();
  const db = t.database.db;
  await db.insert(pages).values([
    {
      title: "Quem somos",
      slug: "quem-somos",
      status: "published",
      content: "<p>Uma <em>cooperativa</em> de agricultores familiares.</p>",
    },
    { title: "Cooperativa em rascunho", slug: "rascunho", status: "draft" },
  ]);
  await db.insert(posts).values([
    {
      title: "Nova cooperativa de mel",
      slug: "mel",
      status: "published",
      publishedAt: new Date("2025-06-01T12:00:00Z"),
    },
    { title: "Cooperativas amanhã", slug: "amanha", status: "published", publishedAt: new Date(Date.now() + hour) },
  ]);
  await db.insert(events).values({
    title: "Encontro das cooperativas",
    slug: "encontro",
    status: "published",
    startAt: new Date("2030-01-20T12:00:00Z"),
    endAt: new Date("2030-01-20T15:00:00Z"),
  });
}

describe("GET /api/search", () => {
  it("is public and finds published content in pages, news and events, titles first", async () => {
    await seed();
    const response = await t.request("GET", "/api/search?q=Cooperativas");
    expect(response.status).toBe(200);
    const body = searchResultsSchema.parse(response.body);
    expect(body.pagination).toEqual({ total: 3, page: 1, per_page: 20 });
    expect(body.data.map((hit) => [hit.type, hit.url])).toEqual([
      ["event", "/agenda/encontro"],
      ["post", "/noticias/mel"],
      ["page", "/quem-somos"],
    ]);
    expect(body.data[2]).toMatchObject({
      title: "Quem somos",
      excerpt: "Uma «cooperativa» de agricultores familiares.",
    });
    expect(body.data[1]?.date).toBe("2025-06-01T12:00:00.000Z");
  });

  it("pages with page and per_page", async () => {
    await seed();
    const response = await t.request("GET", "/api/search?q=cooperativa&page=2&per_page=2");
    const body = searchResultsSchema.parse(response.body);
    expect(body.pagination).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(body.data.map((hit) => hit.url)).toEqual(["/quem-somos"]);
  });

  it("answers an empty list without q", async () => {
    await seed();
    const response = await t.request("GET", "/api/search");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ data: [], pagination: { total: 0, page: 1, per_page: 20 } });
  });

  it("refuses bad paging with 400 field errors", async () => {
    const response = await t.request("GET", "/api/search?q=mel&page=0&per_page=500");
    expect(response.status).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {}).sort()).toEqual(["page", "per_page"]);
  });
});
