import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { test as base, expect, expectPath, jsonOf, login } from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * The members' block of /conta (issue 36, item 9): with the members feature on, an administrator reads the
 * members by status, each count linked to the register filtered by it, this month's dues received against
 * expected, the overdue and the last 12 months as a chart and a table of 12 rows, on a phone and a desktop,
 * under axe. A customer never sees it, nor an administrator while the feature is off. The feature is
 * switched on and off and the counts must be exact, so this runs on a server of its own; the tests run in order.
 */
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };
const SUPER = { title: "Cooperativa Associados", admin_name: "Sara Super", email: "sara@associados.example" };
const PASSWORD = "senha-forte-de-teste-1";
const ADMIN = { name: "Ana Admin", email: "ana@associados.example", password: "senha-da-ana-123", role: "admin" };
const CUSTOMER = { name: "Bia Cliente", email: "bia@associados.example", password: "senha-da-bia-123", role: "user" };
/** Rules axe leaves off by default, as every-page.spec.ts turns them on: the table's among them. */
const EXPERIMENTAL_RULES = ["p-as-heading", "table-fake-caption", "td-has-header", "focus-order-semantics"];

type Feature = { title: string; url: string; enabled: boolean };
type Dashboard = {
  by_status: { status: string; label: string; count: number }[];
  month: { label: string };
  months: { label: string }[];
};

let own: OwnServer;
let site: ServerProcess;
/** The own site's REST API, signed in as its super user. */
let siteApi: APIRequestContext;

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(site?.url);
  },
});

test.describe.configure({ mode: "serial" });

/** Switches the members feature on (or off), as an administrator does on /conta/settings: the settings go whole. */
async function switchMembersFeature(enabled: boolean): Promise<void> {
  const settings = await jsonOf<{ features: Record<string, Feature> }>(await siteApi.get("/api/settings"));
  const members = settings.features.members;
  if (!members) throw new Error("settings have no members feature");
  settings.features.members = { ...members, enabled };
  await jsonOf(await siteApi.post("/api/settings", { data: settings }));
}

/** A member of `planId` in São Paulo, registered by an administrator: she starts Ativo, with a number. */
async function registerMember(planId: number, name: string, taxId: string, email: string): Promise<number> {
  const address = {
    postal_code: "01310-100",
    uf: "SP",
    city: "São Paulo",
    street: "Avenida Paulista",
    number: "1000",
    neighborhood: "Bela Vista",
    complement: "",
  };
  const member = { kind: "pessoa", name, tax_id: taxId, email, phone: "(11) 98765-4321", address, plan_id: planId };
  const created = await jsonOf<{ member: { id: number } }>(
    await siteApi.post("/api/members", { data: { ...member, born_on: "1980-05-01" } }),
    201,
  );
  return created.member.id;
}

test.beforeAll(async ({ playwright }) => {
  own = await startOwnServer("members-dashboard", { LOG_LEVEL: "warn" });
  site = own.server;
  const token = await setUpSite(site.url, SUPER, PASSWORD);
  siteApi = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  for (const user of [ADMIN, CUSTOMER]) await jsonOf(await siteApi.post("/api/users", { data: user }), 201);
  await switchMembersFeature(true);
  const plan = await jsonOf<{ id: number }>(
    await siteApi.post("/api/members/plans", {
      data: { name: "Plano mensal", amount_cents: 3000, cycle: "mensal", due_day: 10, grace_days: 5, suspend_after: 3 },
    }),
    201,
  );
  await registerMember(plan.id, "Joana Lima", "529.982.247-25", "joana@associados.example");
  const pedro = await registerMember(plan.id, "Pedro Souza", "111.444.777-35", "pedro@associados.example");
  await jsonOf(
    await siteApi.post(`/api/members/${pedro}/status`, {
      data: { status: "suspenso", reason: "Pediu para pausar a associação" },
    }),
  );
});

test.afterAll(async () => {
  await siteApi?.dispose();
  await own?.close();
});

test.afterEach(async ({ baseURL: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && site) {
    await testInfo.attach("server-log", { body: await tail(site.logPath), contentType: "text/plain" });
  }
});

/** Every axe violation, one readable line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }]));
  const results = await new AxeBuilder({ page }).options({ rules }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.id} on ${node.target.join(" ")}: ${violation.help}`),
  );
}

const membersBlock = (page: Page) => page.getByRole("region", { name: "Associados" });

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px an administrator reads the members by status, the month's dues and the year's`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const board = await jsonOf<Dashboard>(await siteApi.get("/api/members/dashboard"));
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/conta");
    const block = membersBlock(page);
    await expect(block.getByRole("heading", { name: "Associados", level: 2 })).toBeVisible();

    const counts = { proposta: 0, ativo: 1, em_atraso: 0, suspenso: 1, desligado: 0 };
    expect(board.by_status.map((entry) => [entry.status, entry.count])).toEqual(Object.entries(counts));
    for (const entry of board.by_status) {
      const link = block.getByRole("link", { name: `${entry.count} ${entry.label}`, exact: true });
      await expect(link).toHaveAttribute("href", `/conta/membros?status=${entry.status}`);
    }

    // No due falls on a member the day she is registered: this month's dues are nothing so far.
    await expect(
      block.getByText(`Mensalidades de ${board.month.label}: R$ 0,00 recebidos de R$ 0,00 previstos`, { exact: true }),
    ).toBeVisible();
    await expect(block.getByText("Nenhum associado com mensalidades em atraso.")).toBeVisible();

    const first = board.months[0]?.label;
    const last = board.months[11]?.label;
    expect(last).toBe(board.month.label);
    await expect(
      block.getByRole("img", { name: `Mensalidades previstas e recebidas por mês, de ${first} a ${last}:` }),
    ).toBeVisible();
    const table = block.getByRole("table", { name: `Mensalidades por mês, de ${first} a ${last}` });
    await expect(table.getByRole("columnheader")).toHaveText(["Mês", "Previsto", "Recebido"]);
    const rows = table.getByRole("rowgroup").nth(1).getByRole("row");
    await expect(rows).toHaveCount(12);
    await expect(rows.first().getByRole("rowheader")).toHaveText(first ?? "");
    await expect(rows.first().getByRole("cell")).toHaveText(["R$ 0,00", "R$ 0,00"]);
    await expect(rows.last().getByRole("rowheader")).toHaveText(board.month.label);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page)).toEqual([]);

    // A count opens the register filtered by its status: only the suspended member.
    await block.getByRole("link", { name: "1 Suspenso", exact: true }).click();
    await expectPath(page, "/conta/membros?status=suspenso");
    await expect(page.getByText("Pedro Souza")).toBeVisible();
    await expect(page.getByText("Joana Lima")).toHaveCount(0);
  });
}

test("a customer never sees the members' block", async ({ page }) => {
  await login(page, CUSTOMER.email, CUSTOMER.password);
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: `Olá, ${CUSTOMER.name}`, level: 1 })).toBeVisible();
  await expect(membersBlock(page)).toHaveCount(0);
});

test("while the members feature is off an administrator's /conta has no members' block", async ({ page }) => {
  await switchMembersFeature(false);
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: `Olá, ${ADMIN.name}`, level: 1 })).toBeVisible();
  await expect(membersBlock(page)).toHaveCount(0);
  await expect(page.getByText(/^Mensalidades de /)).toHaveCount(0);
});
