import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import type { PageView } from "../../../common/views/content.ts";
import type { MenuItem } from "../../../common/views/menus.ts";
import { type ApiResponse, createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { operations } from "../../http/openapi/document.ts";
import { responsesOf } from "../../http/openapi/operation.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  token = await t.setupSite();
});

type Errors = { message: string; errors?: Record<string, string[]> };

/** The answer matches what openapi.ts documents for this operation and status. */
function documented(method: string, path: string, response: ApiResponse) {
  const operation = operations.find((op) => op.method === method && op.path === path);
  const schema = operation && responsesOf(operation).get(response.status)?.schema;
  expect(schema, `${method} ${path} ${response.status}`).toBeDefined();
  expect(schema?.safeParse(response.body).error?.issues ?? []).toEqual([]);
}

async function create(body: Record<string, unknown>): Promise<PageView> {
  const response = await t.request("POST", "/api/pages", { token, body: { status: "published", ...body } });
  if (response.status !== 201) throw new Error(`page create failed: ${JSON.stringify(response.body)}`);
  documented("post", "/api/pages", response);
  return response.json<PageView>();
}

const list = async (query = "", auth?: string) => {
  const response = await t.request("GET", `/api/pages${query}`, { token: auth });
  expect(response.status, query).toBe(200);
  documented("get", "/api/pages", response);
  return response.json<Paginated<PageView>>();
};

describe("access", () => {
  it("lets only administrators write, checking permission before the body", async () => {
    const page = await create({ title: "Sobre" });
    const customer = await t.createUser("user", token);
    const calls = [
      ["POST", "/api/pages"],
      ["PUT", `/api/pages/${page.id}`],
      ["DELETE", `/api/pages/${page.id}`],
    ] as const;
    for (const [method, path] of calls) {
      const signedOut = await t.request(method, path, { body: { title: "" } });
      expect(signedOut.status, `${method} ${path}`).toBe(401);
      expect(signedOut.json()).toEqual({ message: "Faça login para continuar." });
      const refused = await t.request(method, path, { token: customer.token, body: "{not json" });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json()).toEqual({ message: "Você não tem permissão para esta ação." });
    }
    const admin = await t.createUser("admin", token);
    const updated = await t.request("PUT", `/api/pages/${page.id}`, {
      token: admin.token,
      body: { title: "Sobre nós", status: "published" },
    });
    expect(updated.status).toBe(200);
    expect((await list()).data.map((item) => item.title)).toEqual(["Sobre nós"]);
  });
});

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
      documents: [{ url: "/files/estatuto.pdf", name: "Estatuto", size: 1200, mime_type: "application/pdf" }],
      tags: ["institucional"],
      status: "published",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      url: "/quem-somos-nossa-historia",
    });
    for (const key of [String(page.id), page.slug]) {
      const read = await t.request("GET", `/api/pages/${key}`);
      expect(read.status).toBe(200);
      documented("get", "/api/pages/{idOrSlug}", read);
      expect(read.json()).toEqual(page);
    }
    const missing = await t.request("GET", "/api/pages/nao-existe");
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: "Página não encontrada." });
    documented("get", "/api/pages/{idOrSlug}", missing);

    const updated = await t.request("PUT", `/api/pages/${page.id}`, {
      token,
      body: { title: "Quem somos", slug: "sobre", status: "draft" },
    });
    expect(updated.status).toBe(200);
    documented("put", "/api/pages/{id}", updated);
    expect(updated.json()).toMatchObject({ slug: "sobre", url: "/sobre", status: "draft", tags: [], cover: null });

    const deleted = await t.request("DELETE", `/api/pages/${page.id}`, { token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect((await t.request("DELETE", `/api/pages/${page.id}`, { token })).status).toBe(404);
    expect((await t.request("PUT", `/api/pages/${page.id}`, { token, body: { title: "X" } })).status).toBe(404);
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
      const response = await t.request("POST", "/api/pages", { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      documented("post", "/api/pages", response);
      expect(response.json<Errors>().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    const taken = await t.request("POST", "/api/pages", { token, body: { title: "Outra", slug: "sobre" } });
    expect(taken.status).toBe(409);
    documented("post", "/api/pages", taken);
    expect(taken.json()).toEqual({
      message: "Este endereço já está em uso.",
      errors: { slug: ["Este endereço já está em uso."] },
    });
    expect((await t.request("POST", "/api/pages", { token, body: "{oops" })).status).toBe(400);
    expect((await t.request("POST", "/api/pages", { token, body: [] })).status).toBe(400);
    expect((await t.request("PUT", "/api/pages/abc", { token, body: { title: "X" } })).status).toBe(400);
    expect((await t.request("DELETE", "/api/pages/0", { token })).status).toBe(400);
    for (const query of ["?page=0", "?per_page=101", "?sort=nome", "?status=arquivado", `?tag=${"x".repeat(41)}`]) {
      const response = await t.request("GET", `/api/pages${query}`);
      expect(response.status, query).toBe(400);
      documented("get", "/api/pages", response);
    }
  });
});

describe("lists", () => {
  it("shows visitors published pages only; administrators see drafts and may filter by status", async () => {
    await create({ title: "Pública", tags: ["a"] });
    const draft = await create({ title: "Rascunho", status: "draft", tags: ["a", "b"] });
    const customer = await t.createUser("user", token);
    for (const auth of [undefined, customer.token]) {
      expect((await list("?status=draft", auth)).data.map((page) => page.title)).toEqual(["Pública"]);
      expect((await t.request("GET", "/api/pages/rascunho", { token: auth })).status).toBe(404);
      expect((await t.request("GET", `/api/pages/${draft.id}`, { token: auth })).status).toBe(404);
      const tags = await t.request("GET", "/api/pages/tags", { token: auth });
      documented("get", "/api/pages/tags", tags);
      expect(tags.json()).toEqual([{ tag: "a", count: 1 }]);
    }
    expect((await list("", token)).pagination.total).toBe(2);
    expect((await list("?status=draft", token)).data.map((page) => page.title)).toEqual(["Rascunho"]);
    expect((await t.request("GET", "/api/pages/rascunho", { token })).json()).toEqual(draft);
    expect((await t.request("GET", "/api/pages/tags", { token })).json()).toEqual([
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
    const menu = await t.request("POST", "/api/menus", { token, body: { name: "Sobre", page_id: page.id } });
    expect(menu.status).toBe(201);
    const hrefs = async () => (await t.request("GET", "/api/menus")).json<MenuItem[]>().map((item) => item.href);
    expect(await hrefs()).toEqual(["/sobre"]);
    await t.request("PUT", `/api/pages/${page.id}`, {
      token,
      body: { title: "Sobre", slug: "quem-somos", status: "published" },
    });
    expect(await hrefs()).toEqual(["/quem-somos"]);
  });
});
