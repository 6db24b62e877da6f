import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GTIN_MESSAGE } from "../../common/schemas/fiscal.ts";
import type { ImportFile } from "../../common/schemas/wordpress-import.ts";
import type { WordPressFilesSource, WordPressImportView } from "../../common/views/wordpress-import.ts";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import type { Actor } from "../kernel/access.ts";
import { auditEntries } from "../modules/audit/tables.ts";
import { pages, posts } from "../modules/content/tables.ts";
import { menus } from "../modules/menus/tables.ts";
import { products } from "../modules/products/tables.ts";
import { users } from "../modules/users/tables.ts";
import { wordpressImportFiles, wordpressRecords } from "../modules/wordpress/tables.ts";
import { STORED_PART_BYTES } from "../modules/wordpress/wordpress-service.ts";
import { previewWordPressImport, runWordPressImport } from "./wordpress-import.ts";

const FIXTURES = path.resolve("tests/fixtures/wordpress");
const siteXml = readFileSync(path.join(FIXTURES, "site.xml"));
const pluginsXml = readFileSync(path.join(FIXTURES, "plugins.xml"));
const UPLOADS: WordPressFilesSource = { kind: "folder", path: path.join(FIXTURES, "uploads") };

const t = withTestApp({ setUp: true });

async function admin(): Promise<Actor> {
  const [row] = await t.database.db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, SUPER.email));
  if (!row) throw new Error("no super user");
  return row;
}

const exportFile = (bytes: Uint8Array | string, name = "site.xml"): ImportFile => ({
  role: "export",
  name,
  bytes: typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes),
});

async function importAll(files: ImportFile[], source: WordPressFilesSource = UPLOADS): Promise<WordPressImportView> {
  const actor = await admin();
  const preview = await previewWordPressImport(t.services, actor, files, source);
  const done = await runWordPressImport(t.services, actor, preview.id);
  expect(done.error).toBeNull();
  expect(done.status).toBe("done");
  return done;
}

const pageBySlug = async (slug: string) => (await t.database.db.select().from(pages).where(eq(pages.slug, slug)))[0];
const postBySlug = async (slug: string) => (await t.database.db.select().from(posts).where(eq(posts.slug, slug)))[0];

describe("importing the export stock WordPress wrote", () => {
  it("previews before writing anything: counts per kind, what is left out and why", async () => {
    const actor = await admin();
    const preview = await previewWordPressImport(t.services, actor, [exportFile(siteXml)], UPLOADS);
    expect(preview.status).toBe("previewed");
    expect(preview.report.site.title).not.toBe("");
    expect(preview.report.counts.page).toBe(4);
    expect(preview.report.counts.attachment).toBe(1);
    expect(preview.report.counts.post).toBeGreaterThanOrEqual(20);
    expect(preview.report.unfetched_files).toEqual([]);
    expect(await t.database.db.select().from(posts)).toEqual([]);
    expect(await t.database.db.select().from(wordpressRecords)).toEqual([]);
  });

  it("makes its pages, news, image and menu ours, content rewritten to the new addresses", async () => {
    const done = await importAll([exportFile(siteXml)]);
    expect(done.report.result?.created.page).toBe(4);
    expect(done.report.result?.created.attachment).toBe(1);
    expect(done.report.result?.created.menu).toBeGreaterThan(0);

    const about = await pageBySlug("sobre");
    expect(about?.title).toBe("Sobre a cooperativa");
    expect(about?.status).toBe("published");
    // A nested page keeps its own slug; its old address redirects (below).
    expect((await pageBySlug("historia-e-missao"))?.title).toBe("História e missão");

    const harvest = await postBySlug("colheita-recorde-de-acai-em-2024");
    expect(harvest?.cover).toMatch(/^\/files\/images\/.+\.png$/);
    expect(harvest?.content).not.toContain("127.0.0.1:18080");
    expect(harvest?.content).not.toContain("wp:");
    expect(harvest?.content).toMatch(/<img[^>]+src="\/files\/images\//);

    const draft = await t.database.db.select().from(posts).where(eq(posts.title, "Rascunho: relatório anual"));
    expect(draft[0]?.status).toBe("draft");
    const privatePost = await postBySlug("ata-interna-da-diretoria");
    expect(privatePost?.status).toBe("draft");

    const menuRows = await t.database.db.select().from(menus);
    expect(menuRows.length).toBeGreaterThan(0);
    expect(menuRows.some((row) => row.pageId === about?.id || row.name.length > 0)).toBe(true);
  });

  it("keeps every old address working with a 301 to the new one", async () => {
    await importAll([exportFile(siteXml)]);
    const redirect = async (address: string) => {
      const response = await t.app.request(address, { redirect: "manual" });
      return { status: response.status, location: response.headers.get("location") };
    };
    expect(await redirect("/quem-somos/historia-e-missao/")).toEqual({ status: 301, location: "/historia-e-missao" });
    expect(await redirect("/assembleia-geral-aprova-as-contas-de-2023/")).toEqual({
      status: 301,
      location: "/noticias/assembleia-geral-aprova-as-contas-de-2023",
    });
    expect(await redirect("/?p=46")).toEqual({
      status: 301,
      location: "/noticias/assembleia-geral-aprova-as-contas-de-2023",
    });
    expect((await redirect("/?page_id=45")).location).toBe("/sobre");
    expect((await redirect("/feed/")).location).toBe("/noticias/rss.xml");
    expect((await redirect("/wp-content/uploads/2024/03/colheita-do-acai.png")).location).toMatch(/^\/files\/images\//);
    // Our own routes keep answering themselves.
    expect((await t.app.request("/contato", { redirect: "manual" })).status).not.toBe(301);
  });

  it("changes nothing when the same export is imported again, and updates only what a newer one changed", async () => {
    await importAll([exportFile(siteXml)]);
    const before = await t.database.db.select().from(pages);
    const again = await importAll([exportFile(siteXml)]);
    const result = again.report.result;
    expect(result && Object.values(result.created).reduce((a, b) => a + b, 0)).toBe(0);
    expect(result && Object.values(result.updated).reduce((a, b) => a + b, 0)).toBe(0);
    expect(result?.unchanged.page).toBe(4);
    expect(await t.database.db.select().from(pages)).toEqual(before);

    const newer = siteXml.toString("utf8").replace("<![CDATA[Sobre a cooperativa]]>", "<![CDATA[Sobre nós]]>");
    const updated = await importAll([exportFile(newer)]);
    expect(updated.report.result?.updated.page).toBe(1);
    expect(updated.report.result?.created.page).toBe(0);
    expect((await pageBySlug("sobre"))?.title).toBe("Sobre nós");
    expect(await t.database.db.select().from(pages)).toHaveLength(4);
  });

  it("renames a slug ours already has, and lists it", async () => {
    await t.request("POST", "/api/pages", {
      token: t.superToken,
      body: { title: "Sobre (nosso)", slug: "sobre", status: "published" },
    });
    const actor = await admin();
    const preview = await previewWordPressImport(t.services, actor, [exportFile(siteXml)], { kind: "none" });
    expect(preview.report.renamed).toContainEqual({
      kind: "page",
      title: "Sobre a cooperativa",
      from: "sobre",
      to: "sobre-2",
    });
    await runWordPressImport(t.services, actor, preview.id);
    expect((await pageBySlug("sobre"))?.title).toBe("Sobre (nosso)");
    expect((await pageBySlug("sobre-2"))?.title).toBe("Sobre a cooperativa");
  });
});

describe("importing WooCommerce and The Events Calendar", () => {
  it("puts variable products on sale with their prices, stock and options, and the events on the agenda", async () => {
    const done = await importAll([exportFile(pluginsXml, "plugins.xml")], { kind: "none" });
    expect(done.report.result?.created.product).toBeGreaterThan(0);
    expect(done.report.result?.created.event).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(products);
    expect(rows.length).toBe(done.report.counts.product);
    const variable = await t.services.products.get(
      await admin(),
      String(rows.find((row) => row.options.length > 0)?.id),
    );
    expect(variable.options.length).toBeGreaterThan(0);
    expect(variable.variants.length).toBeGreaterThan(1);
    for (const variant of variable.variants) expect(variant.price_cents).toBeGreaterThan(0);
    expect(done.report.skipped.some((entry) => entry.kind === "product")).toBe(true);
    // The NF-e plugins' NCM and GTIN on the product and its variations; a GTIN that does not check, in the report.
    expect(variable.fiscal.ncm).toBe("46021900");
    expect(variable.variants.map((variant) => variant.fiscal.gtin)).toEqual([
      "7891000000021",
      "7891000000038",
      null,
      "SEM GTIN",
    ]);
    expect(done.report.left_out).toEqual([
      {
        kind: "product",
        title: "Cesto de palha",
        field: "GTIN da variação Tingido de urucum / Pequeno",
        value: "7891000000030",
        reason: GTIN_MESSAGE,
      },
    ]);

    const again = await importAll([exportFile(pluginsXml, "plugins.xml")], { kind: "none" });
    expect(again.report.result?.unchanged.product).toBe(rows.length);
    const variantsAfter = await t.services.products.get(await admin(), String(variable.id));
    expect(variantsAfter.variants.map((variant) => variant.id)).toEqual(variable.variants.map((variant) => variant.id));
  });
});

describe("importing WooCommerce's spreadsheets", () => {
  const spreadsheet = (role: "products" | "customers", name: string): ImportFile => ({
    role,
    name,
    bytes: new Uint8Array(readFileSync(path.join(FIXTURES, name))),
  });

  it("puts the product CSV's catalogue on sale and makes each customer an account without a password", async () => {
    const done = await importAll([spreadsheet("products", "products.csv"), spreadsheet("customers", "customers.csv")], {
      kind: "none",
    });
    const rows = await t.database.db.select().from(products);
    expect(rows.length).toBe(done.report.counts.product);
    expect(done.report.result?.created.product).toBe(rows.length);
    expect(rows.some((row) => row.options.length === 2)).toBe(true);
    expect(done.report.skipped.filter((entry) => entry.kind === "product").length).toBeGreaterThanOrEqual(4);

    const customers = await t.database.db.select().from(users).where(eq(users.role, "user"));
    expect(customers.length).toBe(done.report.counts.customer);
    expect(customers.map((customer) => customer.email)).toContain("maria.souza@exemplo.com.br");
    // No password matches until she chooses one with "Esqueci minha senha".
    for (const password of ["", "!", "senha-forte-1"]) {
      const login = await t.request("POST", "/api/auth/login", {
        body: { email: "maria.souza@exemplo.com.br", password },
      });
      expect(login.status).not.toBe(200);
    }
    const again = await importAll(
      [spreadsheet("products", "products.csv"), spreadsheet("customers", "customers.csv")],
      { kind: "none" },
    );
    expect(again.report.result?.created.product).toBe(0);
    expect(again.report.result?.updated.product).toBe(0);
    expect(again.report.result?.created.customer).toBe(0);
    expect(await t.database.db.select().from(users).where(eq(users.role, "user"))).toHaveLength(customers.length);
  });

  it("reads a Brazilian admin's spreadsheet (Portuguese columns, semicolons, decimal commas) as the same catalogue", async () => {
    await importAll([spreadsheet("products", "products.csv")], { kind: "none" });
    const english = await t.database.db.select().from(products);
    const portuguese = await importAll([spreadsheet("products", "produtos-ptbr.csv")], { kind: "none" });
    expect(portuguese.report.result?.created.product).toBe(0);
    expect(portuguese.report.result?.updated.product).toBe(0);
    expect(await t.database.db.select().from(products)).toEqual(english);
  });
});

describe("files the import will not read", () => {
  it("refuses to fetch from a private address, and says so in the preview", async () => {
    const actor = await admin();
    const hostile = siteXml
      .toString("utf8")
      .replaceAll("http://127.0.0.1:18080/wp-content", "http://10.0.0.5/wp-content");
    const preview = await previewWordPressImport(t.services, actor, [exportFile(hostile)], { kind: "site" });
    expect(preview.report.unfetched_files).toHaveLength(1);
    expect(preview.report.unfetched_files[0]?.reason).toMatch(/privada/i);
  });

  it("never reads a path outside the given folder", async () => {
    const actor = await admin();
    const hostile = siteXml
      .toString("utf8")
      .replaceAll("/wp-content/uploads/2024/03/colheita-do-acai.png", "/wp-content/uploads/../../site.xml");
    const preview = await previewWordPressImport(t.services, actor, [exportFile(hostile)], UPLOADS);
    expect(preview.report.unfetched_files).toHaveLength(1);
    expect(preview.report.unfetched_files[0]?.reason).toMatch(/fora da pasta/i);
  });
});

describe("POST /api/wordpress-imports", () => {
  const send = (form: FormData, token: string | undefined = t.superToken) =>
    t.request("POST", "/api/wordpress-imports", { form, token });
  const formWith = (text: string | Uint8Array, name = "site.xml") => {
    const form = new FormData();
    form.append(
      "export",
      new File([typeof text === "string" ? text : new Uint8Array(text)], name, { type: "text/xml" }),
    );
    form.append("files", "none");
    return form;
  };

  it("is for administrators only: each of its endpoints answers 401 signed out and 403 to a customer", async () => {
    const { id } = (await send(formWith(siteXml))).json<WordPressImportView>();
    const customer = await t.createUser("user", t.superToken);
    const calls = [
      ["GET", "/api/wordpress-imports"],
      ["POST", "/api/wordpress-imports"],
      ["GET", `/api/wordpress-imports/${id}`],
      ["POST", `/api/wordpress-imports/${id}/start`],
    ] as const;
    for (const [method, path] of calls) {
      const form = method === "POST" ? formWith(siteXml) : undefined;
      expect((await t.request(method, path, { form })).status, `${method} ${path}`).toBe(401);
      const refused = await t.request(method, path, { form, token: customer.token });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json(), `${method} ${path}`).toEqual({ message: "Você não tem permissão para esta ação." });
    }
    // Nothing was previewed nor started by them.
    const list = await t.request("GET", "/api/wordpress-imports", { token: t.superToken });
    expect(list.json<WordPressImportView[]>().map((row) => [row.id, row.status])).toEqual([[id, "previewed"]]);
  });

  it("previews, then runs in the background with its progress", async () => {
    const preview = await send(formWith(siteXml));
    expect(preview.status).toBe(201);
    const { id } = preview.json<WordPressImportView>();
    const started = await t.request("POST", `/api/wordpress-imports/${id}/start`, { token: t.superToken });
    expect(started.status).toBe(202);
    await t.services.wordpress.settle();
    const done = (
      await t.request("GET", `/api/wordpress-imports/${id}`, { token: t.superToken })
    ).json<WordPressImportView>();
    expect(done.status).toBe("done");
    expect(done.progress.done).toBe(done.progress.total);
    const twice = await t.request("POST", `/api/wordpress-imports/${id}/start`, { token: t.superToken });
    expect(twice.status).toBe(409);
  });

  it("keeps a large export in parts until the run, and the run reads it back whole", async () => {
    // Text that does not compress: twelve posts make a stored export of two parts or more.
    const contents = Array.from(
      { length: 12 },
      (_, index) => `<p>${index}-${randomBytes(110_000).toString("base64")}</p>`,
    );
    const items = contents.map(
      (content, index) =>
        `<item><title>Relatório ${index}</title><wp:post_id>${900 + index}</wp:post_id><wp:post_name>relatorio-${index}</wp:post_name>` +
        `<wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_date>2024-03-01 10:00:00</wp:post_date>` +
        `<content:encoded><![CDATA[${content}]]></content:encoded></item>`,
    );
    const xml = `<?xml version="1.0"?><rss><channel><title>Grande</title><link>http://grande.example</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>http://grande.example</wp:base_site_url>${items.join("")}</channel></rss>`;
    const { id } = (await send(formWith(xml))).json<WordPressImportView>();
    const parts = await t.database.db
      .select({ part: wordpressImportFiles.part, gzipped: wordpressImportFiles.gzipped })
      .from(wordpressImportFiles)
      .where(eq(wordpressImportFiles.importId, id))
      .orderBy(asc(wordpressImportFiles.part));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    // Each part one short statement on the embedded database's event loop.
    expect(Math.max(...parts.map(({ gzipped }) => gzipped.byteLength))).toBeLessThanOrEqual(STORED_PART_BYTES);
    expect(parts.map(({ part }) => part)).toEqual(parts.map((_, index) => index));
    await t.request("POST", `/api/wordpress-imports/${id}/start`, { token: t.superToken });
    await t.services.wordpress.settle();
    const done = (
      await t.request("GET", `/api/wordpress-imports/${id}`, { token: t.superToken })
    ).json<WordPressImportView>();
    expect(done.status).toBe("done");
    const [last] = await t.database.db
      .select({ content: posts.content })
      .from(posts)
      .where(eq(posts.slug, "relatorio-11"));
    expect(last?.content).toBe(contents[11]);
    // Once done, the stored export goes.
    expect(
      await t.database.db.select().from(wordpressImportFiles).where(eq(wordpressImportFiles.importId, id)),
    ).toEqual([]);
  });

  const refusals: [string, string | Uint8Array, RegExp][] = [
    ["not XML", "isto não é XML", /não é um XML válido/],
    [
      "not a WordPress export",
      '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>',
      /WordPress/,
    ],
    ["cut short", siteXml.subarray(0, siteXml.length / 2), /incompleto|cortad|truncad/i],
    [
      "an entity-expansion bomb",
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><rss><channel>&lol2;</channel></rss>',
      /DOCTYPE|entidade/i,
    ],
  ];
  for (const [what, body, message] of refusals) {
    it(`refuses ${what} with a pt-BR message and imports nothing`, async () => {
      const response = await send(formWith(body));
      expect(response.status).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(await t.database.db.select().from(wordpressRecords)).toEqual([]);
    });
  }

  it("refuses a 200 MB upload before reading it", async () => {
    const size = 200 * 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close();
        const chunk = new Uint8Array(Math.min(1024 * 1024, size - sent));
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await t.app.request("/api/wordpress-imports", {
      method: "POST",
      headers: {
        authorization: `Token ${t.superToken}`,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(size),
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/passam de 100 MB/);
  });
});

describe("the audit log", () => {
  it("names who started an import, when it started and when it finished with what it wrote", async () => {
    const actor = await admin();
    const customersCsv: ImportFile = {
      role: "customers",
      name: "clientes.csv",
      bytes: new Uint8Array(readFileSync(path.join(FIXTURES, "customers.csv"))),
    };
    const done = await importAll([customersCsv], { kind: "none" });
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, "wordpress.imported"))
      .orderBy(asc(auditEntries.id));
    const who = { actorId: actor.id, actorName: SUPER.admin_name, recordKind: "wordpress", recordId: String(done.id) };
    expect(entries).toEqual([
      expect.objectContaining({
        ...who,
        changes: {},
        details: { Situação: "Iniciada", Arquivos: "clientes.csv" },
      }),
      expect.objectContaining({
        ...who,
        changes: {},
        details: {
          Situação: "Concluída",
          Criados: `Clientes: ${done.report.result?.created.customer}`,
          Atualizados: "nenhum",
          "Sem mudança": "nenhum",
        },
      }),
    ]);
    expect(done.report.result?.created.customer).toBeGreaterThan(0);
  });
});

describe("the moved site's navigation (issue 33, item 15)", () => {
  type Settings = { home_page_id: number | null; features: Record<string, { enabled: boolean }> };
  const settingsNow = async () => (await t.request("GET", "/api/settings")).json<Settings>();
  const saveSettings = async (changes: Partial<Settings>) => {
    const saved = await t.request("POST", "/api/settings", {
      token: t.superToken,
      body: { ...(await settingsNow()), ...changes },
    });
    expect(saved.status, JSON.stringify(saved.json())).toBe(200);
  };
  /** The site as the owner has it before moving in: its news switched on, so its own "Notícias" entry. */
  const withNews = async () => {
    const { features } = await settingsNow();
    await saveSettings({ features: { ...features, posts: { ...features.posts, enabled: true } } });
  };
  const redirect = async (address: string) => {
    const response = await t.app.request(address, { redirect: "manual" });
    return { status: response.status, location: response.headers.get("location") };
  };

  it("makes the old static front page the home, and its old addresses lead to /", async () => {
    await importAll([exportFile(siteXml)]);
    const front = await pageBySlug("inicio");
    expect(front?.title).toBe("Início");
    expect((await settingsNow()).home_page_id).toBe(front?.id);
    expect(await redirect("/?page_id=44")).toEqual({ status: 301, location: "/" });
    expect(await redirect("/?p=44")).toEqual({ status: 301, location: "/" });
    // WordPress answers ?p= for a page too.
    expect(await redirect("/?p=45")).toEqual({ status: 301, location: "/sobre" });
    expect(await redirect("/?page_id=45")).toEqual({ status: 301, location: "/sobre" });
  });

  it("says in the preview which old page becomes the home, and only while it will", async () => {
    const actor = await admin();
    const preview = await previewWordPressImport(t.services, actor, [exportFile(siteXml)], UPLOADS);
    expect(preview.report.front_page).toEqual({ title: "Início", becomes_home: true });
    const done = await runWordPressImport(t.services, actor, preview.id);
    expect(done.report.front_page).toEqual({ title: "Início", becomes_home: true });
    // Imported again, the page comes in as an ordinary one: the home is already chosen.
    const again = await previewWordPressImport(t.services, actor, [exportFile(siteXml)], UPLOADS);
    expect(again.report.front_page).toEqual({ title: "Início", becomes_home: false });
    // An export whose site showed its latest posts on the front has no such page.
    const shop = await previewWordPressImport(t.services, actor, [exportFile(pluginsXml, "plugins.xml")], UPLOADS);
    expect(shop.report.front_page).toBeNull();
  });

  it("does not promise the old front page as the home of a site that has one", async () => {
    const home = await t.request("POST", "/api/pages", {
      token: t.superToken,
      body: { title: "Nossa casa", content: "<p>Bem-vindos.</p>", status: "published" },
    });
    expect(home.status, JSON.stringify(home.json())).toBe(201);
    await saveSettings({ home_page_id: home.json<{ id: number }>().id });
    const preview = await previewWordPressImport(t.services, await admin(), [exportFile(siteXml)], UPLOADS);
    expect(preview.report.front_page).toEqual({ title: "Início", becomes_home: false });
  });

  it("leaves the home the owner chose since as she chose it when the site is imported again", async () => {
    await importAll([exportFile(siteXml)]);
    const about = await pageBySlug("sobre");
    await saveSettings({ home_page_id: about?.id ?? null });
    await importAll([exportFile(siteXml)]);
    expect((await settingsNow()).home_page_id).toBe(about?.id);
    await saveSettings({ home_page_id: null });
    await importAll([exportFile(siteXml)]);
    expect((await settingsNow()).home_page_id).toBeNull();
  });

  it("imports the block theme's main navigation: one Notícias, and the links to the sections of /sobre", async () => {
    await withNews();
    const done = await importAll([exportFile(siteXml)]);
    const header = (await t.request("GET", "/api/menus")).json<
      { name: string; href: string | null; submenus: { name: string; href: string | null }[] }[]
    >();
    const top = header.map((item) => [item.name, item.href]);
    expect(top.filter(([name]) => name === "Notícias")).toEqual([["Notícias", "/noticias"]]);
    expect(top).toEqual(
      expect.arrayContaining([
        ["Início", "/"],
        ["Sobre", "/sobre"],
        ["Serviços", "/sobre#servicos"],
        ["Transparência", "/sobre#transparencia"],
        ["Contato", "/sobre#contato"],
      ]),
    );
    expect(header.find((item) => item.name === "Serviços")?.submenus.map((item) => item.href)).toEqual([
      "/sobre#servicos",
      "/sobre#servicos",
      "/sobre#servicos",
    ]);
    // The classic menu is not the one a block theme showed.
    expect(top.map(([name]) => name)).not.toContain("Loja antiga");
    expect(done.report.skipped).toContainEqual(expect.objectContaining({ kind: "menu", title: "Menu principal" }));

    // The sections keep the ids those links point at.
    const about = await pageBySlug("sobre");
    for (const id of ["servicos", "transparencia", "contato"]) expect(about?.content).toContain(`<h2 id="${id}">`);

    // Imported again, the entries stay the same ones, Notícias still once.
    await importAll([exportFile(siteXml)]);
    const again = (await t.request("GET", "/api/menus")).json<{ name: string }[]>();
    expect(again.map((item) => item.name)).toEqual(header.map((item) => item.name));
  });

  it("makes the featured image the post's cover with WordPress's text for it, and the caption a figure", async () => {
    await withNews();
    await importAll([exportFile(siteXml)]);
    const harvest = await postBySlug("colheita-recorde-de-acai-em-2024");
    expect(harvest?.cover).toMatch(/^\/files\/images\//);
    expect(harvest?.coverAlt).toBe("Cestos de açaí na colheita");
    expect(harvest?.content).toMatch(
      /<figure><img [^>]*alt="Cestos de açaí na colheita"[^>]*\/><figcaption>Cestos na colheita<\/figcaption><\/figure>/,
    );
    const listed = (await t.request("GET", "/api/posts?per_page=50")).json<{
      data: { slug: string; cover: string | null; cover_alt: string }[];
    }>();
    const card = listed.data.find((post) => post.slug === "colheita-recorde-de-acai-em-2024");
    expect(card).toMatchObject({ cover: harvest?.cover, cover_alt: "Cestos de açaí na colheita" });
  });
});
