import { describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import type { PageView } from "../../../common/views/content.ts";
import type { MenuItem } from "../../../common/views/menus.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp({ setUp: true });

type Errors = { message: string; errors?: Record<string, string[]> };

async function create(body: Record<string, unknown>): Promise<PageView> {
  const response = await t.request("POST", "/api/pages", {
    token: t.superToken,
    body: { status: "published", ...body },
  });
  if (response.status !== 201) throw new Error(`page create failed: ${JSON.stringify(response.body)}`);
  expectDocumented("post", "/api/pages", response);
  return response.json<PageView>();
}

const list = async (query = "", auth?: string) => {
  const response = await t.request("GET", `/api/pages${query}`, { token: auth });
  expect(response.status, query).toBe(200);
  expectDocumented("get", "/api/pages", response);
  return response.json<Paginated<PageView>>();
};

describe("create, read, update, delete", () => {
  it("creates a page with a slug from its title and reads it by id or slug", async () => {
    const page = await create({
      title: "Quem Somos — Nossa história!",
      summary: "Resumo",
      content: '<p style="text-align:center">Olá</p><script>alert(1)</script>',
      tags: ["institucional", "institucional"],
      cover: "/files/capa.webp",
      documents: [{ url: "/files/estatuto.pdf", name: "Estatuto", size: 1200, mime_type: "application/pdf" }],
    });
    expect(page).toEqual({
      id: expect.any(Number),
      title: "Quem Somos — Nossa história!",
      slug: "quem-somos-nossa-historia",
      summary: "Resumo",
      content: '<p style="text-align:center">Olá</p>',
      cover: "/files/capa.webp",
      cover_alt: "",
      documents: [{ url: "/files/estatuto.pdf", name: "Estatuto", size: 1200, mime_type: "application/pdf" }],
      tags: ["institucional"],
      status: "published",
      members_only: false,
      withheld: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      url: "/quem-somos-nossa-historia",
    });
    for (const key of [String(page.id), page.slug]) {
      const read = await t.request("GET", `/api/pages/${key}`);
      expect(read.status).toBe(200);
      expectDocumented("get", "/api/pages/{idOrSlug}", read);
      expect(read.json()).toEqual(page);
    }
    const missing = await t.request("GET", "/api/pages/nao-existe");
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: "Página não encontrada." });
    expectDocumented("get", "/api/pages/{idOrSlug}", missing);

    const updated = await t.request("PUT", `/api/pages/${page.id}`, {
      token: t.superToken,
      body: { title: "Quem somos", slug: "sobre", status: "draft" },
    });
    expect(updated.status).toBe(200);
    expectDocumented("put", "/api/pages/{id}", updated);
    expect(updated.json()).toMatchObject({ slug: "sobre", url: "/sobre", status: "draft", tags: [], cover: null });

    const deleted = await t.request("DELETE", `/api/pages/${page.id}`, { token: t.superToken });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect((await t.request("DELETE", `/api/pages/${page.id}`, { token: t.superToken })).status).toBe(404);
    expect(
      (await t.request("PUT", `/api/pages/${page.id}`, { token: t.superToken, body: { title: "X" } })).status,
    ).toBe(404);
  });

  it("refuses bad input with 400 and field errors, a taken slug with 409", async () => {
    await create({ title: "Sobre" });
    const bad: [unknown, string][] = [
      [{ title: "" }, "title"],
      [{ title: "X", slug: "Com Espaço" }, "slug"],
      [{ title: "X", slug: "contato" }, "slug"],
      [{ title: "X", slug: "2024" }, "slug"],
      [{ title: "X", status: "arquivado" }, "status"],
      [{ title: "X", tags: "feira" }, "tags"],
      [{ title: "X", cover: "javascript:alert(1)" }, "cover"],
    ];
    for (const [body, field] of bad) {
      const response = await t.request("POST", "/api/pages", { token: t.superToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expectDocumented("post", "/api/pages", response);
      expect(response.json<Errors>().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    const taken = await t.request("POST", "/api/pages", {
      token: t.superToken,
      body: { title: "Outra", slug: "sobre" },
    });
    expect(taken.status).toBe(409);
    expectDocumented("post", "/api/pages", taken);
    expect(taken.json()).toEqual({
      message: "Este endereço já está em uso.",
      errors: { slug: ["Este endereço já está em uso."] },
    });
    expect((await t.request("POST", "/api/pages", { token: t.superToken, body: "{oops" })).status).toBe(400);
    expect((await t.request("POST", "/api/pages", { token: t.superToken, body: [] })).status).toBe(400);
    expect((await t.request("PUT", "/api/pages/abc", { token: t.superToken, body: { title: "X" } })).status).toBe(400);
    expect((await t.request("DELETE", "/api/pages/0", { token: t.superToken })).status).toBe(400);
    for (const query of ["?page=0", "?per_page=101", "?sort=nome", "?status=arquivado", `?tag=${"x".repeat(41)}`]) {
      const response = await t.request("GET", `/api/pages${query}`);
      expect(response.status, query).toBe(400);
      expectDocumented("get", "/api/pages", response);
    }
  });
});

describe("lists", () => {
  it("shows visitors published pages only; administrators see drafts and may filter by status", async () => {
    await create({ title: "Pública", tags: ["a"] });
    const draft = await create({ title: "Rascunho", status: "draft", tags: ["a", "b"] });
    const customer = await t.createUser("user", t.superToken);
    for (const auth of [undefined, customer.token]) {
      expect((await list("?status=draft", auth)).data.map((page) => page.title)).toEqual(["Pública"]);
      expect((await t.request("GET", "/api/pages/rascunho", { token: auth })).status).toBe(404);
      expect((await t.request("GET", `/api/pages/${draft.id}`, { token: auth })).status).toBe(404);
      const tags = await t.request("GET", "/api/pages/tags", { token: auth });
      expectDocumented("get", "/api/pages/tags", tags);
      expect(tags.json()).toEqual([{ tag: "a", count: 1 }]);
    }
    expect((await list("", t.superToken)).pagination.total).toBe(2);
    expect((await list("?status=draft", t.superToken)).data.map((page) => page.title)).toEqual(["Rascunho"]);
    expect((await t.request("GET", "/api/pages/rascunho", { token: t.superToken })).json()).toEqual(draft);
    expect((await t.request("GET", "/api/pages/tags", { token: t.superToken })).json()).toEqual([
      { tag: "a", count: 2 },
      { tag: "b", count: 1 },
    ]);
  });

  it("searches ignoring accents and plurals, filters by tag and pages through", async () => {
    await create({ title: "Cooperativa", tags: ["sobre"] });
    await create({ title: "Feira Agroecológica", tags: ["feira", "sobre"] });
    for (let index = 1; index <= 3; index++) await create({ title: `Página ${index}` });
    const titles = async (query: string) => (await list(query)).data.map((page) => page.title);
    expect(await titles("?q=cooperativas")).toEqual(["Cooperativa"]);
    expect(await titles(`?q=${encodeURIComponent("agroecologica")}`)).toEqual(["Feira Agroecológica"]);
    expect(await titles("?tag=sobre&sort=date_asc")).toEqual(["Cooperativa", "Feira Agroecológica"]);
    expect(await titles("?tag=feira")).toEqual(["Feira Agroecológica"]);
    const second = await list("?per_page=2&page=2");
    expect(second.pagination).toEqual({ total: 5, page: 2, per_page: 2 });
    expect(second.data.map((page) => page.title)).toEqual(["Página 1", "Feira Agroecológica"]);
  });
});

describe("menus", () => {
  it("follow a linked page's new slug at once", async () => {
    const page = await create({ title: "Sobre" });
    const menu = await t.request("POST", "/api/menus", {
      token: t.superToken,
      body: { name: "Sobre", page_id: page.id },
    });
    expect(menu.status).toBe(201);
    const hrefs = async () => (await t.request("GET", "/api/menus")).json<MenuItem[]>().map((item) => item.href);
    expect(await hrefs()).toEqual(["/sobre"]);
    await t.request("PUT", `/api/pages/${page.id}`, {
      token: t.superToken,
      body: { title: "Sobre", slug: "quem-somos", status: "published" },
    });
    expect(await hrefs()).toEqual(["/quem-somos"]);
  });
});
