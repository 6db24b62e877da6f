import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../../common/views/menus.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp({ setUp: true });

async function create(body: Record<string, unknown>): Promise<MenuItem> {
  const response = await t.request("POST", "/api/menus", { token: t.superToken, body });
  if (response.status !== 201) throw new Error(`menu create failed: ${JSON.stringify(response.body)}`);
  return response.json<MenuItem>();
}

const names = (items: MenuItem[]) => items.map((item) => [item.name, item.submenus.map((sub) => sub.name)]);

describe("reading menus", () => {
  it("shows visitors only enabled items and enabled submenus of enabled items; admins see everything", async () => {
    const about = await create({ name: "Sobre", url: "/sobre" });
    await create({ name: "História", url: "/historia", parent_id: about.id });
    await create({ name: "Equipe", url: "/equipe", parent_id: about.id, enabled: false });
    const hidden = await create({ name: "Oculto", url: "/oculto", enabled: false });
    await create({ name: "Filho do oculto", url: "/filho", parent_id: hidden.id });
    await create({ name: "Blog", url: "https://blog.example.com" });

    const visitor = await t.request("GET", "/api/menus");
    expect(visitor.status).toBe(200);
    expect(names(visitor.json<MenuItem[]>())).toEqual([
      ["Sobre", ["História"]],
      ["Blog", []],
    ]);

    const customer = await t.createUser("user", t.superToken);
    expect(names((await t.request("GET", "/api/menus", { token: customer.token })).json<MenuItem[]>())).toEqual([
      ["Sobre", ["História"]],
      ["Blog", []],
    ]);

    const admin = (await t.request("GET", "/api/menus", { token: t.superToken })).json<MenuItem[]>();
    expect(names(admin)).toEqual([
      ["Sobre", ["História", "Equipe"]],
      ["Oculto", ["Filho do oculto"]],
      ["Blog", []],
    ]);
  });

  it("gives each item its href and whether it opens in a new tab", async () => {
    const internal = await create({ name: "Contato", url: "/contato" });
    expect(internal).toEqual({
      id: internal.id,
      name: "Contato",
      url: "/contato",
      href: "/contato",
      external: false,
      enabled: true,
      position: 0,
      page_id: null,
      page: null,
      parent_id: null,
      submenus: [],
    });
    const external = await create({ name: "Instagram", url: "HTTPS://instagram.com/coop" });
    expect(external).toMatchObject({ href: "HTTPS://instagram.com/coop", external: true, position: 1 });
  });

  it("reads one menu for admins only", async () => {
    const menu = await create({ name: "Sobre", url: "/sobre" });
    expect((await t.request("GET", `/api/menus/${menu.id}`, { token: t.superToken })).json()).toEqual(menu);
    expect((await t.request("GET", `/api/menus/${menu.id}`)).status).toBe(401);
    const missing = await t.request("GET", "/api/menus/999", { token: t.superToken });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: "Menu não encontrado." });
  });
});

describe("what visitors see", () => {
  const visitorMenus = async () => (await t.request("GET", "/api/menus")).json<MenuItem[]>();
  async function addPage(slug: string, status: "draft" | "published") {
    const response = await t.request("POST", "/api/pages", {
      token: t.superToken,
      body: { title: slug, slug, status },
    });
    if (response.status !== 201) throw new Error(`page create failed: ${JSON.stringify(response.body)}`);
    return response.json<{ id: number }>();
  }
  const setStatus = (id: number, slug: string, status: "draft" | "published") =>
    t.request("PUT", `/api/pages/${id}`, { token: t.superToken, body: { title: slug, slug, status } });

  it("does not show items linked to a draft page (nor its slug) until the page is published", async () => {
    const draft = await addPage("plano-secreto", "draft");
    await create({ name: "Plano", page_id: draft.id });
    const about = await create({ name: "Sobre", url: "/sobre" });
    await create({ name: "Plano 2026", page_id: draft.id, parent_id: about.id });
    await create({ name: "História", url: "/historia", parent_id: about.id });

    const hidden = await t.request("GET", "/api/menus");
    expect(JSON.stringify(hidden.body)).not.toContain("plano-secreto");
    expect(names(hidden.json<MenuItem[]>())).toEqual([["Sobre", ["História"]]]);

    const admin = (await t.request("GET", "/api/menus", { token: t.superToken })).json<MenuItem[]>();
    expect(admin[0]).toMatchObject({ name: "Plano", href: "/plano-secreto", page: { slug: "plano-secreto" } });

    expect((await setStatus(draft.id, "plano-secreto", "published")).status).toBe(200);
    const shown = await visitorMenus();
    expect(names(shown)).toEqual([
      ["Plano", []],
      ["Sobre", ["Plano 2026", "História"]],
    ]);
    expect(shown[0]).toMatchObject({ href: "/plano-secreto", page: { slug: "plano-secreto" } });

    expect((await setStatus(draft.id, "plano-secreto", "draft")).status).toBe(200);
    expect(names(await visitorMenus())).toEqual([["Sobre", ["História"]]]);
  });

  it("shows an item without a destination only as the title of its visible submenus", async () => {
    const draft = await addPage("rascunho", "draft");
    const group = await create({ name: "Institucional" });
    const draftParent = await create({ name: "Projetos", page_id: draft.id });
    await create({ name: "Vazio" });
    await create({ name: "Quem somos", url: "/quem-somos", parent_id: group.id });
    await create({ name: "Projeto A", url: "/projeto-a", parent_id: draftParent.id });
    await create({ name: "Desativado", url: "/desativado", parent_id: group.id, enabled: false });

    const shown = await visitorMenus();
    expect(names(shown)).toEqual([
      ["Institucional", ["Quem somos"]],
      ["Projetos", ["Projeto A"]],
    ]);
    expect(shown.map((item) => item.href)).toEqual([null, null]);
    expect(JSON.stringify(shown)).not.toContain("rascunho");
  });
});

describe("permissions", () => {
  it("refuses writes when signed out (401) and for role user (403); admins may write", async () => {
    const menu = await create({ name: "Sobre", url: "/sobre" });
    const customer = await t.createUser("user", t.superToken);
    const writes = [
      ["POST", "/api/menus", { name: "X", url: "/x" }],
      ["PUT", `/api/menus/${menu.id}`, { name: "X", url: "/x" }],
      ["DELETE", `/api/menus/${menu.id}`, undefined],
      ["POST", "/api/menus/reorder", { ids: [menu.id] }],
    ] as const;
    for (const [method, path, body] of writes) {
      expect((await t.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const refused = await t.request(method, path, { body, token: customer.token });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    expect(names((await t.request("GET", "/api/menus", { token: t.superToken })).json<MenuItem[]>())).toEqual([
      ["Sobre", []],
    ]);

    const admin = await t.createUser("admin", t.superToken);
    const created = await t.request("POST", "/api/menus", { token: admin.token, body: { name: "Y", url: "/y" } });
    expect(created.status).toBe(201);
  });
});

describe("validation", () => {
  const refused = async (body: Record<string, unknown>) => {
    const response = await t.request("POST", "/api/menus", { token: t.superToken, body });
    expect(response.status, JSON.stringify(body)).toBe(400);
    return response.json<{ message: string; errors: Record<string, string[]> }>();
  };

  it("accepts a local path with a single leading slash or an http(s) address only", async () => {
    const message = "Use um caminho do site (/contato) ou um endereço completo (https://...)";
    for (const url of [
      "//evil.com",
      "/\\evil.com",
      "/a\\b",
      "javascript:alert(1)",
      "contato",
      "ftp://arquivos.example.com",
      "/com espaço",
      "https://",
    ]) {
      expect((await refused({ name: "Mau", url })).errors, url).toEqual({ url: [message] });
    }
    for (const url of ["/", "/contato", "/loja?categoria=1#topo", "http://example.com", "https://example.com/a"]) {
      const response = await t.request("POST", "/api/menus", { token: t.superToken, body: { name: "Bom", url } });
      expect(response.status, url).toBe(201);
    }
  });

  it("needs a name, and a url or a page for a submenu; a top-level item may only group submenus", async () => {
    expect(await refused({ name: "  ", url: "/x" })).toEqual({
      message: "Verifique os campos destacados.",
      errors: { name: ["Campo obrigatório"] },
    });
    const group = await create({ name: "Institucional" });
    expect(group).toMatchObject({ url: "", href: null, external: false, page: null });
    expect((await refused({ name: "Sem destino", parent_id: group.id })).errors).toEqual({
      url: ["Informe um endereço ou escolha uma página"],
    });
  });

  it("refuses a page that does not exist", async () => {
    expect(await refused({ name: "Página", page_id: 42 })).toEqual({
      message: "Página não encontrada.",
      errors: { page_id: ["Página não encontrada"] },
    });
  });

  it("allows one level of submenus only", async () => {
    const parent = await create({ name: "Sobre", url: "/sobre" });
    const child = await create({ name: "História", url: "/historia", parent_id: parent.id });
    expect((await refused({ name: "Neto", url: "/neto", parent_id: child.id })).errors).toEqual({
      parent_id: ["Escolha um menu principal"],
    });
    expect((await refused({ name: "Órfão", url: "/orfao", parent_id: 999 })).errors).toEqual({
      parent_id: ["Menu não encontrado"],
    });

    const other = await create({ name: "Outro", url: "/outro" });
    const nestParent = await t.request("PUT", `/api/menus/${parent.id}`, {
      token: t.superToken,
      body: { name: "Sobre", url: "/sobre", parent_id: other.id },
    });
    expect(nestParent.status).toBe(400);
    expect(nestParent.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      parent_id: ["Este menu tem submenus"],
    });
    const self = await t.request("PUT", `/api/menus/${other.id}`, {
      token: t.superToken,
      body: { name: "Outro", url: "/outro", parent_id: other.id },
    });
    expect(self.status).toBe(400);
  });

  it("answers 400, not 500, for ids beyond the database's range", async () => {
    expect((await refused({ name: "X", url: "/x", parent_id: 99999999999 })).errors.parent_id).toBeDefined();
    const reorder = await t.request("POST", "/api/menus/reorder", {
      token: t.superToken,
      body: { ids: [99999999999] },
    });
    expect(reorder.status).toBe(400);
  });
});

describe("changing menus", () => {
  it("updates a menu and moves it under another", async () => {
    const about = await create({ name: "Sobre", url: "/sobre" });
    const team = await create({ name: "Equipe", url: "/equipe" });
    const response = await t.request("PUT", `/api/menus/${team.id}`, {
      token: t.superToken,
      body: { name: "Nossa equipe", url: "https://equipe.example.com", parent_id: about.id, enabled: false },
    });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Nossa equipe",
      href: "https://equipe.example.com",
      external: true,
      enabled: false,
      parent_id: about.id,
    });
    expect(names((await t.request("GET", "/api/menus", { token: t.superToken })).json<MenuItem[]>())).toEqual([
      ["Sobre", ["Nossa equipe"]],
    ]);
    expect(names((await t.request("GET", "/api/menus")).json<MenuItem[]>())).toEqual([["Sobre", []]]);
    const missing = await t.request("PUT", "/api/menus/999", { token: t.superToken, body: { name: "X", url: "/x" } });
    expect(missing.status).toBe(404);
  });

  it("deleting a parent deletes its submenus", async () => {
    const about = await create({ name: "Sobre", url: "/sobre" });
    const child = await create({ name: "História", url: "/historia", parent_id: about.id });
    await create({ name: "Contato", url: "/contato" });
    const response = await t.request("DELETE", `/api/menus/${about.id}`, { token: t.superToken });
    expect(response.status).toBe(204);
    expect(names((await t.request("GET", "/api/menus", { token: t.superToken })).json<MenuItem[]>())).toEqual([
      ["Contato", []],
    ]);
    expect((await t.request("GET", `/api/menus/${child.id}`, { token: t.superToken })).status).toBe(404);
    expect((await t.request("DELETE", `/api/menus/${about.id}`, { token: t.superToken })).status).toBe(404);
  });

  it("reorders one level when given exactly its items", async () => {
    const a = await create({ name: "A", url: "/a" });
    const b = await create({ name: "B", url: "/b" });
    const c = await create({ name: "C", url: "/c" });
    const a1 = await create({ name: "A1", url: "/a1", parent_id: a.id });
    const a2 = await create({ name: "A2", url: "/a2", parent_id: a.id });

    const top = await t.request("POST", "/api/menus/reorder", {
      token: t.superToken,
      body: { ids: [c.id, a.id, b.id] },
    });
    expect(top.status).toBe(200);
    expect(names(top.json<MenuItem[]>())).toEqual([
      ["C", []],
      ["A", ["A1", "A2"]],
      ["B", []],
    ]);
    const sub = await t.request("POST", "/api/menus/reorder", {
      token: t.superToken,
      body: { parent_id: a.id, ids: [a2.id, a1.id] },
    });
    expect(names(sub.json<MenuItem[]>())[1]).toEqual(["A", ["A2", "A1"]]);
    expect(names((await t.request("GET", "/api/menus")).json<MenuItem[]>())).toEqual([
      ["C", []],
      ["A", ["A2", "A1"]],
      ["B", []],
    ]);

    for (const ids of [[a.id, b.id], [a.id, b.id, c.id, c.id], [a.id, b.id, a1.id], []]) {
      const response = await t.request("POST", "/api/menus/reorder", { token: t.superToken, body: { ids } });
      expect(response.status, JSON.stringify(ids)).toBe(400);
    }
    expect(names((await t.request("GET", "/api/menus")).json<MenuItem[]>()).map(([name]) => name)).toEqual([
      "C",
      "A",
      "B",
    ]);
  });
});
