import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditEntryList } from "../../../common/views/audit.ts";
import type { PageView } from "../../../common/views/content.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { backgroundJobs } from "../../flows/background-jobs.ts";
import { auditEntries } from "./tables.ts";

const t = withTestApp({ setUp: true });

type Errors = { message: string; errors: Record<string, string[]> };

const entries = () => t.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));

async function createPage(title: string, token = t.superToken): Promise<PageView> {
  const response = await t.request("POST", "/api/pages", { token, body: { title, status: "published" } });
  if (response.status !== 201) throw new Error(`page: ${response.status} ${JSON.stringify(response.body)}`);
  return response.json<PageView>();
}

const list = async (query = "", token = t.superToken) => {
  const response = await t.request("GET", `/api/audit${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectDocumented("get", "/api/audit", response);
  return response.json<AuditEntryList>();
};

/** Moves an entry to an instant, as if it had been written then. */
const writtenAt = (id: number, at: string) =>
  t.database.db
    .update(auditEntries)
    .set({ at: new Date(at) })
    .where(eq(auditEntries.id, id));

describe("access", () => {
  it("is the super users' alone: signed out 401, customers and administrators 403, before the query is read", async () => {
    const customer = await t.createUser("user", t.superToken);
    const admin = await t.createUser("admin", t.superToken);
    for (const path of ["/api/audit", "/api/audit/export.csv", "/api/audit?action=nada"]) {
      const anonymous = await t.request("GET", path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.json()).toEqual({ message: "Faça login para continuar." });
      for (const token of [customer.token, admin.token]) {
        const refused = await t.request("GET", path, { token });
        expect(refused.status, path).toBe(403);
        expect(refused.json()).toEqual({ message: "Apenas um usuário Super pode ver o registro de auditoria." });
      }
    }
    expectDocumented("get", "/api/audit", await t.request("GET", "/api/audit", { token: admin.token }));
    expect((await entries()).some((entry) => entry.action === "audit.exported")).toBe(false);
    expect((await t.request("GET", "/api/audit", { token: t.superToken })).status).toBe(200);
  });

  it("has no way to write, change or delete an entry", async () => {
    await createPage("Sobre");
    const before = await entries();
    const [first] = before;
    if (!first) throw new Error("no entry");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/audit", `/api/audit/${first.id}`, "/api/audit/export.csv"]) {
        const response = await t.request(method, path, {
          token: t.superToken,
          body: method === "DELETE" ? undefined : { action: "page.deleted", changes: {} },
        });
        expect([404, 405], `${method} ${path}`).toContain(response.status);
      }
    }
    expect(await entries()).toEqual(before);
  });
});

describe("GET /api/audit", () => {
  it("lists newest first, with who, from where, what, which record (and its screen) and what changed", async () => {
    const page = await createPage("Sobre");
    const edited = await t.request("PUT", `/api/pages/${page.id}`, {
      token: t.superToken,
      body: { title: "Sobre nós", slug: page.slug, status: "published" },
    });
    expect(edited.status).toBe(200);
    const { data, pagination } = await list("?record_kind=page");
    expect(pagination).toEqual({ total: 2, page: 1, per_page: 20 });
    expect(data.map((entry) => entry.action)).toEqual(["page.updated", "page.created"]);
    // The first-time setup's super user is the oldest entry.
    const everything = await list("?per_page=100");
    expect(everything.data.at(-1)).toMatchObject({ action: "user.created", record: { label: SUPER.admin_name } });
    const [updated] = data;
    expect(updated).toMatchObject({
      actor: { name: SUPER.admin_name, email: SUPER.email, kind: "person" },
      action_label: "Página alterada",
      record: {
        kind: "page",
        kind_label: "Página",
        id: String(page.id),
        label: "Sobre nós",
        href: `/conta/pages/${page.id}/edit`,
      },
      changes: [{ field: "Título", before: "Sobre", after: "Sobre nós" }],
    });
    expect(updated?.address).toEqual(expect.any(String));
    expect(updated?.request_id).toEqual(expect.any(String));
  });

  it("names a deleted record without a link", async () => {
    const page = await createPage("Passageira");
    expect((await t.request("DELETE", `/api/pages/${page.id}`, { token: t.superToken })).status).toBe(204);
    const { data } = await list(`?record_kind=page&record_id=${page.id}`);
    expect(data.map((entry) => [entry.action, entry.record.label, entry.record.href])).toEqual([
      ["page.deleted", "Passageira", null],
      ["page.created", "Passageira", null],
    ]);
  });

  it("filters by person, action, record and São Paulo days, and pages through", async () => {
    const admin = await t.createUser("admin", t.superToken);
    const mine = await createPage("Da Ana");
    const theirs = await createPage("Do admin", admin.token);
    const all = await entries();
    const theirsEntry = all.find((entry) => entry.recordKind === "page" && entry.recordId === String(theirs.id));
    expect(theirsEntry?.actorId).toBe(admin.id);

    const byPerson = await list(`?actor_id=${admin.id}`);
    expect(byPerson.data.every((entry) => entry.actor.id === admin.id)).toBe(true);
    expect(byPerson.data.map((entry) => entry.record.label)).toContain("Do admin");
    expect(byPerson.data.map((entry) => entry.record.label)).not.toContain("Da Ana");
    const byPersonAndKind = await list(`?actor_id=${admin.id}&record_kind=page`);
    expect(byPersonAndKind.data.map((entry) => entry.record.label)).toEqual(["Do admin"]);
    const byAction = await list("?action=user.created");
    expect(byAction.data.map((entry) => entry.record.label)).toEqual(["Pessoa admin", SUPER.admin_name]);
    const byKind = await list("?record_kind=page");
    expect(byKind.data.map((entry) => entry.record.id)).toEqual([String(theirs.id), String(mine.id)]);
    const byRecord = await list(`?record_kind=page&record_id=${mine.id}`);
    expect(byRecord.data.map((entry) => entry.record.label)).toEqual(["Da Ana"]);

    // 02:30 UTC on 1 March is still 28 February in São Paulo.
    const [first, second, third] = all;
    if (!first || !second || !third) throw new Error("missing entries");
    await writtenAt(first.id, "2026-02-27T15:00:00Z");
    await writtenAt(second.id, "2026-03-01T02:30:00Z");
    await writtenAt(third.id, "2026-03-01T03:30:00Z");
    const february = await list("?from=2026-02-28&to=2026-02-28");
    expect(february.data.map((entry) => entry.id)).toEqual([second.id]);
    const march = await list("?from=2026-03-01&to=2026-03-01");
    expect(march.data.map((entry) => entry.id)).toEqual([third.id]);
    const untilFebruary = await list("?to=2026-02-28");
    expect(untilFebruary.data.map((entry) => entry.id)).toEqual([second.id, first.id]);

    const secondPage = await list("?per_page=2&page=2");
    expect(secondPage.pagination).toEqual({ total: all.length, page: 2, per_page: 2 });
    expect(secondPage.data).toHaveLength(2);
  });

  it("refuses bad filters with pt-BR messages", async () => {
    const cases: [string, Record<string, string[]>][] = [
      ["?action=page.exploded", { action: ["Escolha uma ação da lista"] }],
      ["?record_kind=planeta", { record_kind: ["Escolha um tipo de registro da lista"] }],
      ["?record_id=12", { record_kind: ["Escolha o tipo do registro"] }],
      ["?from=2026-02-30", { from: ["Informe a data inicial como AAAA-MM-DD"] }],
      ["?from=2026-03-02&to=2026-03-01", { to: ["A data final deve ser igual ou posterior à inicial"] }],
    ];
    for (const [query, errors] of cases) {
      const response = await t.request("GET", `/api/audit${query}`, { token: t.superToken });
      expect(response.status, query).toBe(400);
      expect(response.json<Errors>().errors, query).toEqual(errors);
      expectDocumented("get", "/api/audit", response);
    }
  });
});

describe("GET /api/audit/export.csv", () => {
  it("exports the filtered entries with pt-BR columns, and logs the export itself", async () => {
    const page = await createPage("Estatuto");
    await t.request("PUT", `/api/pages/${page.id}`, {
      token: t.superToken,
      body: { title: "=Estatuto novo", slug: page.slug, status: "draft" },
    });
    const path = `/api/audit/export.csv?record_kind=page&record_id=${page.id}`;
    const response = await t.app.request(path, { headers: { authorization: `Token ${t.superToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="auditoria.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Quando;Quem;E-mail de quem;Id de quem;Endereço;Ação;Registro;Id do registro;Nome do registro;Alterações;Detalhes;Requisição",
    );
    expect(lines[1]).toContain(`;${SUPER.admin_name};${SUPER.email};`);
    expect(lines[1]).toContain(`;Página alterada;Página;${page.id};'=Estatuto novo;`);
    // The changed fields in alphabetical order.
    expect(lines[1]).toContain(";Status: Publicado → Rascunho | Título: Estatuto → =Estatuto novo;");
    expect(text.match(/Página (criada|alterada)/g)).toEqual(["Página alterada", "Página criada"]);

    const [exported] = (await entries()).filter((entry) => entry.action === "audit.exported");
    expect(exported).toMatchObject({
      recordKind: "audit",
      actorName: SUPER.admin_name,
      changes: {},
      details: { "Filtro: registro": "Página", "Filtro: id do registro": String(page.id), "Entradas exportadas": 2 },
    });
    expectDocumented("get", "/api/audit/export.csv", await t.request("GET", path, { token: t.superToken }));
  });
});

describe("retention", () => {
  it("the daily job deletes the entries older than the settings' period, and only those", async () => {
    const job = backgroundJobs(t.services).find((candidate) => candidate.name === "purge-audit");
    if (!job) throw new Error("no purge-audit job");
    expect(job.everyMs).toBe(24 * 60 * 60 * 1000);
    await createPage("Antiga");
    await createPage("Recente");
    const [setup] = await entries();
    const [old, recent] = (await entries()).filter((entry) => entry.action === "page.created");
    if (!setup || !old || !recent) throw new Error("missing entries");
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    await t.database.db
      .update(auditEntries)
      .set({ at: daysAgo(731) })
      .where(eq(auditEntries.id, setup.id));
    await t.database.db
      .update(auditEntries)
      .set({ at: daysAgo(100) })
      .where(eq(auditEntries.id, old.id));
    await t.database.db
      .update(auditEntries)
      .set({ at: daysAgo(29) })
      .where(eq(auditEntries.id, recent.id));
    const ids = async () => (await entries()).map((entry) => entry.id);

    await job.run();
    expect(await ids()).not.toContain(setup.id);
    expect(await ids()).toEqual(expect.arrayContaining([old.id, recent.id]));

    const settings = (await t.request("GET", "/api/settings")).json<Record<string, unknown>>();
    const saved = await t.request("POST", "/api/settings", {
      token: t.superToken,
      body: { ...settings, audit_retention_days: 30 },
    });
    expect(saved.status).toBe(200);
    await job.run();
    expect(await ids()).not.toContain(old.id);
    const left = await entries();
    expect(left.map((entry) => entry.id)).toContain(recent.id);
    expect(left.map((entry) => entry.action)).toContain("settings.updated");
  });
});
