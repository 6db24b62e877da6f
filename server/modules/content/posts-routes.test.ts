import { describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import { type PostView, postViewSchema } from "../../../common/views/content.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp({ setUp: true });

const DAY = 24 * 3600_000;

async function create(body: Record<string, unknown>): Promise<PostView> {
  const response = await t.request("POST", "/api/posts", {
    token: t.superToken,
    body: { status: "published", ...body },
  });
  if (response.status !== 201) throw new Error(`post create failed: ${JSON.stringify(response.body)}`);
  expectDocumented("post", "/api/posts", response);
  return postViewSchema.parse(response.body);
}

const titles = async (query = "", auth?: string) => {
  const response = await t.request("GET", `/api/posts${query}`, { token: auth });
  expect(response.status, query).toBe(200);
  expectDocumented("get", "/api/posts", response);
  return response.json<Paginated<PostView>>().data.map((post) => post.title);
};

describe("news", () => {
  it("keep a future item hidden from visitors until its date, and show it to administrators", async () => {
    const now = Date.now();
    await create({ title: "Ontem", published_at: new Date(now - DAY).toISOString() });
    const future = await create({ title: "Amanhã", published_at: new Date(now + DAY).toISOString(), tags: ["x"] });
    await create({ title: "Rascunho", status: "draft" });
    expect(await titles()).toEqual(["Ontem"]);
    expect(await titles("?status=draft")).toEqual(["Ontem"]);
    expect((await t.request("GET", "/api/posts/amanha")).status).toBe(404);
    expect((await t.request("GET", `/api/posts/${future.id}`)).json()).toEqual({ message: "Notícia não encontrada." });
    expect((await t.request("GET", "/api/posts/tags")).json()).toEqual([]);

    expect(await titles("", t.superToken)).toEqual(["Amanhã", "Rascunho", "Ontem"]);
    expect(await titles("?sort=date_asc", t.superToken)).toEqual(["Ontem", "Rascunho", "Amanhã"]);
    const preview = await t.request("GET", "/api/posts/amanha", { token: t.superToken });
    expect(preview.status).toBe(200);
    expectDocumented("get", "/api/posts/{idOrSlug}", preview);
    expect(preview.json()).toEqual(future);
    expect(future.url).toBe("/noticias/amanha");
    const tags = await t.request("GET", "/api/posts/tags", { token: t.superToken });
    expectDocumented("get", "/api/posts/tags", tags);
    expect(tags.json()).toEqual([{ tag: "x", count: 1 }]);
  });

  it("default the publication date to now and keep the instant given with an offset", async () => {
    const before = Date.now();
    const now = await create({ title: "Agora" });
    expect(Date.parse(now.published_at)).toBeGreaterThanOrEqual(before - 1000);
    const evening = await create({ title: "Noite", published_at: "2025-03-10T23:30:00-03:00" });
    expect(evening.published_at).toBe("2025-03-11T02:30:00.000Z");
    const updated = await t.request("PUT", `/api/posts/${evening.id}`, {
      token: t.superToken,
      body: { title: "Noite", slug: "noite", published_at: "2025-03-12T10:00:00Z", status: "published" },
    });
    expectDocumented("put", "/api/posts/{id}", updated);
    expect(updated.json<PostView>().published_at).toBe("2025-03-12T10:00:00.000Z");
    const bad = await t.request("POST", "/api/posts", {
      token: t.superToken,
      body: { title: "X", published_at: "ontem" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty("published_at");
    const deleted = await t.request("DELETE", `/api/posts/${evening.id}`, { token: t.superToken });
    expect(deleted.status).toBe(204);
    expect(await titles()).toEqual(["Agora"]);
  });

  it("search and filter by tag", async () => {
    await create({ title: "Assembleia da cooperativa", tags: ["assembleia"] });
    await create({ title: "Colheita agroecológica", content: "<p>Boa safra</p>", tags: ["colheita"] });
    expect(await titles("?q=cooperativas")).toEqual(["Assembleia da cooperativa"]);
    expect(await titles("?q=agroecologica+safra")).toEqual(["Colheita agroecológica"]);
    expect(await titles("?tag=colheita")).toEqual(["Colheita agroecológica"]);
    const taken = await t.request("POST", "/api/posts", {
      token: t.superToken,
      body: { title: "X", slug: "colheita-agroecologica" },
    });
    expect(taken.status).toBe(409);
    expectDocumented("post", "/api/posts", taken);
  });
});
