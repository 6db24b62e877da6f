import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONSENT_MISSING, PLAN_NAME_TAKEN, TAX_ID_TAKEN } from "../../../common/schemas/members.ts";
import type {
  MemberDetail,
  MemberImportReport,
  MemberPage,
  MemberVerification,
  MyMembership,
  PlanList,
  PlanView,
} from "../../../common/views/members.ts";
import { expectAdministratorsOnly } from "../../../tests/support/api-access.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { PAULISTA_ADDRESS, saveShopSettings } from "../../../tests/support/shop-fixture.ts";
import { cpfOf } from "../../../tests/support/tax-ids.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { auditEntries } from "../audit/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { APPLICATION_RECEIVED } from "./members-service.ts";
import { memberDues, members } from "./tables.ts";

/*
 * The register, the plans and the dues through the REST API and the job runner's turn, on the test database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): numbers, statuses and their history, a due per member and
 * period whatever runs twice, overdue and suspension by the plan's rules and back when she pays.
 */

const t = withTestApp({ setUp: true });

/** The site's super user, for the service's calls made without HTTP. */
const superUser = { id: 1, name: "Ana Super", email: "ana@example.com", role: "super" } as const;

const MONTHLY = {
  name: "Mensal",
  amount_cents: 4990,
  cycle: "mensal",
  due_day: 31,
  grace_days: 5,
  suspend_after: 2,
  active: true,
};

const ANA = {
  kind: "pessoa",
  name: "Ana Souza",
  tax_id: "529.982.247-25",
  email: "ana.souza@example.com",
  phone: "(81) 99999-1234",
  address: { ...PAULISTA_ADDRESS, complement: "" },
  born_on: "1980-05-17",
  admitted_on: "",
  notes: "",
};

async function createPlan(body: Record<string, unknown> = MONTHLY): Promise<PlanView> {
  const response = await t.request("POST", "/api/members/plans", { token: t.superToken, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<PlanView>();
}

async function register(body: Record<string, unknown>): Promise<MemberDetail> {
  const response = await t.request("POST", "/api/members", { token: t.superToken, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<MemberDetail>();
}

async function switchMembers(enabled: boolean) {
  const settings = (await t.request("GET", "/api/settings")).json<{ features: Record<string, object> }>();
  const features = { ...settings.features, members: { ...settings.features.members, enabled } };
  const saved = await t.request("POST", "/api/settings", { token: t.superToken, body: { ...settings, features } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const apply = (body: Record<string, unknown>, token?: string) =>
  t.request("POST", "/api/members/applications", { token, body: { ...body, consent: true } });

/** Ana's proposal, sent signed in with `token` when given (her account is then linked to it). */
async function proposal(plan: PlanView, token?: string): Promise<number> {
  await switchMembers(true);
  const sent = await apply({ ...ANA, plan_id: plan.id }, token);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const [row] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.email, ANA.email));
  if (!row) throw new Error("no proposal");
  return row.id;
}

const move = (id: number, status: string, reason = "") =>
  t.request("POST", `/api/members/${id}/status`, { token: t.superToken, body: { status, reason } });

const detail = async (id: number) =>
  (await t.request("GET", `/api/members/${id}`, { token: t.superToken })).json<MemberDetail>();

/** As if she had been approved on `approvedOn`: her first due, and the period the job runner continues from. */
async function approvedOn(id: number, day: string) {
  await t.database.db
    .update(memberDues)
    .set({ period: day.slice(0, 7), dueOn: day })
    .where(eq(memberDues.memberId, id));
  await t.database.db
    .update(members)
    .set({ lastPeriod: day.slice(0, 7) })
    .where(eq(members.id, id));
}

/** Noon in São Paulo on `day`. */
const noon = (day: string) => new Date(`${day}T15:00:00Z`);

describe("access", () => {
  it("keeps the register, the plans and the dues to administrators, asking before reading the body", async () => {
    const plan = await createPlan();
    const ana = await register({ ...ANA, plan_id: plan.id });
    const customer = await t.createUser("user", t.superToken);
    const due = 1;
    await expectAdministratorsOnly(
      t,
      customer.token,
      [
        ["GET", "/api/members/plans"],
        ["POST", "/api/members/plans"],
        ["GET", `/api/members/plans/${plan.id}`],
        ["PUT", `/api/members/plans/${plan.id}`],
        ["DELETE", `/api/members/plans/${plan.id}`],
        ["GET", "/api/members"],
        ["POST", "/api/members"],
        ["GET", `/api/members/${ana.member.id}`],
        ["PUT", `/api/members/${ana.member.id}`],
        ["DELETE", `/api/members/${ana.member.id}`],
        ["POST", `/api/members/${ana.member.id}/status`],
        ["POST", "/api/members/dues/run"],
        ["GET", "/api/members/dashboard"],
        ["GET", "/api/members/settings"],
        ["PUT", "/api/members/settings"],
        ["POST", `/api/members/${ana.member.id}/dues/${due}/payment`],
        ["POST", `/api/members/${ana.member.id}/dues/${due}/waiver`],
      ],
      (method) => (method === "GET" || method === "DELETE" ? undefined : {}),
    );
    const signedOut = await t.request("GET", "/api/members/me");
    expect(signedOut.status).toBe(401);
    const admin = await t.createUser("admin", t.superToken);
    expect((await t.request("GET", "/api/members", { token: admin.token })).status).toBe(200);
  });
});

describe("plans", () => {
  it("are created, listed with their members, renamed, refused twice by name, and deleted only when unused", async () => {
    const created = await t.request("POST", "/api/members/plans", { token: t.superToken, body: MONTHLY });
    expect(created.status).toBe(201);
    expectDocumented("post", "/api/members/plans", created);
    const plan = created.json<PlanView>();
    expect(plan).toMatchObject({ name: "Mensal", amount_cents: 4990, cycle_label: "Mensal", due_day: 31, members: 0 });
    const twice = await t.request("POST", "/api/members/plans", {
      token: t.superToken,
      body: { ...MONTHLY, name: "mensal" },
    });
    expect(twice.status).toBe(409);
    expect(twice.json()).toMatchObject({ errors: { name: [PLAN_NAME_TAKEN] } });
    for (const [field, value] of [
      ["amount_cents", 0],
      ["due_day", 32],
      ["grace_days", -1],
      ["suspend_after", 0],
      ["cycle", "semanal"],
    ] as const) {
      const refused = await t.request("POST", "/api/members/plans", {
        token: t.superToken,
        body: { ...MONTHLY, name: `Plano ${field}`, [field]: value },
      });
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.json<{ errors: object }>().errors), field).toEqual([field]);
    }
    await register({ ...ANA, plan_id: plan.id });
    const listed = await t.request("GET", "/api/members/plans", { token: t.superToken });
    expectDocumented("get", "/api/members/plans", listed);
    expect(listed.json<PlanList>().data.map((row) => [row.name, row.members])).toEqual([["Mensal", 1]]);
    const inUse = await t.request("DELETE", `/api/members/plans/${plan.id}`, { token: t.superToken });
    expect(inUse.status).toBe(409);
    const unused = await createPlan({ ...MONTHLY, name: "Anual", cycle: "anual", amount_cents: 50000 });
    const renamed = await t.request("PUT", `/api/members/plans/${unused.id}`, {
      token: t.superToken,
      body: { ...MONTHLY, name: "Anual 2027", cycle: "anual" },
    });
    expect(renamed.json<PlanView>().name).toBe("Anual 2027");
    expect((await t.request("DELETE", `/api/members/plans/${unused.id}`, { token: t.superToken })).status).toBe(204);
    const actions = await t.database.db.select({ action: auditEntries.action }).from(auditEntries);
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["member_plan.created", "member_plan.updated", "member_plan.deleted"]),
    );
  });
});

describe("the register", () => {
  it("numbers members in order, checks CPF and CNPJ by kind, refuses one twice, searches and filters", async () => {
    const plan = await createPlan();
    const created = await t.request("POST", "/api/members", {
      token: t.superToken,
      body: { ...ANA, plan_id: plan.id },
    });
    expect(created.status).toBe(201);
    expectDocumented("post", "/api/members", created);
    const ana = created.json<MemberDetail>();
    expect(ana.member).toMatchObject({ number: 1, status: "ativo", tax_id: "52998224725", in_good_standing: true });
    expect(ana.history).toEqual([expect.objectContaining({ to: "ativo", by: "Ana Super" })]);
    const cooperative = await register({
      ...ANA,
      kind: "organizacao",
      name: "Cooperativa Flor do Mangue",
      tax_id: "11.222.333/0001-81",
      email: "flor@example.com",
      plan_id: plan.id,
    });
    expect(cooperative.member.number).toBe(2);

    const wrongKind = await t.request("POST", "/api/members", {
      token: t.superToken,
      body: { ...ANA, kind: "organizacao", tax_id: "111.444.777-35", plan_id: plan.id },
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.json()).toMatchObject({ errors: { tax_id: ["Informe um CNPJ válido"] } });
    const twice = await t.request("POST", "/api/members", {
      token: t.superToken,
      body: { ...ANA, email: "outra@example.com", plan_id: plan.id },
    });
    expect(twice.status).toBe(409);
    expect(twice.json()).toMatchObject({ errors: { tax_id: [TAX_ID_TAKEN] } });
    const noPlan = await t.request("POST", "/api/members", {
      token: t.superToken,
      body: { ...ANA, tax_id: "111.444.777-35", plan_id: 999 },
    });
    expect(noPlan.status).toBe(400);

    const search = async (query: string) =>
      (await t.request("GET", `/api/members?${query}`, { token: t.superToken }))
        .json<MemberPage>()
        .data.map((member) => member.name);
    expect(await search("q=flor")).toEqual(["Cooperativa Flor do Mangue"]);
    expect(await search("q=529.982")).toEqual(["Ana Souza"]);
    expect(await search("status=ativo")).toEqual(["Ana Souza", "Cooperativa Flor do Mangue"]);
    expect(await search("status=suspenso")).toEqual([]);
    const page = await t.request("GET", "/api/members", { token: t.superToken });
    expectDocumented("get", "/api/members", page);
    const csv = await t.request("GET", "/api/members/export.csv?status=ativo", { token: t.superToken });
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe(
      "Número;Nome;Tipo;CPF ou CNPJ;E-mail;Telefone;CEP;UF;Cidade;Endereço;Número do endereço;Bairro;Complemento;Nascimento ou fundação;Admissão;Plano;Situação;Observações",
    );
    expect(lines[1]).toMatch(/^1;Ana Souza;Pessoa;529\.982\.247-25;/);
    expect(lines[2]).toMatch(/^2;Cooperativa Flor do Mangue;Organização;11\.222\.333\/0001-81;/);
    const [exported] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, "member.exported"));
    expect(JSON.stringify(exported?.details)).toContain("Associados exportados");

    // A name typed like a spreadsheet formula stays text in the export.
    await t.request("PUT", `/api/members/${cooperative.member.id}`, {
      token: t.superToken,
      body: {
        ...ANA,
        kind: "organizacao",
        name: '=HYPERLINK("x")',
        tax_id: "11222333000181",
        email: "flor@example.com",
        plan_id: plan.id,
      },
    });
    const formula = await t.request("GET", "/api/members/export.csv?q=hyperlink", { token: t.superToken });
    expect(String(formula.body)).toContain(`"'=HYPERLINK(""x"")"`);
    const edited = await t.request("PUT", `/api/members/${ana.member.id}`, {
      token: t.superToken,
      body: { ...ANA, name: "Ana Souza Lima", plan_id: plan.id },
    });
    expect(edited.status).toBe(200);
    expect(edited.json<MemberDetail>().member).toMatchObject({ name: "Ana Souza Lima", number: 1 });
    const removed = await t.request("DELETE", `/api/members/${ana.member.id}`, { token: t.superToken });
    expect(removed.status).toBe(204);
    expect((await t.request("GET", `/api/members/${ana.member.id}`, { token: t.superToken })).status).toBe(404);
    const actions = await t.database.db.select({ action: auditEntries.action }).from(auditEntries);
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["member.created", "member.updated", "member.deleted"]),
    );
  });

  it("links a member to the account that has her e-mail, which then sees only her own membership", async () => {
    await saveShopSettings(t, t.superToken);
    const plan = await createPlan();
    const account = await t.createUser("user", t.superToken, "Ana.Souza@Example.com");
    const stranger = await t.createUser("user", t.superToken);
    const ana = await register({ ...ANA, plan_id: plan.id });
    expect(ana.member.user_id).toBe(account.id);
    const mine = await t.request("GET", "/api/members/me", { token: account.token });
    expectDocumented("get", "/api/members/me", mine);
    expect(mine.json<MyMembership>().membership?.member).toMatchObject({ name: "Ana Souza", number: 1 });
    expect(mine.json<MyMembership>().membership?.member).not.toHaveProperty("notes");
    const none = await t.request("GET", "/api/members/me", { token: stranger.token });
    expect(none.json<MyMembership>()).toEqual({ membership: null });
    // Her data export (LGPD art. 18, 'Meus dados') carries her membership; a stranger's has none.
    const exported = await t.request("GET", "/api/profile/export", { token: account.token });
    expectDocumented("get", "/api/profile/export", exported);
    expect(exported.json<{ membership: MyMembership["membership"] }>().membership?.member.tax_id).toBe("52998224725");
    const strangers = await t.request("GET", "/api/profile/export", { token: stranger.token });
    expect(strangers.json<{ membership: null }>().membership).toBeNull();
  });
});

describe("becoming a member", () => {
  it("takes a proposal only while the feature is on, with consent, and once per CPF", async () => {
    const plan = await createPlan();
    const closed = await apply({ ...ANA, plan_id: plan.id });
    expect(closed.status).toBe(404);
    expect((await t.request("GET", "/api/members/offered-plans")).status).toBe(404);
    await switchMembers(true);
    await createPlan({ ...MONTHLY, name: "Antigo", active: false });
    const offered = await t.request("GET", "/api/members/offered-plans");
    expectDocumented("get", "/api/members/offered-plans", offered);
    expect(offered.json<{ data: { name: string }[] }>().data.map((row) => row.name)).toEqual(["Mensal"]);
    const withoutConsent = await t.request("POST", "/api/members/applications", {
      body: { ...ANA, plan_id: plan.id, consent: false },
    });
    expect(withoutConsent.status).toBe(400);
    expect(withoutConsent.json()).toMatchObject({ errors: { consent: [CONSENT_MISSING] } });
    const sent = await apply({ ...ANA, plan_id: plan.id });
    expect(sent.status).toBe(201);
    expectDocumented("post", "/api/members/applications", sent);
    expect(sent.json()).toEqual({ message: APPLICATION_RECEIVED });
    const again = await apply({ ...ANA, plan_id: plan.id, email: "ana2@example.com" });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.json())).not.toContain("Ana Souza");
    const listed = (await t.request("GET", "/api/members?status=proposta", { token: t.superToken })).json<MemberPage>();
    expect(listed.data).toEqual([expect.objectContaining({ name: "Ana Souza", number: null, status: "proposta" })]);
  });

  it("approving gives her a number and her first due, due that day, and e-mails her; refusing e-mails the reason", async () => {
    const plan = await createPlan();
    const id = await proposal(plan);
    const approved = await move(id, "ativo");
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expectDocumented("post", "/api/members/{id}/status", approved);
    const ana = approved.json<MemberDetail>();
    expect(ana.member).toMatchObject({ number: 1, status: "ativo", in_good_standing: true });
    expect(ana.dues).toEqual([expect.objectContaining({ amount_cents: 4990, status: "open", overdue: false })]);
    expect(ana.dues[0]?.due_on).toBe(ana.member.admitted_on);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "member-approved"));
    expect(mail?.to).toBe(ANA.email);
    expect(mail?.text).toContain("Seu número de associado é 1");
    expect(mail?.text).toContain("R$ 49,90");
    expect((await move(id, "ativo")).status).toBe(409);

    const other = await apply({ ...ANA, tax_id: "111.444.777-35", email: "bia@example.com", plan_id: plan.id });
    expect(other.status).toBe(201);
    const [bia] = await t.database.db.select().from(members).where(eq(members.email, "bia@example.com"));
    const refused = await move(bia?.id ?? 0, "desligado", "Não mora na região da cooperativa.");
    expect(refused.json<MemberDetail>().member).toMatchObject({ status: "desligado", number: null });
    const [refusal] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "member-refused"));
    expect(refusal?.text).toContain("Motivo: Não mora na região da cooperativa.");
  });
});

describe("dues", () => {
  it("makes each month's due once, on the last day of shorter months, whatever runs twice at once", async () => {
    const plan = await createPlan();
    const id = await proposal(plan);
    await move(id, "ativo");
    await approvedOn(id, "2027-01-31");
    // February's due (the 28th) is made 15 days before it, on the 13th, and not the day before (when January's,
    // unpaid past its 5 days of grace, has made her Em atraso).
    expect(await t.services.members.runDues(noon("2027-02-12"))).toMatchObject({ made: 0, moved: 1 });
    const [first, second] = await Promise.all([
      t.services.members.runDues(noon("2027-02-13")),
      t.services.members.runDues(noon("2027-02-13")),
    ]);
    expect((first?.made ?? 0) + (second?.made ?? 0)).toBe(1);
    await t.services.members.runDues(noon("2027-02-13"));
    // Down for months: March's, April's and May's come at once, none twice, and not June's before its day.
    await t.services.members.runDues(noon("2027-05-20"));
    const dues = await t.database.db.select().from(memberDues).where(eq(memberDues.memberId, id));
    expect(dues.map((due) => [due.period, due.dueOn]).sort()).toEqual([
      ["2027-01", "2027-01-31"],
      ["2027-02", "2027-02-28"],
      ["2027-03", "2027-03-31"],
      ["2027-04", "2027-04-30"],
      ["2027-05", "2027-05-31"],
    ]);
    expect(new Set(dues.map((due) => due.txid)).size).toBe(5);
  });

  it("moves her to Em atraso after the grace, suspends her at the plan's count, and back to Ativo when she pays", async () => {
    await saveShopSettings(t, t.superToken);
    const plan = await createPlan();
    const account = await t.createUser("user", t.superToken, ANA.email);
    const id = await proposal(plan, account.token);
    await move(id, "ativo");
    await approvedOn(id, "2027-01-31");
    const verifyPath = (await t.request("GET", "/api/members/me", { token: account.token })).json<MyMembership>()
      .membership?.verification_path;
    const code = verifyPath?.split("/").pop() ?? "";
    const verify = async () =>
      (await t.request("GET", `/api/members/verify/${code}`)).json<MemberVerification>().in_good_standing;

    // January's due paid; February's (the 28th) is overdue from March 6th with 5 days of grace.
    const january = (await detail(id)).dues[0];
    const paid = await t.request("POST", `/api/members/${id}/dues/${january?.id}/payment`, {
      token: t.superToken,
      body: { paid_on: "2027-01-31", note: "Pix recebido" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expectDocumented("post", "/api/members/{id}/dues/{due}/payment", paid);
    await t.services.members.runDues(noon("2027-03-05"));
    expect((await detail(id)).member.status).toBe("ativo");
    expect(await t.services.members.runDues(noon("2027-03-06"))).toMatchObject({ moved: 1 });
    expect((await detail(id)).member).toMatchObject({ status: "em_atraso", in_good_standing: false });
    expect(await verify()).toBe(false);
    // March's too: two overdue dues suspend her.
    await t.services.members.runDues(noon("2027-04-06"));
    const suspended = await detail(id);
    expect(suspended.member.status).toBe("suspenso");
    expect(suspended.history.map((step) => [step.to, step.by])).toEqual([
      ["suspenso", "Automático"],
      ["em_atraso", "Automático"],
      ["ativo", "Ana Super"],
      ["proposta", "Ana Souza"],
    ]);

    // She pays both (and April's, open, stays open but not overdue): back to Ativo.
    for (const due of suspended.dues.filter((row) => row.status === "open" && row.due_on < "2027-04-01"))
      await t.request("POST", `/api/members/${id}/dues/${due.id}/payment`, {
        token: t.superToken,
        body: { paid_on: "2027-04-07", note: "" },
      });
    await t.services.members.runDues(noon("2027-04-07"));
    expect((await detail(id)).member.status).toBe("ativo");
    expect(await verify()).toBe(true);

    // The paid due's receipt: hers and the administrators', nobody else's; an open one has none.
    await t.request("PUT", "/api/members/settings", {
      token: t.superToken,
      body: {
        organization_cnpj: "11.222.333/0001-81",
        reminders: (await t.services.members.settings(superUser)).reminders,
      },
    });
    const receipt = await t.request("GET", `/api/members/dues/${january?.id}/receipt`, { token: account.token });
    expect(receipt.status).toBe(200);
    expectDocumented("get", "/api/members/dues/{due}/receipt", receipt);
    expect(receipt.json()).toMatchObject({
      receipt_number: "1-2027-01",
      organization_cnpj: "11.222.333/0001-81",
      member_name: "Ana Souza",
      member_tax_id: "529.982.247-25",
      period_label: "janeiro de 2027",
      paid_on: "2027-01-31",
      paid_cents: 4990,
    });
    const stranger = await t.createUser("user", t.superToken);
    expect((await t.request("GET", `/api/members/dues/${january?.id}/receipt`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await t.request("GET", `/api/members/dues/${january?.id}/receipt`, { token: t.superToken })).status).toBe(
      200,
    );
    await t.services.members.runDues(noon("2027-04-20"));
    const april = (await detail(id)).dues.find((due) => due.period === "2027-04");
    expect(april?.status).toBe("open");
    expect((await t.request("GET", `/api/members/dues/${april?.id}/receipt`, { token: account.token })).status).toBe(
      404,
    );

    const closed = await t.request("POST", `/api/members/${id}/dues/${january?.id}/payment`, {
      token: t.superToken,
      body: { paid_on: "2027-04-07" },
    });
    expect(closed.status).toBe(409);
  });

  it("gives each open due its own Pix code with the exact amount, applies a new amount from the next due, and waives with a reason", async () => {
    await saveShopSettings(t, t.superToken);
    const plan = await createPlan();
    const id = await proposal(plan);
    await move(id, "ativo");
    await approvedOn(id, "2027-01-31");
    const [first] = (await detail(id)).dues;
    // Field 54, the amount: 5 characters, 49.90; field 05 of field 62, her number and the cycle as the txid.
    expect(first?.pix_code).toContain("540549.90");
    expect(first?.pix_code).toMatch(/05\d{2}A1P\d{6}/);
    await t.request("PUT", `/api/members/plans/${plan.id}`, {
      token: t.superToken,
      body: { ...MONTHLY, amount_cents: 5500 },
    });
    await t.services.members.runDues(noon("2027-02-13"));
    const dues = (await detail(id)).dues;
    expect(dues.map((due) => [due.period, due.amount_cents])).toEqual([
      ["2027-02", 5500],
      ["2027-01", 4990],
    ]);
    const missing = await t.request("POST", `/api/members/${id}/dues/${first?.id}/waiver`, {
      token: t.superToken,
      body: { reason: "" },
    });
    expect(missing.status).toBe(400);
    const waived = await t.request("POST", `/api/members/${id}/dues/${first?.id}/waiver`, {
      token: t.superToken,
      body: { reason: "Isenção aprovada em assembleia" },
    });
    expect(waived.status).toBe(200);
    expectDocumented("post", "/api/members/{id}/dues/{due}/waiver", waived);
    const after = waived.json<MemberDetail>().dues.find((due) => due.id === first?.id);
    expect(after).toMatchObject({ status: "waived", pix_code: null, note: "Isenção aprovada em assembleia" });
    const [entry] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, "member_due.waived")));
    expect(JSON.stringify(entry)).toContain("Isenção aprovada em assembleia");
  });
});

describe("the card's verification", () => {
  it("says only the name, number and standing, and nothing for an unknown or malformed code", async () => {
    const plan = await createPlan();
    const ana = await register({ ...ANA, plan_id: plan.id });
    const [row] = await t.database.db.select().from(members).where(eq(members.id, ana.member.id));
    const found = await t.request("GET", `/api/members/verify/${row?.verificationCode}`);
    expect(found.status).toBe(200);
    expectDocumented("get", "/api/members/verify/{code}", found);
    expect(Object.keys(found.json<object>()).sort()).toEqual(["checked_on", "in_good_standing", "name", "number"]);
    expect((await t.request("GET", `/api/members/verify/${"A".repeat(22)}`)).status).toBe(404);
    expect((await t.request("GET", "/api/members/verify/curto")).status).toBe(400);
  });
});

describe("reminders", () => {
  const reminderMails = async () =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "member-due-reminder"))).map(
      (mail) => mail.subject,
    );

  it("e-mails each due 5 and 1 days before, on the day and 3 and 10 days after, once each, and nothing once paid", async () => {
    await saveShopSettings(t, t.superToken);
    const plan = await createPlan({ ...MONTHLY, grace_days: 30 });
    const id = await proposal(plan);
    await move(id, "ativo");
    await approvedOn(id, "2027-01-31");
    // January's, due on the 31st: its reminders of the 3rd and 10th after, each on its day, twice over.
    for (const day of ["2027-02-03", "2027-02-03", "2027-02-05", "2027-02-10", "2027-02-10"])
      await t.services.members.runDues(noon(day));
    expect(await reminderMails()).toEqual([
      "Mensalidade em atraso: janeiro de 2027",
      "Mensalidade em atraso: janeiro de 2027",
    ]);
    // February's (the 28th, made on the 13th): 5 and 1 days before, then on the day.
    await t.services.members.runDues(noon("2027-02-23"));
    await t.services.members.runDues(noon("2027-02-27"));
    await t.services.members.runDues(noon("2027-02-28"));
    expect((await reminderMails()).slice(2)).toEqual([
      "Lembrete: mensalidade de fevereiro de 2027 vence em 28/02/2027",
      "Lembrete: mensalidade de fevereiro de 2027 vence em 28/02/2027",
      "Lembrete: mensalidade de fevereiro de 2027 vence hoje",
    ]);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "member-due-reminder"));
    expect(mail?.to).toBe(ANA.email);
    expect(mail?.text).toContain("R$ 49,90");
    expect(mail?.text).toContain("540549.90");
    // Paid: nothing more for February's.
    const february = (await detail(id)).dues.find((due) => due.period === "2027-02");
    await t.request("POST", `/api/members/${id}/dues/${february?.id}/payment`, {
      token: t.superToken,
      body: { paid_on: "2027-02-28" },
    });
    await t.services.members.runDues(noon("2027-03-03"));
    expect(await reminderMails()).toHaveLength(5);
  });

  it("follows the settings: a kind switched off sends nothing, and bad days are refused in pt-BR", async () => {
    const settings = await t.request("GET", "/api/members/settings", { token: t.superToken });
    expectDocumented("get", "/api/members/settings", settings);
    expect(settings.json()).toEqual({
      organization_cnpj: "",
      reminders: {
        before: { enabled: true, days: [5, 1] },
        on_day: { enabled: true },
        after: { enabled: true, days: [3, 10] },
      },
      payments: {
        provider: "shop_pix",
        asaas: {
          api_key: "",
          api_key_set: false,
          webhook_token: "",
          webhook_token_set: false,
          environment: "sandbox",
          billing: "pix",
        },
        webhook_url: null,
      },
    });
    const off = {
      before: { enabled: false, days: [5] },
      on_day: { enabled: false },
      after: { enabled: true, days: [2] },
    };
    const saved = await t.request("PUT", "/api/members/settings", { token: t.superToken, body: { reminders: off } });
    expect(saved.status).toBe(200);
    expectDocumented("put", "/api/members/settings", saved);
    for (const days of [[16], [0], [1, 2, 3, 4]]) {
      const refused = await t.request("PUT", "/api/members/settings", {
        token: t.superToken,
        body: { reminders: { ...off, before: { enabled: true, days } } },
      });
      expect(refused.status, JSON.stringify(days)).toBe(400);
    }
    const plan = await createPlan();
    const id = await proposal(plan);
    await move(id, "ativo");
    await approvedOn(id, "2027-01-31");
    for (const day of ["2027-01-26", "2027-01-31", "2027-02-02"]) await t.services.members.runDues(noon(day));
    expect(await reminderMails()).toEqual(["Mensalidade em atraso: janeiro de 2027"]);
  });
});

describe("the board's numbers", () => {
  it("counts members by status, this month's dues against what was paid, and who owes what", async () => {
    const plan = await createPlan();
    const id = await proposal(plan);
    await move(id, "ativo");
    await approvedOn(id, "2027-01-31");
    const bia = await register({
      ...ANA,
      tax_id: "111.444.777-35",
      email: "bia@example.com",
      name: "Bia",
      plan_id: plan.id,
    });
    // Registered in February 2027: her dues start with March's.
    await t.database.db.update(members).set({ lastPeriod: "2027-02" }).where(eq(members.id, bia.member.id));
    await t.services.members.runDues(noon("2027-02-13"));
    const january = (await detail(id)).dues.find((due) => due.period === "2027-01");
    await t.request("POST", `/api/members/${id}/dues/${january?.id}/payment`, {
      token: t.superToken,
      body: { paid_on: "2027-02-01" },
    });
    await t.services.members.runDues(noon("2027-03-20"));
    const board = await t.services.members.dashboard(superUser, noon("2027-03-20"));
    expect(board.by_status.filter((row) => row.count > 0).map((row) => [row.label, row.count])).toEqual([
      ["Ativo", 1],
      ["Em atraso", 1],
    ]);
    expect(board.months.map((row) => row.period)).toEqual([
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
    ]);
    expect(board.months.slice(-3).map((row) => [row.expected_cents, row.received_cents])).toEqual([
      [4990, 4990],
      [4990, 0],
      [9980, 0],
    ]);
    expect(board.month).toMatchObject({ period: "2027-03", label: "março de 2027", expected_cents: 9980 });
    expect(board.overdue).toEqual([
      expect.objectContaining({ name: "Ana Souza", dues: 1, amount_cents: 4990, oldest_due_on: "2027-02-28" }),
    ]);
    const answer = await t.request("GET", "/api/members/dashboard", { token: t.superToken });
    expectDocumented("get", "/api/members/dashboard", answer);
  });
});

describe("the register's CSV import", () => {
  it("previews each line, imports the good ones, and changes nothing when the same file comes again", async () => {
    const plan = await createPlan();
    await register({ ...ANA, plan_id: plan.id });
    const exported = String((await t.request("GET", "/api/members/export.csv", { token: t.superToken })).body).replace(
      /^\uFEFF/,
      "",
    );
    const [header = "", ana = ""] = exported.split("\r\n");
    const lines = [
      header,
      ana.replace("Ana Souza", "Ana Souza Lima"),
      "50;Bia Costa 日本 🌱;Pessoa;111.444.777-35;bia@example.com;(11) 98765-4321;01310-100;SP;São Paulo;Avenida Paulista;1000;Bela Vista;;17/05/1980;01/03/2020;mensal;Ativo;",
      ";Caio Dias;Pessoa;123.456.789-09;caio@example.com;(11) 98765-4321;01310-100;SP;São Paulo;Avenida Paulista;1000;Bela Vista;;;;Mensal;Suspenso;",
      ";Duda;Pessoa;123.456.789-00;duda@example.com;(11) 98765-4321;01310-100;SP;São Paulo;Avenida Paulista;1000;;;;;Ouro;Ativo;",
      ";Caio de novo;Pessoa;123.456.789-09;caio2@example.com;(11) 98765-4321;01310-100;SP;São Paulo;Avenida Paulista;1000;;;;;Mensal;;",
      `;Eli;Pessoa;${cpfOf(987_654_321)};eli@example.com;(11) 98765-4321;01310-100;SP;São Paulo;Avenida Paulista;1000;;;31/02/1990;;Mensal;Ativo;`,
    ];
    const csv = `${lines.join("\r\n")}\r\n`;
    const preview = await t.request("POST", "/api/members/import/preview", { token: t.superToken, body: { csv } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expectDocumented("post", "/api/members/import/preview", preview);
    const planned = preview.json<MemberImportReport>();
    expect(planned.counts).toEqual({ create: 2, update: 1, unchanged: 0, error: 3 });
    expect(planned.lines.map((line) => [line.line, line.action])).toEqual([
      [2, "update"],
      [3, "create"],
      [4, "create"],
      [5, "error"],
      [6, "error"],
      [7, "error"],
    ]);
    expect(planned.lines[3]?.errors).toEqual([
      'Plano: "Ouro" não é um dos planos cadastrados',
      "CPF ou CNPJ: Informe um CPF válido",
    ]);
    expect(planned.lines[4]?.errors).toEqual(["CPF ou CNPJ: repetido em outra linha desta planilha"]);
    expect(planned.lines[5]?.errors).toEqual([
      'Nascimento ou fundação: "31/02/1990" não é uma data válida (dd/mm/aaaa)',
    ]);
    expect((await t.request("GET", "/api/members", { token: t.superToken })).json<MemberPage>().pagination.total).toBe(
      1,
    );

    const imported = await t.request("POST", "/api/members/import", { token: t.superToken, body: { csv } });
    expectDocumented("post", "/api/members/import", imported);
    expect(imported.json<MemberImportReport>().counts).toEqual(planned.counts);
    const all = (await t.request("GET", "/api/members", { token: t.superToken })).json<MemberPage>().data;
    expect(all.map((member) => [member.number, member.name, member.status])).toEqual([
      [1, "Ana Souza Lima", "ativo"],
      [50, "Bia Costa 日本 🌱", "ativo"],
      [51, "Caio Dias", "suspenso"],
    ]);
    const again = await t.request("POST", "/api/members/import", { token: t.superToken, body: { csv } });
    expect(again.json<MemberImportReport>().lines.map((line) => line.action)).toEqual([
      "unchanged",
      "unchanged",
      "unchanged",
      "error",
      "error",
      "error",
    ]);
    const next = await register({
      ...ANA,
      name: "Eva",
      tax_id: "935.411.347-80",
      email: "eva@example.com",
      plan_id: plan.id,
    });
    expect(next.member.number).toBe(52);
    const entries = await t.database.db.select().from(auditEntries).where(eq(auditEntries.action, "member.imported"));
    expect(entries).toHaveLength(2);
    const notCsv = await t.request("POST", "/api/members/import/preview", { token: t.superToken, body: { csv: "" } });
    expect(notCsv.status).toBe(400);
  });
});
