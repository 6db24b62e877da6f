import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import type { MemberStatus } from "../../../common/schemas/members.ts";
import type { EventView, PostView } from "../../../common/views/content.ts";
import type { MediaFilters, MediaView } from "../../../common/views/medias.ts";
import { PAULISTA_ADDRESS } from "../../../tests/support/shop-fixture.ts";
import { cpfOf } from "../../../tests/support/tax-ids.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import type { Actor } from "../../kernel/access.ts";
import { memberPlans, members } from "../members/tables.ts";

/*
 * "Somente associados" on news, events, pages and library items, on the test database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): opened only by members in good standing and administrators, listed to everyone
 * else as a teaser on the site's own pages, and never in the API, the sitemap, the search, the library's
 * filters or exports for them; a member who falls behind loses access on her next read.
 */

const t = withTestApp({ setUp: true });

const SECRET = "palavrasecretadaassembleia";

const superActor: Actor = { id: 1, name: "Ana Super", email: "ana@example.com", role: "super" };

/** A person signed in with a membership in `status`, and a person signed in with none. */
async function readers(status: MemberStatus = "ativo") {
  const member = await t.createUser("user", t.superToken);
  const stranger = await t.createUser("user", t.superToken);
  const [plan] = await t.database.db
    .insert(memberPlans)
    .values({ name: "Mensal", amountCents: 3000, cycle: "mensal", dueDay: 10, graceDays: 5, suspendAfter: 2 })
    .returning();
  if (!plan) throw new Error("no plan");
  const [row] = await t.database.db
    .insert(members)
    .values({
      number: 1,
      kind: "pessoa",
      name: "Bia Associada",
      taxId: cpfOf(101),
      email: member.email,
      phone: "(81) 99999-1234",
      address: { ...PAULISTA_ADDRESS, uf: "SP", complement: "" },
      planId: plan.id,
      status,
      userId: member.id,
      verificationCode: `codigo-${member.id}`,
    })
    .returning();
  if (!row) throw new Error("no member");
  const actorOf = (user: { id: number; email: string }): Actor => ({
    id: user.id,
    name: "Pessoa",
    email: user.email,
    role: "user",
  });
  return {
    member: { ...member, actor: actorOf(member) },
    stranger: { ...stranger, actor: actorOf(stranger) },
    moveTo: (next: MemberStatus) => t.database.db.update(members).set({ status: next }).where(eq(members.id, row.id)),
  };
}

async function created<View>(path: string, body: Record<string, unknown>): Promise<View> {
  const response = await t.request("POST", path, { token: t.superToken, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<View>();
}

const news = (fields: Record<string, unknown> = {}) =>
  created<PostView>("/api/posts", {
    title: "Ata da assembleia",
    summary: "Resumo só para associados",
    content: `<p>A pauta: ${SECRET}.</p>`,
    documents: [{ url: "/files/ata.pdf", name: "Ata", size: 1200, mime_type: "application/pdf" }],
    status: "published",
    members_only: true,
    ...fields,
  });

const titlesOf = (list: { data: { title: string }[] }) => list.data.map((item) => item.title);

describe("members-only news", () => {
  it("is opened by members in good standing and administrators, and through the API by no one else", async () => {
    const { member, stranger } = await readers();
    const post = await news();
    await news({ title: "Notícia aberta", members_only: false, content: "<p>Para todos.</p>", documents: [] });

    for (const token of [undefined, stranger.token]) {
      const list = await t.request("GET", "/api/posts", { token });
      expect(titlesOf(list.json<Paginated<PostView>>())).toEqual(["Notícia aberta"]);
      expect(JSON.stringify(list.body)).not.toContain(SECRET);
      expect((await t.request("GET", `/api/posts/${post.slug}`, { token })).status).toBe(404);
      expect((await t.request("GET", `/api/posts/${post.id}`, { token })).status).toBe(404);
      const tags = await t.request("GET", "/api/posts/tags", { token });
      expect(JSON.stringify(tags.body)).not.toContain(SECRET);
    }
    for (const token of [member.token, t.superToken]) {
      const list = (await t.request("GET", "/api/posts", { token })).json<Paginated<PostView>>();
      expect(titlesOf(list)).toEqual(["Notícia aberta", "Ata da assembleia"]);
      const read = await t.request("GET", `/api/posts/${post.slug}`, { token });
      expect(read.status).toBe(200);
      expect(read.json<PostView>()).toMatchObject({ members_only: true, withheld: false });
      expect(read.json<PostView>().content).toContain(SECRET);
    }
  });

  it("is a teaser on the site's pages for others: title and date, none of its text, files or summary", async () => {
    const { member, stranger } = await readers();
    const post = await news();
    for (const actor of [null, stranger.actor]) {
      const teaser = await t.services.posts.get(actor, post.slug, "tease");
      expect(teaser).toMatchObject({
        title: post.title,
        published_at: post.published_at,
        members_only: true,
        withheld: true,
        summary: "",
        content: "",
        documents: [],
      });
      const listed = await t.services.posts.list(actor, { page: 1, per_page: 12, q: "", sort: "date_desc" }, "tease");
      expect(listed.data.map((item) => [item.title, item.withheld, item.content])).toEqual([[post.title, true, ""]]);
      expect(JSON.stringify(listed)).not.toContain(SECRET);
    }
    const opened = await t.services.posts.get(member.actor, post.slug, "tease");
    expect(opened).toMatchObject({ withheld: false, summary: "Resumo só para associados" });
    expect(opened.content).toContain(SECRET);
  });

  it("is lost the moment she is late, suspended or gone, and back when she is in good standing", async () => {
    const { member, moveTo } = await readers();
    const post = await news();
    const open = async () => (await t.request("GET", `/api/posts/${post.slug}`, { token: member.token })).status;
    expect(await open()).toBe(200);
    for (const status of ["em_atraso", "suspenso", "desligado", "proposta"] as const) {
      await moveTo(status);
      expect(await open(), status).toBe(404);
      expect((await t.services.posts.get(member.actor, post.slug, "tease")).withheld, status).toBe(true);
    }
    await moveTo("ativo");
    expect(await open()).toBe(200);
  });

  it("never keeps a member's read for the visitors after her, nor a visitor's for her", async () => {
    const { member } = await readers();
    const post = await news();
    const query = { page: 1, per_page: 12, q: "", sort: "date_desc" } as const;
    // Hers first: the visitors' shared answers (kernel/public-reads.ts) must not be what she read.
    expect((await t.services.posts.get(member.actor, post.slug, "tease")).content).toContain(SECRET);
    expect((await t.services.posts.list(member.actor, query, "tease")).data[0]?.content).toContain(SECRET);
    for (let visit = 0; visit < 2; visit++) {
      expect((await t.services.posts.get(null, post.slug, "tease")).withheld).toBe(true);
      expect(JSON.stringify(await t.services.posts.list(null, query, "tease"))).not.toContain(SECRET);
    }
    // And the visitors' kept answer is not what she gets next.
    expect((await t.services.posts.get(member.actor, post.slug, "tease")).withheld).toBe(false);
  });

  it("stays out of the sitemap and the site's search for everyone", async () => {
    const { member } = await readers();
    const post = await news();
    expect((await t.services.posts.sitemap()).map((entry) => entry.url)).not.toContain(post.url);
    for (const token of [undefined, member.token]) {
      const found = await t.request("GET", `/api/search?q=${SECRET}`, { token });
      expect(found.status).toBe(200);
      expect(JSON.stringify(found.body)).not.toContain(post.title);
      const byTitle = await t.request("GET", "/api/search?q=assembleia", { token });
      expect(JSON.stringify(byTitle.body)).not.toContain(post.url);
    }
  });
});

describe("members-only events and pages", () => {
  it("keep a members' meeting's place and link from others, and open them to members", async () => {
    const { member, stranger } = await readers();
    const event = await created<EventView>("/api/events", {
      title: "Reunião de associados",
      content: `<p>${SECRET}</p>`,
      start_at: "2030-03-10T13:00:00Z",
      end_at: "2030-03-10T15:00:00Z",
      place_name: "Sede",
      place_address: "Rua das Flores, 10",
      online_url: "https://meet.example.com/assembleia",
      status: "published",
      members_only: true,
    });
    expect((await t.request("GET", `/api/events/${event.slug}`)).status).toBe(404);
    expect(JSON.stringify((await t.request("GET", "/api/events", { token: stranger.token })).body)).not.toContain(
      event.title,
    );
    const teaser = await t.services.events.get(null, event.slug, "tease");
    expect(teaser).toMatchObject({
      withheld: true,
      start_at: event.start_at,
      place_name: "Sede",
      place_address: "",
      online_url: "",
      content: "",
    });
    const opened = await t.services.events.get(member.actor, event.slug, "tease");
    expect(opened).toMatchObject({ withheld: false, online_url: "https://meet.example.com/assembleia" });
    expect((await t.services.events.sitemap()).map((entry) => entry.url)).not.toContain(event.url);

    const page = await created<PostView>("/api/pages", {
      title: "Regimento interno",
      content: `<p>${SECRET}</p>`,
      status: "published",
      members_only: true,
    });
    expect((await t.request("GET", `/api/pages/${page.slug}`)).status).toBe(404);
    expect((await t.request("GET", `/api/pages/${page.slug}`, { token: member.token })).status).toBe(200);
    expect((await t.services.pages.get(stranger.actor, page.slug, "tease")).content).toBe("");
    expect((await t.services.pages.sitemap()).map((entry) => entry.url)).not.toContain(page.url);
    expect((await t.services.pages.get(superActor, page.slug)).content).toContain(SECRET);
  });
});

describe("members-only library items", () => {
  it("are out of the API's list, filters and exports for others, and teased on the site without their files", async () => {
    const { member, stranger } = await readers();
    const item = await created<MediaView>("/api/medias", {
      title: "Relatório do conselho fiscal",
      type: "report",
      authors: ["Souza, Maria"],
      description: `<p>${SECRET}</p>`,
      url: "https://exemplo.org.br/relatorio",
      categories: ["Conselho"],
      documents: [{ url: "/files/relatorio.pdf", name: "Relatório", size: 900, mime_type: "application/pdf" }],
      status: "published",
      members_only: true,
    });
    for (const token of [undefined, stranger.token]) {
      expect(JSON.stringify((await t.request("GET", "/api/medias", { token })).body)).not.toContain(item.title);
      expect((await t.request("GET", `/api/medias/${item.id}`, { token })).status).toBe(404);
      const filters = (await t.request("GET", "/api/medias/filters", { token })).json<MediaFilters>();
      expect(filters.categories).toEqual([]);
      const exported = await t.request("GET", "/api/medias/export?format=bibtex", { token });
      expect(JSON.stringify(exported.body)).not.toContain(item.title);
    }
    const teaser = await t.services.medias.get(stranger.actor, item.id, "tease");
    expect(teaser).toMatchObject({
      title: item.title,
      authors: ["Souza, Maria"],
      withheld: true,
      description: "",
      url: "",
      documents: [],
    });
    const listed = await t.services.medias.list(null, { page: 1, per_page: 20, q: "", sort: "newest" }, "tease");
    expect(listed.data.map((entry) => [entry.title, entry.withheld])).toEqual([[item.title, true]]);
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    const opened = await t.request("GET", `/api/medias/${item.id}`, { token: member.token });
    expect(opened.status).toBe(200);
    expect(opened.json<MediaView>().documents).toHaveLength(1);
    expect(JSON.stringify((await t.request("GET", `/api/search?q=${SECRET}`)).body)).not.toContain(item.title);
  });
});
