import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { MemberDetail, MemberSettingsView, MyMembership, PlanView } from "../../../common/views/members.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { type FakeAsaasWebhook, startFakeAsaas } from "../../../tests/support/fake-asaas.ts";
import { PAULISTA_ADDRESS } from "../../../tests/support/shop-fixture.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import type { Actor } from "../../kernel/access.ts";
import { auditEntries } from "../audit/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { WEBHOOK_MALFORMED, WEBHOOK_UNAUTHORIZED } from "./asaas-webhook.ts";
import { addDays, dueDateOf, nextPeriod, periodOf, saoPauloDate } from "./due-cycles.ts";
import { memberAsaasEvents, memberDueReminders, memberDues, memberSettings, members } from "./tables.ts";

/*
 * The members' dues through Asaas, against its local fake (tests/support/fake-asaas.ts, Asaas's documented
 * protocol on 127.0.0.1) on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): approval makes her
 * customer and subscription, each due is linked to the charge that collects it, and the webhook pays, refunds
 * and never reopens, checked by its token, once per event, reading every charge from Asaas itself.
 */

const SECRETS_KEY = randomBytes(32).toString("base64");
const env: Record<string, string> = { SECRETS_KEY, BASE_URL: "https://coop.example.com" };
const asaas = withFakeServer(() => startFakeAsaas(), env, "ASAAS_URL");
const t = withTestApp({ env, setUp: true });

const superUser: Actor = { id: 1, name: "Ana Super", email: "ana@example.com", role: "super" };

const MONTHLY = {
  name: "Mensal",
  amount_cents: 4990,
  cycle: "mensal",
  due_day: 10,
  grace_days: 5,
  suspend_after: 3,
  active: true,
};

const BIA = {
  kind: "pessoa",
  name: "Bia Souza",
  tax_id: "529.982.247-25",
  email: "bia.souza@example.com",
  phone: "(81) 99999-1234",
  address: { ...PAULISTA_ADDRESS, complement: "" },
  born_on: "1980-05-17",
};

const REMINDERS = {
  before: { enabled: true, days: [5, 1] },
  on_day: { enabled: true },
  after: { enabled: true, days: [3, 10] },
};

beforeEach(() => asaas().reset());

function asaasSettings(overrides: Record<string, unknown> = {}) {
  return {
    organization_cnpj: "",
    reminders: REMINDERS,
    payments: {
      provider: "asaas",
      asaas: {
        api_key: asaas().apiKey,
        webhook_token: asaas().webhookToken,
        environment: "sandbox",
        billing: "pix",
        ...overrides,
      },
    },
  };
}

async function saveAsaas(overrides: Record<string, unknown> = {}): Promise<MemberSettingsView> {
  const saved = await t.request("PUT", "/api/members/settings", {
    token: t.superToken,
    body: asaasSettings(overrides),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.json<MemberSettingsView>();
}

async function createPlan(body: Record<string, unknown> = MONTHLY): Promise<PlanView> {
  const response = await t.request("POST", "/api/members/plans", { token: t.superToken, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<PlanView>();
}

async function switchMembersOn() {
  const settings = (await t.request("GET", "/api/settings")).json<{ features: Record<string, object> }>();
  const features = { ...settings.features, members: { ...settings.features.members, enabled: true } };
  const saved = await t.request("POST", "/api/settings", { token: t.superToken, body: { ...settings, features } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Bia's proposal, sent signed in with `token` when given (her account then linked to it). */
async function proposal(plan: PlanView, token?: string): Promise<number> {
  await switchMembersOn();
  const sent = await t.request("POST", "/api/members/applications", {
    token,
    body: { ...BIA, plan_id: plan.id, consent: true },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const [row] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.email, BIA.email));
  if (!row) throw new Error("no proposal");
  return row.id;
}

const move = (id: number, status: string, reason = "") =>
  t.request("POST", `/api/members/${id}/status`, { token: t.superToken, body: { status, reason } });

async function approved(plan: PlanView, token?: string): Promise<{ id: number; detail: MemberDetail }> {
  const id = await proposal(plan, token);
  const answer = await move(id, "ativo");
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectDocumented("post", "/api/members/{id}/status", answer);
  return { id, detail: answer.json<MemberDetail>() };
}

const detail = async (id: number) =>
  (await t.request("GET", `/api/members/${id}`, { token: t.superToken })).json<MemberDetail>();

const memberRow = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0];

/** A webhook the fake made, by its event and charge: what Asaas would have POSTed. */
function sent(event: FakeAsaasWebhook["event"], chargeId: string): FakeAsaasWebhook {
  const found = asaas().webhooks.filter(
    (webhook) => webhook.event === event && JSON.parse(webhook.body).payment.id === chargeId,
  );
  const last = found.at(-1);
  if (!last) throw new Error(`no ${event} for ${chargeId}`);
  return last;
}

const deliver = (webhook: Pick<FakeAsaasWebhook, "headers" | "body">) =>
  t.request("POST", "/api/members/asaas/webhook", { headers: webhook.headers, body: webhook.body });

async function delivered(event: FakeAsaasWebhook["event"], chargeId: string) {
  const answer = await deliver(sent(event, chargeId));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectDocumented("post", "/api/members/asaas/webhook", answer);
  return answer;
}

const dueOf = async (id: number, period: string) => (await detail(id)).dues.find((due) => due.period === period);

const today = () => saoPauloDate(new Date());
/** Noon in São Paulo on `day`. */
const noon = (day: string) => new Date(`${day}T15:00:00Z`);
/** Her first due's charge at Asaas (approval's, a charge of its own). */
const firstCharge = async (id: number) => {
  const due = await dueOf(id, periodOf(today()));
  const chargeId = due?.asaas?.charge_id;
  if (!chargeId) throw new Error("the first due has no charge");
  return chargeId;
};

const auditOf = (action: string) => t.database.db.select().from(auditEntries).where(eq(auditEntries.action, action));

describe("the settings", () => {
  it("choose Asaas with its key and token sealed, never returned, audited as changed, and the webhook's address", async () => {
    const refused = await t.request("PUT", "/api/members/settings", {
      token: t.superToken,
      body: asaasSettings({ api_key: "", webhook_token: "" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({
      message: "Informe a chave de API do Asaas.",
      errors: {
        "payments.asaas.api_key": ["Informe a chave de API do Asaas"],
        "payments.asaas.webhook_token": ["Informe o token de autenticação do webhook do Asaas"],
      },
    });
    const short = await t.request("PUT", "/api/members/settings", {
      token: t.superToken,
      body: asaasSettings({ webhook_token: "curto" }),
    });
    expect(short.json<{ errors: object }>().errors).toEqual({
      "payments.asaas.webhook_token": ["Use de 32 a 255 caracteres, sem espaços"],
    });

    const view = await saveAsaas({ billing: "undefined" });
    expect(view.payments).toEqual({
      provider: "asaas",
      asaas: {
        api_key: "",
        api_key_set: true,
        webhook_token: "",
        webhook_token_set: true,
        environment: "sandbox",
        billing: "undefined",
      },
      webhook_url: "https://coop.example.com/api/members/asaas/webhook",
    });
    const stored = JSON.stringify(await t.database.db.select().from(memberSettings));
    expect(stored).not.toContain(asaas().apiKey);
    expect(stored).not.toContain(asaas().webhookToken);
    expect(stored.match(/cms-secret:v1:/g)).toHaveLength(2);

    // Saved again without them: kept.
    const again = await t.request("PUT", "/api/members/settings", {
      token: t.superToken,
      body: { ...asaasSettings({ api_key: "", webhook_token: "" }), organization_cnpj: "11.222.333/0001-81" },
    });
    expect(again.json<MemberSettingsView>().payments.asaas).toMatchObject({
      api_key_set: true,
      webhook_token_set: true,
    });
    expect((await t.services.members.settings(superUser)).payments.provider).toBe("asaas");

    const [first, second] = await auditOf("member_settings.updated");
    expect(first?.changes).toMatchObject({
      "Forma de pagamento das mensalidades": {
        before: "Pix da loja (código Pix por mensalidade, pagamento registrado à mão)",
        after: "Asaas (cobrança por Pix ou boleto, pagamento confirmado pelo Asaas)",
      },
      "Asaas: chave de API": { before: "alterado", after: "alterado" },
      "Asaas: token do webhook": { before: "alterado", after: "alterado" },
    });
    expect(JSON.stringify(first)).not.toContain(asaas().apiKey);
    expect(second?.changes).not.toHaveProperty(["Asaas: chave de API"]);

    // A server with another key cannot read them: /conta says so, and the webhook is refused.
    const other = createTestServices(t.database, { SECRETS_KEY: randomBytes(32).toString("hex") });
    const notices = await other.secrets.notices(superUser);
    expect(notices.map((notice) => notice.message).join(" ")).toContain("Asaas: chave de API");
    expect((await other.members.settings(superUser)).payments.asaas.api_key_set).toBe(false);
  });
});

describe("another Asaas account", () => {
  /** Bia approved, her second due linked to her subscription's charge, her first paid through Asaas. */
  async function linkedAndPaid() {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const second = nextPeriod(periodOf(today()), "mensal");
    await t.services.members.runDues(noon(dueDateOf(second, 5)));
    const chargeId = await firstCharge(id);
    await asaas().pay(chargeId);
    await delivered("PAYMENT_RECEIVED", chargeId);
    return { id, second, chargeId };
  }

  const asaasIds = async (id: number) => {
    const row = await memberRow(id);
    return {
      customer: row?.asaasCustomerId,
      sent: row?.asaasCustomerSent,
      subscription: row?.asaasSubscriptionId,
      from: row?.asaasSubscriptionFrom,
      terms: row?.asaasSubscriptionTerms,
      lease: row?.asaasLeaseUntil,
      error: row?.asaasError,
    };
  };
  const dueRow = async (id: number, period: string) =>
    (
      await t.database.db
        .select()
        .from(memberDues)
        .where(and(eq(memberDues.memberId, id), eq(memberDues.period, period)))
    )[0];

  it("another key forgets the old account's ids in the save, the paid dues' history kept, and the job links her anew", async () => {
    const { id, second, chargeId } = await linkedAndPaid();
    const old = await asaasIds(id);
    expect(old.customer).toMatch(/^cus_/);
    // Saved again with the same account: nothing forgotten.
    await saveAsaas({ api_key: "", billing: "pix" });
    expect(await asaasIds(id)).toEqual(old);

    // The association's production account, empty, under another key.
    asaas().reset();
    asaas().apiKey = "$aact_prod_chave-da-conta-de-producao";
    await saveAsaas({ environment: "production" });
    expect(await asaasIds(id)).toEqual({
      customer: null,
      sent: null,
      subscription: null,
      from: null,
      terms: null,
      lease: null,
      error: null,
    });
    expect(await dueRow(id, second)).toMatchObject({
      status: "open",
      asaasChargeId: null,
      asaasStatus: null,
      asaasInvoiceUrl: null,
      asaasBoletoUrl: null,
      asaasPixCode: null,
    });
    expect(await dueRow(id, periodOf(today()))).toMatchObject({
      status: "paid",
      settledBy: "asaas",
      asaasChargeId: chargeId,
      asaasStatus: "paid",
    });

    await t.services.members.runDues(noon(dueDateOf(second, 6)));
    const renewed = await asaasIds(id);
    expect(renewed.customer).toBe([...asaas().customers.keys()][0]);
    expect(renewed.subscription).toBe([...asaas().subscriptions.keys()][0]);
    expect(renewed.error).toBeNull();
    expect(renewed.from).toBe(nextPeriod(second, "mensal"));
    // Her open due, made before the new subscription's first cycle, is charged on its own there.
    const relinked = await dueRow(id, second);
    expect(asaas().payments.get(relinked?.asaasChargeId ?? "")).toMatchObject({
      customer: renewed.customer,
      subscription: null,
      dueDate: dueDateOf(second, 10),
      value: 49.9,
    });
    expect(relinked?.asaasPixCode).toMatch(/^000201/);
  });

  it("the other environment under the same key is another account too, and its charges are not closed from this one", async () => {
    const { id, second } = await linkedAndPaid();
    // Paid by hand while the old account did not answer: its charge is still open there.
    asaas().failNext(503);
    const paid = await t.request("POST", `/api/members/${id}/dues/${(await dueRow(id, second))?.id}/payment`, {
      token: t.superToken,
      body: { paid_on: today(), note: "" },
    });
    expect(paid.json<MemberDetail>().dues[0]).toMatchObject({ status: "paid", asaas: { status: "pending" } });

    await saveAsaas({ api_key: "", environment: "production" });
    expect(await asaasIds(id)).toMatchObject({ customer: null, subscription: null });
    expect(await dueRow(id, second)).toMatchObject({ status: "paid", settledBy: "manual", asaasChargeId: null });
    const before = asaas().requests.length;
    await t.services.members.runDues(noon(dueDateOf(second, 6)));
    expect(
      asaas()
        .requests.slice(before)
        .filter((request) => request.path.endsWith("/receiveInCash")),
    ).toEqual([]);
  });
});

describe("approval and the dues' job", () => {
  it("make her customer and subscription once, and charge her first due on its own with Asaas's Pix code", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id, detail: after } = await approved(plan);
    expect(after.asaas_error).toBeNull();

    const [customer] = [...asaas().customers.values()];
    expect(customer).toMatchObject({ name: BIA.name, cpfCnpj: "52998224725", email: BIA.email });
    const [subscription] = [...asaas().subscriptions.values()];
    const second = nextPeriod(periodOf(today()), "mensal");
    expect(subscription).toMatchObject({
      customer: customer?.id,
      billingType: "PIX",
      cycle: "MONTHLY",
      value: 49.9,
    });
    const row = await memberRow(id);
    expect(row).toMatchObject({
      asaasCustomerId: customer?.id,
      asaasSubscriptionId: subscription?.id,
      asaasSubscriptionFrom: second,
      asaasError: null,
      asaasLeaseUntil: null,
    });
    // Its first cycle is her second due's, on the plan's day: approval's due is charged on its own.
    const subscriptionCharges = [...asaas().payments.values()].filter((pay) => pay.subscription === subscription?.id);
    expect(subscriptionCharges.map((pay) => pay.dueDate)).toEqual([dueDateOf(second, 10)]);

    const [due] = after.dues;
    expect(due).toMatchObject({ period: periodOf(today()), due_on: today(), amount_cents: 4990, status: "open" });
    const charge = asaas().payments.get(due?.asaas?.charge_id ?? "");
    expect(charge).toMatchObject({ subscription: null, dueDate: today(), value: 49.9, status: "PENDING" });
    expect(charge?.externalReference).toMatch(new RegExp(`^associado-${id}-[0-9a-f]{10}-${periodOf(today())}$`));
    expect(due?.asaas).toEqual({
      charge_id: charge?.id,
      status: "pending",
      invoice_url: charge?.invoiceUrl,
      boleto_url: null,
    });
    // Asaas's BR Code (the fake's key), not the shop's.
    expect(due?.pix_code).toContain("7d9f0335-8dcc-4054-9bf9-0dbd61d36906");

    // The job's turns make nothing twice.
    await t.services.members.runDues();
    await t.services.members.runDues();
    expect(asaas().customers.size).toBe(1);
    expect(asaas().subscriptions.size).toBe(1);
    expect([...asaas().payments.values()].filter((pay) => pay.subscription === null)).toHaveLength(1);
  });

  it("link each cycle's due to its subscription's charge for that month, and follow a new amount from the next", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const second = nextPeriod(periodOf(today()), "mensal");
    const third = nextPeriod(second, "mensal");
    const subscriptionId = (await memberRow(id))?.asaasSubscriptionId ?? "";
    const [cycleCharge] = [...asaas().payments.values()].filter((pay) => pay.subscription === subscriptionId);

    // Fifteen days before the second due's day, the job makes it and finds its charge.
    await t.services.members.runDues(noon(dueDateOf(second, 5)));
    const secondDue = await dueOf(id, second);
    expect(secondDue).toMatchObject({ due_on: dueDateOf(second, 10), amount_cents: 4990 });
    expect(secondDue?.asaas?.charge_id).toBe(cycleCharge?.id);
    expect(secondDue?.pix_code).toMatch(/^000201/);

    // A new amount: the subscription charges it from its next cycle; the due made keeps its own.
    const changed = await t.request("PUT", `/api/members/plans/${plan.id}`, {
      token: t.superToken,
      body: { ...MONTHLY, amount_cents: 5590 },
    });
    expect(changed.status).toBe(200);
    // Asaas had already made the third month's charge at the old amount when the plan changed.
    const early = await asaas().makeCycleCharge(subscriptionId);
    await t.services.members.runDues(noon(dueDateOf(second, 6)));
    const update = asaas().requests.find(
      (request) => request.method === "POST" && request.path === `/v3/subscriptions/${subscriptionId}`,
    );
    expect(JSON.parse(update?.body ?? "{}")).toEqual({ value: 55.9, updatePendingPayments: false });
    expect(asaas().subscriptions.get(subscriptionId)?.value).toBe(55.9);
    expect(asaas().payments.get(cycleCharge?.id ?? "")?.value).toBe(49.9);

    await t.services.members.runDues(noon(dueDateOf(third, 1)));
    const thirdDue = await dueOf(id, third);
    expect(thirdDue).toMatchObject({ amount_cents: 5590 });
    expect(thirdDue?.asaas?.charge_id).toBe(early.id);
    // Its charge set to the due's amount.
    expect(asaas().payments.get(early.id)?.value).toBe(55.9);
    expect(asaas().subscriptions.size).toBe(1);
  });

  it("start another subscription when the plan's cycle changes, charging on its own a due whose charge went with the old", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const second = nextPeriod(periodOf(today()), "mensal");
    const old = (await memberRow(id))?.asaasSubscriptionId ?? "";
    await t.services.members.runDues(noon(dueDateOf(second, 5)));
    const linkedTo = (await dueOf(id, second))?.asaas?.charge_id ?? "";
    expect(asaas().payments.get(linkedTo)?.subscription).toBe(old);

    const changed = await t.request("PUT", `/api/members/plans/${plan.id}`, {
      token: t.superToken,
      body: { ...MONTHLY, cycle: "trimestral" },
    });
    expect(changed.status).toBe(200);
    await t.services.members.runDues(noon(dueDateOf(second, 6)));
    expect(asaas().subscriptions.get(old)?.deleted).toBe(true);
    expect(asaas().payments.get(linkedTo)?.deleted).toBe(true);
    const row = await memberRow(id);
    const renewed = row?.asaasSubscriptionId ?? "";
    expect(asaas().subscriptions.get(renewed)).toMatchObject({ cycle: "QUARTERLY", deleted: false });
    const firstOfRenewed = [...asaas().payments.values()].filter((pay) => pay.subscription === renewed);
    expect(firstOfRenewed.map((pay) => pay.dueDate)).toEqual([dueDateOf(nextPeriod(second, "trimestral"), 10)]);
    expect(row?.asaasSubscriptionFrom).toBe(nextPeriod(second, "trimestral"));
    const again = await dueOf(id, second);
    const single = asaas().payments.get(again?.asaas?.charge_id ?? "");
    expect(single).toMatchObject({ subscription: null, value: 49.9, deleted: false, dueDate: dueDateOf(second, 10) });
    expect(again).toMatchObject({ status: "open", asaas: { status: "pending" } });
  });

  it("never lose a due nor the approval while Asaas is down: the job links her when it answers again", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const id = await proposal(plan);
    asaas().failNext(500);
    const answer = await move(id, "ativo");
    expect(answer.status).toBe(200);
    const after = answer.json<MemberDetail>();
    expect(after.member.status).toBe("ativo");
    expect(after.dues).toHaveLength(1);
    expect(after.dues[0]).toMatchObject({ status: "open", asaas: null, pix_code: null });
    expect(after.asaas_error).toBe("Não foi possível falar com o Asaas agora. Tente novamente.");
    expect(asaas().customers.size).toBe(0);
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "member-approved"))).length).toBe(
      1,
    );

    // Her page says the charge is on its way.
    await t.services.members.runDues();
    const linked = await detail(id);
    expect(linked.asaas_error).toBeNull();
    expect(linked.dues[0]?.asaas?.charge_id).toMatch(/^pay_/);
    expect(asaas().customers.size).toBe(1);
    expect(asaas().subscriptions.size).toBe(1);
  });

  it("find what a failed call had made instead of making it twice", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const id = await proposal(plan);
    await move(id, "ativo");
    // As if Asaas had made the subscription and its answer was lost: the next turn finds it by its reference.
    const made = (await memberRow(id))?.asaasSubscriptionId;
    await t.database.db
      .update(members)
      .set({ asaasSubscriptionId: null, asaasSubscriptionFrom: null, asaasSubscriptionTerms: null })
      .where(eq(members.id, id));
    await t.services.members.runDues();
    expect((await memberRow(id))?.asaasSubscriptionId).toBe(made);
    expect(asaas().subscriptions.size).toBe(1);
  });

  it("send her new name and e-mail to her customer, after the edit or by the job when Asaas did not answer", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const customerId = (await memberRow(id))?.asaasCustomerId ?? "";
    const edit = (changes: Record<string, unknown>) =>
      t.request("PUT", `/api/members/${id}`, { token: t.superToken, body: { ...BIA, plan_id: plan.id, ...changes } });
    const customerUpdates = () =>
      asaas().requests.filter((request) => request.method === "POST" && request.path === `/v3/customers/${customerId}`);

    // Another phone is nothing Asaas writes to her with.
    expect((await edit({ phone: "(81) 98888-0000" })).status).toBe(200);
    expect(customerUpdates()).toEqual([]);

    expect((await edit({ name: "Bia Souza Lima", email: "bia.lima@example.com" })).status).toBe(200);
    expect(customerUpdates().map((request) => JSON.parse(request.body))).toEqual([
      { name: "Bia Souza Lima", email: "bia.lima@example.com" },
    ]);
    expect(asaas().customers.get(customerId)).toMatchObject({ name: "Bia Souza Lima", email: "bia.lima@example.com" });
    expect(asaas().customers.size).toBe(1);

    asaas().failNext(503);
    const unanswered = await edit({ name: "Bia Lima", email: "bia.lima@example.com" });
    expect(unanswered.json<MemberDetail>().asaas_error).toBe(
      "Não foi possível falar com o Asaas agora. Tente novamente.",
    );
    expect(asaas().customers.get(customerId)?.name).toBe("Bia Souza Lima");
    await t.services.members.runDues();
    expect(asaas().customers.get(customerId)).toMatchObject({ name: "Bia Lima", email: "bia.lima@example.com" });
    expect((await detail(id)).asaas_error).toBeNull();
    await t.services.members.runDues();
    expect(customerUpdates()).toHaveLength(3);
  });

  it("end her subscription when she leaves, and only that", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const subscriptionId = (await memberRow(id))?.asaasSubscriptionId ?? "";
    const chargeId = await firstCharge(id);
    const left = await move(id, "desligado", "Pediu para sair");
    expect(left.status).toBe(200);
    expect(asaas().requests.at(-1)).toMatchObject({ method: "GET", path: `/v3/payments/${chargeId}` });
    expect(asaas().subscriptions.get(subscriptionId)).toMatchObject({ deleted: true, status: "INACTIVE" });
    expect(await memberRow(id)).toMatchObject({ asaasSubscriptionId: null, asaasCustomerId: expect.any(String) });
    // The subscription's charge not yet linked is gone; her first due's charge of its own stays hers.
    expect(asaas().payments.get(chargeId)?.deleted).toBe(false);
    await t.services.members.runDues();
    expect(asaas().subscriptions.size).toBe(1);
  });

  it("end her subscription and remove her customer before her entry is deleted, and keep her while Asaas cannot", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const subscriptionId = (await memberRow(id))?.asaasSubscriptionId ?? "";
    const customerId = (await memberRow(id))?.asaasCustomerId ?? "";
    expect(asaas().customers.get(customerId)?.deleted).toBe(false);
    asaas().failNext(500);
    const kept = await t.request("DELETE", `/api/members/${id}`, { token: t.superToken });
    expect(kept.status).toBe(503);
    expect(kept.json<{ message: string }>().message).toContain("não foi excluído");
    expect(await memberRow(id)).toBeDefined();
    const deleted = await t.request("DELETE", `/api/members/${id}`, { token: t.superToken });
    expect(deleted.status).toBe(204);
    expect(asaas().subscriptions.get(subscriptionId)?.deleted).toBe(true);
    // Her name, CPF and e-mail leave Asaas with her (LGPD), her open charges with them.
    expect(asaas().customers.get(customerId)?.deleted).toBe(true);
    expect(
      [...asaas().payments.values()].filter((payment) => payment.customer === customerId && !payment.deleted),
    ).toEqual([]);
    expect(await memberRow(id)).toBeUndefined();
  });
});

describe("a due closed here", () => {
  const pay = (id: number, dueId: number | undefined, note = "Pago em dinheiro na sede") =>
    t.request("POST", `/api/members/${id}/dues/${dueId}/payment`, {
      token: t.superToken,
      body: { paid_on: today(), note },
    });
  const waive = (id: number, dueId: number | undefined) =>
    t.request("POST", `/api/members/${id}/dues/${dueId}/waiver`, {
      token: t.superToken,
      body: { reason: "Isenção aprovada em assembleia" },
    });

  it("paid by hand: its charge received in cash at Asaas, without notifying her, and paid once in the audit log", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    const due = await dueOf(id, periodOf(today()));
    const answer = await pay(id, due?.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const cash = asaas().requests.find((request) => request.path === `/v3/payments/${chargeId}/receiveInCash`);
    expect(JSON.parse(cash?.body ?? "{}")).toEqual({ paymentDate: today(), value: 49.9, notifyCustomer: false });
    expect(asaas().payments.get(chargeId)).toMatchObject({ status: "RECEIVED_IN_CASH", paymentDate: today() });
    expect(await dueOf(id, periodOf(today()))).toMatchObject({
      status: "paid",
      settled_by: "manual",
      paid_cents: 4990,
      pix_code: null,
      asaas: { charge_id: chargeId, status: "paid" },
    });

    // Asaas's event for it changes nothing: the payment is the administrator's, not Asaas's.
    await delivered("PAYMENT_RECEIVED", chargeId);
    const paidEntries = await auditOf("member_due.paid");
    expect(paidEntries).toHaveLength(1);
    expect(paidEntries[0]).toMatchObject({ actorId: 1, actorName: expect.not.stringMatching(/^Asaas$/) });
    await t.services.members.runDues();
    expect(asaas().requests.filter((request) => request.path.endsWith("/receiveInCash"))).toHaveLength(1);
  });

  it("waived: its charge removed at Asaas, her subscription kept, and no charge made for it again", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const second = nextPeriod(periodOf(today()), "mensal");
    await t.services.members.runDues(noon(dueDateOf(second, 5)));
    const due = await dueOf(id, second);
    const chargeId = due?.asaas?.charge_id ?? "";
    const subscriptionId = (await memberRow(id))?.asaasSubscriptionId ?? "";
    expect(asaas().payments.get(chargeId)?.subscription).toBe(subscriptionId);

    const answer = await waive(id, due?.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(
      asaas().requests.some((request) => request.method === "DELETE" && request.path === `/v3/payments/${chargeId}`),
    ).toBe(true);
    expect(asaas().payments.get(chargeId)?.deleted).toBe(true);
    expect(asaas().subscriptions.get(subscriptionId)?.deleted).toBe(false);
    expect(await dueOf(id, second)).toMatchObject({ status: "waived", asaas: null, pix_code: null });
    const [row] = await t.database.db
      .select()
      .from(memberDues)
      .where(eq(memberDues.id, due?.id ?? 0));
    expect(row).toMatchObject({ asaasChargeId: chargeId, asaasStatus: "deleted" });

    const charges = asaas().payments.size;
    await delivered("PAYMENT_DELETED", chargeId);
    await t.services.members.runDues(noon(dueDateOf(second, 6)));
    expect(asaas().payments.size).toBe(charges);
    expect(await dueOf(id, second)).toMatchObject({ status: "waived" });
  });

  it("while Asaas is down: the payment stands, and the job runner closes the charge once Asaas answers", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    asaas().failNext(503);
    const answer = await pay(id, (await dueOf(id, periodOf(today())))?.id);
    expect(answer.status).toBe(200);
    expect(answer.json<MemberDetail>().asaas_error).toBe("Não foi possível falar com o Asaas agora. Tente novamente.");
    expect(answer.json<MemberDetail>().dues[0]).toMatchObject({ status: "paid", asaas: { status: "pending" } });
    expect(asaas().payments.get(chargeId)?.status).toBe("PENDING");

    await t.services.members.runDues();
    expect(asaas().payments.get(chargeId)?.status).toBe("RECEIVED_IN_CASH");
    const after = await detail(id);
    expect(after.asaas_error).toBeNull();
    expect(after.dues[0]).toMatchObject({ status: "paid", settled_by: "manual", asaas: { status: "paid" } });
    expect(await auditOf("member_due.paid")).toHaveLength(1);
  });

  it("paid at Asaas before the administrator's record reached it: Asaas's refusal read, the record kept as hers", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    // She paid by Pix, and its event has not come yet when the administrator records her cash.
    await asaas().pay(chargeId);
    const answer = await pay(id, (await dueOf(id, periodOf(today())))?.id);
    expect(answer.status).toBe(200);
    const after = answer.json<MemberDetail>();
    expect(after.asaas_error).toBeNull();
    expect(after.dues[0]).toMatchObject({ status: "paid", settled_by: "manual", asaas: { status: "paid" } });
    expect(asaas().payments.get(chargeId)?.status).toBe("RECEIVED");
    await delivered("PAYMENT_RECEIVED", chargeId);
    expect(await auditOf("member_due.paid")).toHaveLength(1);
  });
});

describe("the webhook", () => {
  it("refuses a wrong or missing token with a 401 that changes nothing, and a body that is not an event with a 400", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    await asaas().pay(chargeId);
    const paid = sent("PAYMENT_RECEIVED", chargeId);
    const attempts: Record<string, string>[] = [
      { "content-type": "application/json" },
      { "content-type": "application/json", "asaas-access-token": "adivinhei" },
      { "content-type": "application/json", "asaas-access-token": `${asaas().webhookToken}x` },
    ];
    for (const headers of attempts) {
      const refused = await deliver({ headers, body: paid.body });
      expect(refused.status).toBe(401);
      expect(refused.json()).toEqual({ message: WEBHOOK_UNAUTHORIZED });
      expectDocumented("post", "/api/members/asaas/webhook", refused);
    }
    // An administrator's session is no token either.
    const withSession = await t.request("POST", "/api/members/asaas/webhook", { token: t.superToken, body: paid.body });
    expect(withSession.status).toBe(401);
    expect((await dueOf(id, periodOf(today())))?.status).toBe("open");
    expect(await t.database.db.select().from(memberAsaasEvents)).toEqual([]);

    const broken = await deliver({ headers: paid.headers, body: "{ não é json" });
    expect(broken.status).toBe(400);
    expect(broken.json()).toEqual({ message: WEBHOOK_MALFORMED });
    expectDocumented("post", "/api/members/asaas/webhook", broken);
    const subscriptionEvent = JSON.stringify({ id: "evt_1a2b", event: "SUBSCRIPTION_UPDATED", subscription: {} });
    expect((await deliver({ headers: paid.headers, body: subscriptionEvent })).status).toBe(200);
  });

  it("pays the due once whatever comes again: her standing back to Ativo in the same transaction, no more reminders", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    // As if approved a week ago: past the plan's five days of grace, Em atraso (and reminded 3 days after).
    const [first] = await t.database.db
      .update(memberDues)
      .set({ dueOn: addDays(today(), -7) })
      .where(and(eq(memberDues.memberId, id), eq(memberDues.period, periodOf(today()))))
      .returning();
    await t.services.members.runDues();
    expect((await detail(id)).member.status).toBe("em_atraso");
    const remindedOf = async () =>
      (
        await t.database.db
          .select()
          .from(memberDueReminders)
          .where(eq(memberDueReminders.dueId, first?.id ?? 0))
      ).map((row) => row.kind);
    expect(await remindedOf()).toEqual(["after-3"]);

    await asaas().pay(chargeId);
    await delivered("PAYMENT_RECEIVED", chargeId);
    const after = await detail(id);
    expect(after.member.status).toBe("ativo");
    expect(after.history[0]).toMatchObject({
      to: "ativo",
      by: "Automático",
      reason: expect.stringContaining("paga pelo Asaas"),
    });
    const due = after.dues.find((entry) => entry.asaas?.charge_id === chargeId);
    expect(due).toMatchObject({
      status: "paid",
      paid_cents: 4990,
      settled_by: "asaas",
      paid_on: today(),
      pix_code: null,
    });

    // The same event again, and its twin (PAYMENT_CONFIRMED comes too for Pix): one effect.
    await delivered("PAYMENT_RECEIVED", chargeId);
    await delivered("PAYMENT_RECEIVED", chargeId);
    expect(await t.database.db.select().from(memberAsaasEvents)).toHaveLength(1);
    const paidEntries = await auditOf("member_due.paid");
    expect(paidEntries).toHaveLength(1);
    expect(paidEntries[0]).toMatchObject({ actorId: null, actorName: "Asaas" });
    expect((await detail(id)).history.filter((step) => step.to === "ativo")).toHaveLength(2);

    // Ten days after its day, an open due would have its last reminder: a paid one has none.
    await t.services.members.runDues(noon(addDays(today(), 3)));
    expect(await remindedOf()).toEqual(["after-3"]);
  });

  it("never reopens a paid due for an event that comes late, out of order", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    await asaas().overdue(chargeId);
    await asaas().pay(chargeId);
    await delivered("PAYMENT_RECEIVED", chargeId);
    await delivered("PAYMENT_OVERDUE", chargeId);
    await delivered("PAYMENT_CREATED", chargeId);
    expect(await dueOf(id, periodOf(today()))).toMatchObject({ status: "paid", paid_cents: 4990 });
    expect(await t.database.db.select().from(memberAsaasEvents)).toHaveLength(3);
  });

  it("records a partial refund without reopening, and a full one as refunded, both in the audit log", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    await asaas().pay(chargeId);
    await delivered("PAYMENT_RECEIVED", chargeId);

    await asaas().refund(chargeId, 1000);
    await delivered("PAYMENT_PARTIALLY_REFUNDED", chargeId);
    expect(await dueOf(id, periodOf(today()))).toMatchObject({
      status: "paid",
      paid_cents: 4990,
      refunded_cents: 1000,
    });
    expect((await detail(id)).member.status).toBe("ativo");

    await asaas().refund(chargeId);
    await delivered("PAYMENT_REFUNDED", chargeId);
    // A late partial refund's event after the full one changes nothing.
    await delivered("PAYMENT_PARTIALLY_REFUNDED", chargeId);
    const due = await dueOf(id, periodOf(today()));
    expect(due).toMatchObject({
      status: "refunded",
      status_label: "Estornada",
      paid_cents: 4990,
      refunded_cents: 4990,
    });
    const refunds = await auditOf("member_due.refunded");
    expect(refunds.map((entry) => entry.changes)).toEqual([
      { "Valor estornado": { before: "R$ 0,00", after: "R$ 10,00" } },
      {
        Situação: { before: "Paga", after: "Estornada" },
        "Valor estornado": { before: "R$ 10,00", after: "R$ 49,90" },
      },
    ]);
    // Refunded is not owed again: her standing is as it was, and there is no receipt.
    expect((await detail(id)).member.status).toBe("ativo");
    const receipt = await t.request("GET", `/api/members/dues/${due?.id}/receipt`, { token: t.superToken });
    expect(receipt.status).toBe(404);
  });

  it("records the amount Asaas confirms, never the one a body claims", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);

    // A body claiming a payment Asaas does not know: the due stays open.
    const created = sent("PAYMENT_CREATED", chargeId);
    const claimed = JSON.parse(created.body);
    const forged = {
      ...claimed,
      id: "evt_forjado0001",
      event: "PAYMENT_RECEIVED",
      payment: { ...claimed.payment, status: "RECEIVED", value: 99999 },
    };
    await deliver({ headers: created.headers, body: JSON.stringify(forged) });
    expect(await dueOf(id, periodOf(today()))).toMatchObject({ status: "open", paid_cents: 0 });

    // Paid late with interest: the fake's body is then rewritten to claim another amount.
    await asaas().pay(chargeId, { amountCents: 5230 });
    const paid = sent("PAYMENT_RECEIVED", chargeId);
    const body = JSON.parse(paid.body);
    await deliver({ headers: paid.headers, body: JSON.stringify({ ...body, payment: { ...body.payment, value: 1 } }) });
    expect(await dueOf(id, periodOf(today()))).toMatchObject({ status: "paid", paid_cents: 5230 });
    expect(asaas().requests.filter((request) => request.path === `/v3/payments/${chargeId}`).length).toBeGreaterThan(1);
  });

  it("keeps an event it could not check, answered 200, and the job runner applies it once Asaas answers", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    await asaas().pay(chargeId);
    asaas().failNext(503);
    await delivered("PAYMENT_RECEIVED", chargeId);
    expect(await dueOf(id, periodOf(today()))).toMatchObject({ status: "open" });
    const [kept] = await t.database.db.select().from(memberAsaasEvents);
    expect(kept).toMatchObject({ processedAt: null, attempts: 1, chargeId });

    await t.services.members.runDues(new Date(Date.now() + 2 * 60_000));
    expect(await dueOf(id, periodOf(today()))).toMatchObject({ status: "paid", paid_cents: 4990 });
    const [done] = await t.database.db.select().from(memberAsaasEvents);
    expect(done).toMatchObject({ outcome: "paid", processedAt: expect.any(Date) });
  });

  it("takes Asaas's own deliveries over the network", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const { id } = await approved(plan);
    const chargeId = await firstCharge(id);
    const server = http.createServer(getRequestListener((request) => t.app.fetch(request)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/members/asaas/webhook`;
      asaas().setWebhook(url);
      await asaas().pay(chargeId);
      await asaas().flush();
      expect(asaas().webhooks.at(-1)).toMatchObject({ event: "PAYMENT_RECEIVED", url, answered: 200 });
      expect(await dueOf(id, periodOf(today()))).toMatchObject({ status: "paid", paid_cents: 4990 });
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe("her side", () => {
  it("'Minha associação' and the reminders show Asaas's payment page and Pix code, not the shop's", async () => {
    await saveAsaas();
    const plan = await createPlan();
    const account = await t.createUser("user", t.superToken, BIA.email);
    const { id } = await approved(plan, account.token);
    const mine = await t.request("GET", "/api/members/me", { token: account.token });
    expectDocumented("get", "/api/members/me", mine);
    const { membership } = mine.json<MyMembership>();
    expect(membership?.pays_with).toBe("asaas");
    const [due] = membership?.dues ?? [];
    const charge = asaas().payments.get(due?.asaas?.charge_id ?? "");
    expect(due?.asaas?.invoice_url).toBe(charge?.invoiceUrl);
    expect(due?.pix_code).toContain("7d9f0335-8dcc-4054-9bf9-0dbd61d36906");

    // The due falls today: the day's reminder carries both.
    await t.services.members.runDues();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "member-due-reminder"));
    expect(mail?.text).toContain(`Pague pelo Pix com o código abaixo (Pix Copia e Cola):\n\n${due?.pix_code}`);
    expect(mail?.text).toContain(`Ou pague pela página de pagamento do Asaas: ${charge?.invoiceUrl}`);
    expect(mail?.html).toContain(`href="${charge?.invoiceUrl}"`);
    expect((await detail(id)).dues[0]?.asaas?.charge_id).toBe(charge?.id);
  });
});
