import { eq } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { ListQuery } from "../../../common/pagination.ts";
import {
  OTHER_SITE,
  type RedirectInput,
  type RedirectListQuery,
  redirectSchema,
  SYSTEM_ADDRESS,
} from "../../../common/schemas/redirects.ts";
import { fieldErrors } from "../../../common/zod.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import { createLocalStorage } from "../../adapters/storage/local-storage.ts";
import { loadConfig } from "../../config.ts";
import type { Actor } from "../../kernel/access.ts";
import type { ChangeFeed } from "../../kernel/change-feed.ts";
import type { AreaEvent } from "../../kernel/events.ts";
import { createServices } from "../../services.ts";
import { chainTo, FROM_TAKEN, HOME, keyOf, TO_ITSELF } from "./redirects-service.ts";
import { redirects } from "./tables.ts";

const t = withTestServices();

const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const customer: Actor = { id: 2, name: "Bia", email: "bia@example.com", role: "user" };
const listQuery: ListQuery & RedirectListQuery = { page: 1, per_page: 20, q: "" };

const values = (input: RedirectInput) => redirectSchema.parse(input);
const create = (from: string, to: string) => t.services.redirects.create(admin, values({ from, to }));
const errorsOf = (input: unknown) => {
  const parsed = redirectSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};
const rows = () => t.database.db.select().from(redirects).orderBy(redirects.id);

describe("the shared schema", () => {
  it("keeps only the path and query of a whole address pasted as the old one", () => {
    expect(values({ from: "https://site-antigo.org.br/2019/05/Colheita/?p=3#topo", to: "/noticias/colheita" })).toEqual(
      {
        from: "/2019/05/Colheita/?p=3",
        to: "/noticias/colheita",
      },
    );
    expect(values({ from: "http://site-antigo.org.br", to: "/" }).from).toBe("/");
    expect(values({ from: "https://site-antigo.org.br?page_id=7", to: "/sobre" }).from).toBe("/?page_id=7");
    expect(values({ from: "  /sobre#equipe ", to: "/quem-somos" }).from).toBe("/sobre");
  });

  it.each([
    ["sobre", "Informe um caminho que comece com /, como /2019/05/noticia-antiga/ ou /?p=123"],
    ["//evil.example/x", "Informe um caminho que comece com /, como /2019/05/noticia-antiga/ ou /?p=123"],
    ["/\\evil.example", "Informe um caminho que comece com /, como /2019/05/noticia-antiga/ ou /?p=123"],
    ["javascript:alert(1)", "Informe um caminho que comece com /, como /2019/05/noticia-antiga/ ou /?p=123"],
    ["https://exa mple.com/", "Informe um caminho que comece com /, como /2019/05/noticia-antiga/ ou /?p=123"],
    ["/api/pages", SYSTEM_ADDRESS],
    ["/API", SYSTEM_ADDRESS],
    ["/conta/users", SYSTEM_ADDRESS],
    ["https://site-antigo.org.br/conta", SYSTEM_ADDRESS],
    ["/files/images/a.png", SYSTEM_ADDRESS],
    ["/assets/entry.js", SYSTEM_ADDRESS],
    ["/login?redirectTo=/conta", SYSTEM_ADDRESS],
    ["/a\u0000b", "Caracteres inválidos"],
    ["/a\u001bb", "Caracteres inválidos"],
    [`/${"a".repeat(2000)}`, "No máximo 2000 caracteres"],
    ["", "Campo obrigatório"],
  ])("refuses %j as the old address", (from, message) => {
    expect(errorsOf({ from, to: "/noticias" })).toEqual({ from: [message] });
  });

  it("accepts old addresses the system does not answer itself", () => {
    for (const from of ["/apis", "/contas/2019", "/filesystem", "/?p=123", "/colheita de açaí/", "/2019/05/x/"]) {
      expect(errorsOf({ from, to: "/noticias" }), from).toEqual({});
    }
  });

  it.each([
    ["https://outro-site.example/x", OTHER_SITE],
    ["//outro-site.example/x", OTHER_SITE],
    ["/\\outro-site.example", OTHER_SITE],
    ["noticias", "Informe um caminho deste site que comece com /, como /noticias/exemplo"],
    ["javascript:alert(1)", "Informe um caminho deste site que comece com /, como /noticias/exemplo"],
    ["/a b", "Informe um caminho deste site que comece com /, como /noticias/exemplo"],
    ["/a\u0000", "Caracteres inválidos"],
    [{ $ne: null }, "Campo obrigatório"],
  ])("refuses %j as the destination", (to, message) => {
    expect(errorsOf({ from: "/antigo", to })).toEqual({ to: [message] });
  });
});

describe("writes", () => {
  it("are for administrators only", async () => {
    const created = await create("/antigo", "/novo");
    for (const actor of [null, customer]) {
      const kind = actor ? "forbidden" : "unauthenticated";
      const service = t.services.redirects;
      expect((await failure(service.list(actor, listQuery))).kind).toBe(kind);
      expect((await failure(service.get(actor, created.id))).kind).toBe(kind);
      expect((await failure(service.create(actor, values({ from: "/x", to: "/y" })))).kind).toBe(kind);
      expect((await failure(service.update(actor, created.id, values({ from: "/x", to: "/y" })))).kind).toBe(kind);
      expect((await failure(service.remove(actor, created.id))).kind).toBe(kind);
      expect((await failure(service.importMany(actor, [{ from: "/x", to: "/y" }]))).kind).toBe(kind);
    }
    expect((await rows()).map((row) => [row.fromPath, row.toPath])).toEqual([["/antigo", "/novo"]]);
  });

  it("create, read, update and remove a manual redirect keyed by its old address", async () => {
    const created = await create("/2019/05/Colheita-de-A%C3%A7a%C3%AD/", "/noticias/colheita");
    expect(created).toEqual({
      id: created.id,
      from: "/2019/05/Colheita-de-A%C3%A7a%C3%AD/",
      to: "/noticias/colheita",
      source: "manual",
      hits: 0,
      last_hit_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await rows();
    expect(row?.fromKey).toBe("/2019/05/colheita-de-açaí");
    expect(await t.services.redirects.get(admin, created.id)).toEqual(created);

    const updated = await t.services.redirects.update(admin, created.id, values({ from: "/colheita", to: "/agenda" }));
    expect(updated).toMatchObject({ id: created.id, from: "/colheita", to: "/agenda" });
    expect((await rows())[0]?.fromKey).toBe("/colheita");

    await t.services.redirects.remove(admin, created.id);
    expect(await rows()).toEqual([]);
    expect((await failure(t.services.redirects.get(admin, created.id))).kind).toBe("not_found");
    expect((await failure(t.services.redirects.remove(admin, created.id))).kind).toBe("not_found");
    const missing = await failure(t.services.redirects.update(admin, created.id, values({ from: "/a", to: "/b" })));
    expect(missing).toMatchObject({ kind: "not_found", message: "Redirecionamento não encontrado." });
  });

  it("refuses a second redirect of the same old address, whatever its slash, case or encoding", async () => {
    await create("/Sobre/", "/quem-somos");
    for (const from of ["/sobre", "/SOBRE/", "/%73obre", "https://site-antigo.org.br/sobre/?utm_source=x"]) {
      const taken = await failure(create(from, "/contato"));
      expect(taken, from).toMatchObject({ kind: "conflict", fieldErrors: { from: [FROM_TAKEN] } });
    }
    // Its own old address, saved again, is not another redirect's.
    const [row] = await rows();
    await t.services.redirects.update(admin, row?.id ?? 0, values({ from: "/sobre", to: "/contato" }));
    expect(await rows()).toHaveLength(1);
  });

  it("refuses a redirect to itself, of the home page, and to another redirect's old address", async () => {
    expect(await failure(create("/Noticias/", "/noticias"))).toMatchObject({
      kind: "invalid",
      fieldErrors: { to: [TO_ITSELF] },
    });
    expect(await failure(create("/?utm_source=whatsapp", "/noticias"))).toMatchObject({
      kind: "invalid",
      fieldErrors: { from: [HOME] },
    });
    await create("/2019/05/x/", "/noticias/x");
    const chain = await failure(create("/?p=12", "/2019/05/X"));
    expect(chain).toMatchObject({ kind: "invalid", fieldErrors: { to: [chainTo("/noticias/x")] } });
    expect(chain.message).toBe(`${chainTo("/noticias/x")}.`);
    expect(await rows()).toHaveLength(1);
  });

  it("points the redirects that led to a new old address at its destination, so that none is a chain", async () => {
    const old = await create("/2019/05/x/", "/noticias/x");
    const query = await create("/?p=12", "/noticias/x/");
    const moved = await create("/noticias/x", "/noticias/y");
    const byId = new Map((await rows()).map((row) => [row.id, row.toPath]));
    expect([byId.get(old.id), byId.get(query.id), byId.get(moved.id)]).toEqual([
      "/noticias/y",
      "/noticias/y",
      "/noticias/y",
    ]);
    expect((await t.services.redirects.resolve("/2019/05/x/", ""))?.to).toBe("/noticias/y");
    // A redirect back to where one starts is a loop: refused.
    expect((await failure(create("/noticias/y", "/?p=12"))).fieldErrors).toEqual({ to: [chainTo("/noticias/y")] });
  });

  it("makes an edited imported redirect the administrator's", async () => {
    await t.services.redirects.importMany(admin, [{ from: "/sobre/", to: "/quem-somos" }]);
    const [imported] = await rows();
    expect(imported?.source).toBe("wordpress");
    const saved = await t.services.redirects.update(
      admin,
      imported?.id ?? 0,
      values({ from: "/sobre/", to: "/contato" }),
    );
    expect(saved.source).toBe("manual");
  });
});

describe("the list", () => {
  it("pages newest first, searching both addresses and filtering by origin", async () => {
    await create("/2019/05/colheita/", "/noticias/colheita");
    await create("/?p=12", "/agenda/feira");
    await t.services.redirects.importMany(admin, [{ from: "/Colheita-de-A%C3%A7a%C3%AD", to: "/noticias/acai" }]);
    const list = (query: Partial<ListQuery & RedirectListQuery>) =>
      t.services.redirects.list(admin, { ...listQuery, ...query });
    const froms = async (query: Partial<ListQuery & RedirectListQuery>) =>
      (await list(query)).data.map((redirect) => redirect.from);

    expect(await froms({})).toEqual(["/Colheita-de-A%C3%A7a%C3%AD", "/?p=12", "/2019/05/colheita/"]);
    expect(await froms({ q: "colheita" })).toEqual(["/Colheita-de-A%C3%A7a%C3%AD", "/2019/05/colheita/"]);
    // The old address's key is searched too: decoded and in lower case.
    expect(await froms({ q: "açaí" })).toEqual(["/Colheita-de-A%C3%A7a%C3%AD"]);
    expect(await froms({ q: "feira" })).toEqual(["/?p=12"]);
    expect(await froms({ q: "100%" })).toEqual([]);
    expect(await froms({ source: "wordpress" })).toEqual(["/Colheita-de-A%C3%A7a%C3%AD"]);
    expect(await froms({ source: "manual", q: "agenda" })).toEqual(["/?p=12"]);
    const second = await list({ per_page: 2, page: 2 });
    expect(second.pagination).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(second.data.map((redirect) => redirect.from)).toEqual(["/2019/05/colheita/"]);
  });
});

describe("importMany", () => {
  const entries = [
    { from: "/2023/05/12/assembleia/", to: "/noticias/assembleia" },
    { from: "/?p=46", to: "/noticias/assembleia" },
    { from: "/category/noticias/feed/", to: "/noticias/rss.xml" },
  ];

  it("finds the chains through redirects written before their destination's key was kept, and keeps it", async () => {
    // As the table held them before migration 0016: no to_key.
    await t.database.db.insert(redirects).values([
      { fromKey: "/antigo-x", fromPath: "/antigo-x", toPath: "/Noticias/X/", source: "manual" },
      { fromKey: "/2020/a", fromPath: "/2020/A/", toPath: "/noticias/a", source: "wordpress" },
    ]);
    const outcome = await t.services.redirects.importMany(admin, [
      // Its old address is where /antigo-x leads, written another way: a chain.
      { from: "/noticias/x", to: "/noticias/y" },
      // It leads to another redirect's old address, whatever its case and slash: a chain.
      { from: "/outro", to: "/2020/a/" },
      { from: "/?p=7", to: "/noticias/z" },
    ]);
    expect(outcome).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 2 });
    expect((await rows()).map((row) => [row.fromKey, row.toKey])).toEqual([
      ["/antigo-x", "/noticias/x"],
      ["/2020/a", "/noticias/a"],
      ["/?p=7", "/noticias/z"],
    ]);
  });

  it("creates the old addresses as imported redirects, and changes nothing when run again", async () => {
    expect(await t.services.redirects.importMany(admin, entries)).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    });
    const before = await rows();
    expect(before.map((row) => [row.fromKey, row.toPath, row.source])).toEqual([
      ["/2023/05/12/assembleia", "/noticias/assembleia", "wordpress"],
      ["/?p=46", "/noticias/assembleia", "wordpress"],
      ["/category/noticias/feed", "/noticias/rss.xml", "wordpress"],
    ]);
    expect(await t.services.redirects.importMany(admin, entries)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
      skipped: 0,
    });
    expect(await rows()).toEqual(before);
  });

  it("updates an imported redirect whose destination changed, and never an administrator's", async () => {
    await t.services.redirects.importMany(admin, entries);
    await create("/sobre/", "/contato");
    const outcome = await t.services.redirects.importMany(admin, [
      { from: "/?p=46", to: "/noticias/assembleia-geral" },
      { from: "/2023/05/12/assembleia/", to: "/noticias/assembleia" },
      { from: "/Sobre", to: "/quem-somos" },
    ]);
    expect(outcome).toEqual({ created: 0, updated: 1, unchanged: 1, skipped: 1 });
    const byKey = new Map((await rows()).map((row) => [row.fromKey, [row.toPath, row.source]]));
    expect(byKey.get("/?p=46")).toEqual(["/noticias/assembleia-geral", "wordpress"]);
    expect(byKey.get("/sobre")).toEqual(["/contato", "manual"]);
  });

  it("skips what the schema refuses, the home page, loops, repeats and chains", async () => {
    await create("/manual-antigo", "/quem-somos");
    const outcome = await t.services.redirects.importMany(admin, [
      { from: "/ok", to: "/noticias/ok" },
      { from: "https://outro.example/x", to: "https://outro.example/y" },
      { from: "/api/pages", to: "/noticias" },
      { from: "/a\u0000", to: "/noticias" },
      { from: "/", to: "/noticias" },
      { from: "/?utm_source=x", to: "/noticias" },
      { from: "/Noticias/", to: "/noticias" },
      { from: "/OK/", to: "/noticias/outro" },
      // An old address that is a destination (a page of this site) is not taken over...
      { from: "/quem-somos", to: "/noticias/quem-somos" },
      { from: "/noticias/ok", to: "/agenda" },
      // ...nor one that leads to another old address.
      { from: "/b", to: "/Manual-antigo/" },
    ]);
    expect(outcome).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 10 });
    expect((await rows()).map((row) => row.fromKey)).toEqual(["/manual-antigo", "/ok"]);
    expect((await t.services.redirects.resolve("/ok", ""))?.to).toBe("/noticias/ok");
  });

  it("writes in the caller's transaction: nothing stays when it rolls back", async () => {
    const failed = t.services.transaction(async (tx) => {
      await tx.redirects.importMany(admin, entries);
      throw new Error("a importação falhou");
    });
    await expect(failed).rejects.toThrow("a importação falhou");
    expect(await rows()).toEqual([]);
    expect(await t.services.redirects.resolve("/?p=46", "")).toBeNull();
  });
});

describe("resolve", () => {
  it("meets a request's path and query whatever its slash, case, encoding or tracking parameters", async () => {
    const colheita = await create("/2019/05/colheita-de-açaí/", "/noticias/colheita-de-açaí");
    const post = await create("/?p=123", "/noticias/assembleia");
    const found = (pathname: string, search = "") => t.services.redirects.resolve(pathname, search);
    const location = { id: colheita.id, to: "/noticias/colheita-de-a%C3%A7a%C3%AD" };
    expect(await found("/2019/05/colheita-de-açaí/")).toEqual(location);
    expect(await found("/2019/05/Colheita-De-A%C3%A7a%C3%AD")).toEqual(location);
    expect(await found("/2019/05/colheita-de-ac\u0327ai\u0301/", "?utm_source=whatsapp&fbclid=1")).toEqual(location);
    expect(await found("/", "?p=123")).toEqual({ id: post.id, to: "/noticias/assembleia" });
    expect(await found("/", "?utm_source=x&p=123")).toEqual({ id: post.id, to: "/noticias/assembleia" });
    expect(await found("/", "?p=1234")).toBeNull();
    expect(await found("/")).toBeNull();
    expect(await found("/2019/05")).toBeNull();
  });

  it("follows every change of another process's redirects through the change feed", async () => {
    // Two processes on one database, linked as PostgreSQL's LISTEN/NOTIFY links them.
    const listeners: ((event: AreaEvent | null) => void)[][] = [[], []];
    const feed = (own: number): ChangeFeed => ({
      publish: (event) => {
        for (const listener of listeners[1 - own] ?? []) listener(event);
      },
      subscribe: (listener) => {
        listeners[own]?.push(listener);
      },
      close: async () => {},
    });
    const config = loadConfig({ NODE_ENV: "test" });
    const serving = (own: number) =>
      createServices({
        config,
        database: t.database,
        storage: createLocalStorage("/nonexistent", config.FILES_URL),
        logger: pino({ level: "silent" }),
        changeFeed: feed(own),
      });
    const [writer, reader] = [serving(0), serving(1)];
    expect(await reader.redirects.resolve("/antigo", "")).toBeNull();
    const created = await writer.redirects.create(admin, values({ from: "/antigo", to: "/novo" }));
    expect(await reader.redirects.resolve("/antigo", "")).toEqual({ id: created.id, to: "/novo" });
    await writer.redirects.update(admin, created.id, values({ from: "/antigo", to: "/outro" }));
    expect(await reader.redirects.resolve("/antigo", "")).toEqual({ id: created.id, to: "/outro" });
    await writer.redirects.remove(admin, created.id);
    expect(await reader.redirects.resolve("/antigo", "")).toBeNull();
    await writer.redirects.importMany(admin, [{ from: "/?p=9", to: "/sobre" }]);
    expect((await reader.redirects.resolve("/", "?p=9"))?.to).toBe("/sobre");
  });
});

describe("hits", () => {
  it("are counted in memory and added to the row when flushed, without announcing a change", async () => {
    const first = await create("/antigo", "/novo");
    const second = await create("/?p=9", "/sobre");
    const changes: (AreaEvent | null)[] = [];
    t.services.onEveryChange((event) => changes.push(event));
    // The memo is filled: a change announced now would show in `changes`.
    expect((await t.services.redirects.resolve("/antigo", ""))?.id).toBe(first.id);
    t.services.redirects.countHit(first.id);
    t.services.redirects.countHit(first.id);
    t.services.redirects.countHit(second.id);
    expect((await t.services.redirects.get(admin, first.id)).hits).toBe(0);
    const before = Date.now();
    await t.services.redirects.flushHits();
    const [counted, other] = await Promise.all([
      t.services.redirects.get(admin, first.id),
      t.services.redirects.get(admin, second.id),
    ]);
    expect([counted.hits, other.hits]).toEqual([2, 1]);
    expect(Date.parse(counted.last_hit_at ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect(counted.updated_at).toBe(first.updated_at);
    t.services.redirects.countHit(first.id);
    await t.services.redirects.flushHits();
    await t.services.redirects.flushHits();
    expect((await t.services.redirects.get(admin, first.id)).hits).toBe(3);
    expect(changes).toEqual([]);
  });

  it("of a redirect deleted meanwhile are dropped without failing the others", async () => {
    const gone = await create("/antigo", "/novo");
    const kept = await create("/outro", "/novo");
    t.services.redirects.countHit(gone.id);
    t.services.redirects.countHit(kept.id);
    await t.services.redirects.remove(admin, gone.id);
    await t.services.redirects.flushHits();
    expect((await t.services.redirects.get(admin, kept.id)).hits).toBe(1);
    expect(await t.database.db.select().from(redirects).where(eq(redirects.id, gone.id))).toEqual([]);
  });
});

describe("keyOf", () => {
  it("reads an address written with its query and fragment", () => {
    expect(keyOf("/?p=12&utm_source=x")).toBe("/?p=12");
    expect(keyOf("/Sobre/#equipe")).toBe("/sobre");
    expect(keyOf("/noticias?utm_source=x")).toBe("/noticias");
    expect(keyOf("/noticias?tag=Colheita")).toBe("/noticias?tag=colheita");
  });
});
