import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { signInThroughApi, signInWithoutJavaScript } from "./account-forms.ts";
import { axeViolations, expectReadable } from "./axe.ts";
import { atEachWidth, DESKTOP, expectReadableAtEachWidth, PHONE } from "./each-width.ts";
import {
  type Account,
  test as base,
  errorOf,
  expect,
  expectPath,
  jsonOf,
  type Role,
  uniqueId,
  waitForHydratedPage,
} from "./fixtures.ts";
import { REGISTER, searchRegister, today, uniqueCnpj, uniqueCpf } from "./members-kit.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { tail } from "./server-process.ts";

/**
 * The members' browser stories that need a site of their own (issue 36), all on one server: the members feature
 * is switched on and off, the shop has a Pix key (each open due's BR Code needs one), and the board's counts must
 * be exact, none of which the shared sites may see. Its blocks run in the order below, each on what the ones
 * before left:
 *
 * 1. The board on /conta, first, while the register holds its two members and no due: the members by status,
 *    each count linked to the register filtered by it, this month's dues received against expected, the overdue
 *    and the last 12 months as a chart and a table of 12 rows; a customer never sees it, nor an administrator
 *    while the feature is off.
 * 2. A member's documents: 'Minha associação', her card (its QR and her verification address in text) and the
 *    receipt of the due she paid; another customer gets the not-found page for that receipt; an administrator
 *    checks a CSV on the import screen (a new line and an error line), imports it, and the same file again
 *    changes nothing, with JavaScript and without.
 * 3. Proposals, approval and dues: "Associe-se" is the 404 page while the feature is off; two visitors (one
 *    without JavaScript) and a signed-in person apply, the administrator approves the person and an organisation
 *    (the first due, due today), the member pays by Pix ('Minha associação' shows the BR Code), the administrator
 *    records her payment and waives the organisation's due; and the reminders' settings, with JavaScript and
 *    without.
 *
 * Each story goes through its screens once, at a phone's width or a desktop's, and checks each of them at both,
 * under axe. Where signing in is not what a story checks, the browser signs in through the REST API.
 * "Associe-se" takes 5 proposals an hour from one address, and every browser here is at 127.0.0.1: the member's
 * proposal of block 2 and the three of block 3's story make 4; the refusals they check never reach the count.
 */
const SUPER = { title: "Cooperativa Associados E2E", admin_name: "Sara Super", email: "sara@associados.example" };
const PASSWORD = "senha-forte-de-teste-1";
const ADMIN = { name: "Ana Admin", email: "ana@associados.example", password: "senha-da-ana-123", role: "admin" };
const MEMBER = { name: "Bia Cliente", email: "bia@associados.example", password: "senha-da-bia-123", role: "user" };
const OTHER = { name: "Caio Cliente", email: "caio@associados.example", password: "senha-do-caio-1", role: "user" };
const MEMBER_NAME = "Beatriz Cliente Souza";
const MEMBER_CPF = "529.982.247-25";
const ORGANIZATION_CNPJ = "11.222.333/0001-81";
/** The one active plan: "Associe-se" chooses it already, the import's lines name it, the receipts print it. */
const PLAN = {
  name: "Plano mensal",
  amount_cents: 3000,
  cycle: "mensal",
  due_day: 10,
  grace_days: 5,
  suspend_after: 3,
};
const ADDRESS = {
  postal_code: "01310-100",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
  complement: "",
};
const JOIN = "/associe-se";
const MEMBERSHIP = "/conta/minha-associacao";
const CARD = "/conta/minha-associacao/carteirinha";
const IMPORT = "/conta/membros/importar";
const SETTINGS = "/conta/membros/configuracoes";
const NO_MEMBERSHIP = "Sua conta não está ligada a nenhum cadastro de associado.";
const RECEIVED =
  "Proposta recebida! Vamos analisá-la e responder por e-mail. A primeira mensalidade vem com a aprovação.";
/** The register's export's header, which the import reads back. */
const HEADER =
  "Número;Nome;Tipo;CPF ou CNPJ;E-mail;Telefone;CEP;UF;Cidade;Endereço;Número do endereço;Bairro;Complemento;Nascimento ou fundação;Admissão;Plano;Situação;Observações";
/** A CPF whose check digits do not match, on the line the import refuses. */
const BAD_CPF = "123.456.789-00";
const ERROR_NAME = "Sem Documento";
/** Rules axe leaves off by default, as every-page.spec.ts turns them on: the board's table's among them. */
const EXPERIMENTAL_RULES = ["p-as-heading", "table-fake-caption", "td-has-header", "focus-order-semantics"];

type Feature = { title: string; url: string; enabled: boolean };
type Receipt = { receipt_number: string; member_number: number; period_label: string; paid_on: string };
type Dashboard = {
  by_status: { status: string; label: string; count: number }[];
  month: { label: string };
  months: { label: string }[];
};

let own: OwnServer | undefined;
let ownApi: APIRequestContext | undefined;
let planId = 0;
/** What the member's paid due and her card are, as the REST API tells her (block 2). */
let paid: { dueId: number; receipt: Receipt; verificationPath: string };

/** The own site's address, once beforeAll has started it. */
function ownUrl(): string {
  if (!own) throw new Error("the members site is not started");
  return own.server.url;
}

/** The own site's REST API, signed in as its super user. */
function siteApi(): APIRequestContext {
  if (!ownApi) throw new Error("the members site is not started");
  return ownApi;
}

/** Every page of these tests on the own site. */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(own?.server.url);
  },
});

/** Switches the members feature on (or off), as an administrator does on /conta/settings: the settings go whole. */
async function switchMembers(enabled: boolean): Promise<void> {
  const settings = await jsonOf<{ features: Record<string, Feature> }>(await siteApi().get("/api/settings"));
  const members = settings.features.members;
  if (!members) throw new Error("the settings have no members feature");
  settings.features.members = { ...members, enabled };
  await jsonOf(await siteApi().post("/api/settings", { data: settings }));
}

/** A user of the own site with a unique e-mail. */
async function ownAccount(role: Role): Promise<Account> {
  const id = uniqueId();
  const account = { name: `Pessoa ${role} ${id}`, email: `${role}-${id}@example.com`, password: "senha-e2e-1", role };
  const created = await jsonOf<{ id: number }>(await siteApi().post("/api/users", { data: account }), 201);
  return { ...account, id: created.id };
}

/** A browser of its own on the own site, as the project's pages are set up. */
const ownContext = (browser: Browser, width: number, javaScriptEnabled = true) =>
  browser.newContext({
    baseURL: ownUrl(),
    viewport: { width, height: 800 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    javaScriptEnabled,
  });

test.beforeAll(async ({ playwright }) => {
  own = await startOwnServer("members", { LOG_LEVEL: "warn" });
  const token = await setUpSite(own.server.url, SUPER, PASSWORD);
  ownApi = await playwright.request.newContext({
    baseURL: own.server.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  for (const user of [ADMIN, MEMBER, OTHER]) await jsonOf(await ownApi.post("/api/users", { data: user }), 201);
  await switchMembers(true);
  await jsonOf(
    await ownApi.put("/api/shop/settings", {
      data: {
        legal_name: SUPER.title,
        payments: {
          provider: "pix",
          pix: { key: "pix@associados.example", receiver_name: "Cooperativa E2E", receiver_city: "São Paulo" },
        },
      },
    }),
  );
  // The receipts carry the organisation's CNPJ once the members' settings have one.
  const memberSettings = await jsonOf<Record<string, unknown>>(await ownApi.get("/api/members/settings"));
  await jsonOf(
    await ownApi.put("/api/members/settings", { data: { ...memberSettings, organization_cnpj: ORGANIZATION_CNPJ } }),
  );
  planId = (await jsonOf<{ id: number }>(await ownApi.post("/api/members/plans", { data: PLAN }), 201)).id;
  await jsonOf(
    await ownApi.post("/api/members/plans", { data: { ...PLAN, name: "Plano antigo", active: false } }),
    201,
  );
});

test.afterAll(async () => {
  await ownApi?.dispose();
  await own?.close();
});

test.afterEach(async ({ baseURL: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && own)
    await testInfo.attach("server-log", { body: await tail(own.server.logPath), contentType: "text/plain" });
});

// --- 1. The board ---

/** A member of the plan in São Paulo, registered by an administrator: she starts Ativo, with a number. */
async function registerMember(name: string, taxId: string, email: string): Promise<number> {
  const member = { kind: "pessoa", name, tax_id: taxId, email, phone: "(11) 98765-4321", address: ADDRESS };
  const created = await jsonOf<{ member: { id: number } }>(
    await siteApi().post("/api/members", { data: { ...member, plan_id: planId, born_on: "1980-05-01" } }),
    201,
  );
  return created.member.id;
}

const membersBlock = (page: Page) => page.getByRole("region", { name: "Associados" });

test.describe("the board on /conta, while the register holds two members and no due", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    await registerMember("Joana Lima", "390.533.447-05", "joana@associados.example");
    const pedro = await registerMember("Pedro Souza", "111.444.777-35", "pedro@associados.example");
    await jsonOf(
      await siteApi().post(`/api/members/${pedro}/status`, {
        data: { status: "suspenso", reason: "Pediu para pausar a associação" },
      }),
    );
  });

  test("an administrator reads the members by status, the month's dues and the year's, at a phone's width and a desktop's", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const board = await jsonOf<Dashboard>(await siteApi().get("/api/members/dashboard"));
    await signInThroughApi(page, ADMIN);
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
    const chart = block.getByRole("img", {
      name: `Mensalidades previstas e recebidas por mês, de ${first} a ${last}:`,
    });
    await expect(chart).toBeVisible();
    const table = block.getByRole("table", { name: `Mensalidades por mês, de ${first} a ${last}` });
    await expect(table.getByRole("columnheader")).toHaveText(["Mês", "Previsto", "Recebido"]);
    const rows = table.getByRole("rowgroup").nth(1).getByRole("row");
    await expect(rows).toHaveCount(12);
    await expect(rows.first().getByRole("rowheader")).toHaveText(first ?? "");
    await expect(rows.first().getByRole("cell")).toHaveText(["R$ 0,00", "R$ 0,00"]);
    await expect(rows.last().getByRole("rowheader")).toHaveText(board.month.label);

    await atEachWidth(page, async (width) => {
      await expect(chart).toBeVisible();
      await expect(rows).toHaveCount(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeViolations(page, EXPERIMENTAL_RULES)).toEqual([]);
    });

    // A count opens the register filtered by its status: only the suspended member.
    await block.getByRole("link", { name: "1 Suspenso", exact: true }).click();
    await expectPath(page, "/conta/membros?status=suspenso");
    await expect(page.getByText("Pedro Souza")).toBeVisible();
    await expect(page.getByText("Joana Lima")).toHaveCount(0);
  });

  test("a customer never sees the members' block", async ({ page }) => {
    await signInThroughApi(page, OTHER);
    await page.goto("/conta");
    await expect(page.getByRole("heading", { name: `Olá, ${OTHER.name}`, level: 1 })).toBeVisible();
    await expect(membersBlock(page)).toHaveCount(0);
  });

  test("while the members feature is off an administrator's /conta has no members' block", async ({ page }) => {
    await switchMembers(false);
    try {
      await signInThroughApi(page, ADMIN);
      await page.goto("/conta");
      await expect(page.getByRole("heading", { name: `Olá, ${ADMIN.name}`, level: 1 })).toBeVisible();
      await expect(membersBlock(page)).toHaveCount(0);
      await expect(page.getByText(/^Mensalidades de /)).toHaveCount(0);
    } finally {
      await switchMembers(true);
    }
  });
});

// --- 2. A member's documents and the register's import ---

/** Today in São Paulo, YYYY-MM-DD, as the API takes a day. */
const saoPauloToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
/** "2026-05-17" as "17/05/2026". */
const brazilianDay = (day: string) => day.split("-").reverse().join("/");

/** The API signed in as `account`, from a context of its own. */
async function signedInApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  account: { email: string; password: string },
) {
  const context = await playwright.request.newContext({ baseURL: ownUrl() });
  const { token } = await jsonOf<{ token: string }>(
    await context.post("/api/auth/login", { data: { email: account.email, password: account.password } }),
  );
  return { context, headers: { Authorization: `Token ${token}` } };
}

const receiptPath = (dueId: number) => `${MEMBERSHIP}/recibo/${dueId}`;

/** The receipt's sentence, as the member's paid due makes it. */
const receiptSentence = (receipt: Receipt) =>
  `Recebemos de ${MEMBER_NAME} (CPF ${MEMBER_CPF}), associado nº ${receipt.member_number}, a quantia de R$ 30,00 ` +
  `referente à mensalidade de ${receipt.period_label} do plano ${PLAN.name}, paga em ${brazilianDay(receipt.paid_on)}.`;

/** A CSV of the register with a new member (of `cpf`) on line 2 and a line the import refuses on line 3. */
function registerCsv(name: string, cpf: string): Buffer {
  const line = (lineName: string, taxId: string, email: string) =>
    `;${lineName};Pessoa;${taxId};${email};(11) 98765-4321;01310-100;SP;São Paulo;Avenida Paulista;1000;Bela Vista;;01/05/1980;;${PLAN.name};;Veio da planilha antiga`;
  const slug = cpf.replace(/\D/g, "");
  return Buffer.from(
    [HEADER, line(name, cpf, `nova-${slug}@documentos.example`), line(ERROR_NAME, BAD_CPF, "sem@documentos.example")]
      .map((text) => `${text}\r\n`)
      .join(""),
    "utf8",
  );
}

const previewOf = (page: Page) => page.getByRole("region", { name: "Conferência de associados.csv" });
const resultOf = (page: Page) => page.getByRole("region", { name: "Importação concluída" });

/** Chooses the CSV on the import screen and asks what importing it would do. */
async function checkCsv(page: Page, csv: Buffer): Promise<void> {
  const form = page.getByRole("form", { name: "Conferir planilha" });
  await form.getByLabel("Arquivo CSV").setInputFiles({ name: "associados.csv", mimeType: "text/csv", buffer: csv });
  await form.getByRole("button", { name: "Conferir" }).click();
  await expect(previewOf(page).getByRole("heading", { name: "Conferência de associados.csv", level: 2 })).toBeVisible();
}

const linesTable = (page: Page) => page.getByRole("table", { name: "Linhas da planilha" });

/** The table's row of the line that names `name`. */
const lineRow = (page: Page, name: string) => linesTable(page).getByRole("row").filter({ hasText: name });

/**
 * The whole import on the screen: the preview lists the new line and the error line, the import creates the
 * member (and leaves the error out), and the same file checked again is unchanged. With JavaScript each screen
 * is checked at a phone's width and a desktop's; without it, on the phone the page is at.
 */
async function importThroughScreen(page: Page, javaScript: boolean): Promise<void> {
  const cpf = uniqueCpf();
  const name = javaScript ? "Helena Duarte" : "Helena Duarte Lima";
  const csv = registerCsv(name, cpf);
  const readable = () => (javaScript ? expectReadableAtEachWidth(page) : expectReadable(page, PHONE.width, false));
  await expect(page.getByRole("heading", { name: "Importar associados", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", "/api/members/export.csv");
  await expect(page.getByText(HEADER, { exact: true })).toBeVisible();

  await checkCsv(page, csv);
  await expect(previewOf(page).getByRole("status")).toHaveText("1 novo, 0 alterados, 0 sem mudança, 1 com erro");
  await expect(page.getByTestId("import-count-create")).toHaveText("1");
  await expect(page.getByTestId("import-count-error")).toHaveText("1");
  // The errors come first.
  await expect(linesTable(page).getByRole("rowgroup").nth(1).getByRole("row").first()).toContainText(ERROR_NAME);
  await expect(lineRow(page, name).locator('td[data-label="Linha"]')).toHaveText("2");
  await expect(lineRow(page, ERROR_NAME).locator('td[data-label="Linha"]')).toHaveText("3");
  await expect(lineRow(page, name)).toContainText(cpf);
  await expect(lineRow(page, name)).toContainText("Novo");
  await expect(lineRow(page, ERROR_NAME)).toContainText("Erro");
  await expect(lineRow(page, ERROR_NAME)).toContainText("CPF ou CNPJ: Informe um CPF válido");
  await readable();

  await page.getByRole("form", { name: "Importar planilha" }).getByRole("button", { name: "Importar" }).click();
  await expect(resultOf(page).getByRole("heading", { name: "Importação concluída", level: 2 })).toBeVisible();
  await expect(resultOf(page).getByRole("status")).toHaveText(
    "1 associado cadastrado e 0 alterados. 1 linha com erro ficou de fora.",
  );
  await expect(lineRow(page, name)).toContainText("Cadastrado");
  await expect(lineRow(page, ERROR_NAME)).toContainText("Não importado");
  await expect(page.getByRole("link", { name: "Ver os associados" })).toHaveAttribute("href", "/conta/membros");
  await readable();
  const imported = await jsonOf<{ data: { name: string; status: string; number: number | null }[] }>(
    await siteApi().get(`/api/members?q=${cpf.replace(/\D/g, "")}`),
  );
  expect(imported.data.map(({ name: named, status }) => [named, status])).toEqual([[name, "ativo"]]);
  expect(imported.data[0]?.number).not.toBeNull();

  await checkCsv(page, csv);
  await expect(previewOf(page).getByRole("status")).toHaveText("0 novos, 0 alterados, 1 sem mudança, 1 com erro");
  await expect(lineRow(page, name)).toContainText("Sem mudança");
  await expect(page.getByText("Nada a importar: nenhuma linha traz um associado novo ou alterado.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Importar planilha" })).toHaveCount(0);
  await readable();
}

/** A page of a browser without JavaScript, signed in as `account` on `path`. */
async function plainPage(browser: Browser, account: { email: string; password: string }, path: string) {
  const context = await ownContext(browser, PHONE.width, false);
  const page = await context.newPage();
  await signInWithoutJavaScript(page, account.email, account.password, path);
  return { page, close: () => context.close() };
}

test.describe("a member's documents and the register's import", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ playwright }) => {
    // Her proposal from her own account (its e-mail), which links the account to her entry.
    const member = await signedInApi(playwright, MEMBER);
    const proposal = {
      kind: "pessoa",
      name: MEMBER_NAME,
      tax_id: MEMBER_CPF,
      email: MEMBER.email,
      phone: "(11) 98765-4321",
      address: ADDRESS,
      born_on: "1980-05-01",
      plan_id: planId,
      consent: true,
    };
    await jsonOf(
      await member.context.post("/api/members/applications", { headers: member.headers, data: proposal }),
      201,
    );
    const found = await jsonOf<{ data: { id: number }[] }>(
      await siteApi().get(`/api/members?q=${encodeURIComponent(MEMBER.email)}`),
    );
    const memberId = found.data[0]?.id;
    if (memberId === undefined) throw new Error(`no proposal from ${MEMBER.email}`);
    const approved = await jsonOf<{ dues: { id: number }[] }>(
      await siteApi().post(`/api/members/${memberId}/status`, { data: { status: "ativo", reason: "Aprovada." } }),
    );
    const dueId = approved.dues[0]?.id;
    if (dueId === undefined) throw new Error("the approval made no first due");
    await jsonOf(
      await siteApi().post(`/api/members/${memberId}/dues/${dueId}/payment`, { data: { paid_on: saoPauloToday() } }),
    );
    const receipt = await jsonOf<Receipt>(
      await member.context.get(`/api/members/dues/${dueId}/receipt`, { headers: member.headers }),
    );
    const mine = await jsonOf<{ membership: { verification_path: string } | null }>(
      await member.context.get("/api/members/me", { headers: member.headers }),
    );
    await member.context.dispose();
    if (!mine.membership) throw new Error(`${MEMBER.email}'s account is not linked to her membership`);
    paid = { dueId, receipt, verificationPath: mine.membership.verification_path };
  });

  test("the member opens 'Minha associação', her card and her paid due's receipt, each at a phone's width and a desktop's", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const { receipt, dueId, verificationPath } = paid;
    await signInThroughApi(page, MEMBER);
    await page.goto(MEMBERSHIP);
    await expect(page.getByRole("heading", { name: "Minha associação", level: 1 })).toBeVisible();
    await expect(page.getByTestId("membership-standing")).toHaveText("Em dia");
    const receiptLink = page.getByRole("link", { name: `Recibo de ${receipt.period_label}` });
    await expect(receiptLink).toHaveAttribute("href", receiptPath(dueId));
    await expectReadableAtEachWidth(page);

    await page.getByRole("link", { name: "Carteirinha", exact: true }).click();
    await expectPath(page, CARD);
    const card = page.getByRole("region", { name: "Carteirinha de associado" });
    await expect(card.getByText(SUPER.title, { exact: true })).toBeVisible();
    await expect(card.getByText(MEMBER_NAME, { exact: true })).toBeVisible();
    await expect(card.getByText(`Nº ${receipt.member_number}`, { exact: true })).toBeVisible();
    await expect(card.getByText(PLAN.name, { exact: true })).toBeVisible();
    await expect(card.getByTestId("card-standing")).toHaveText("Em dia");
    const verificationUrl = `${ownUrl()}${verificationPath}`;
    await expect(card.getByTestId("card-verification-url")).toHaveText(verificationUrl);
    const qr = card.getByRole("img", { name: `QR code da verificação da carteirinha, que abre ${verificationUrl}` });
    await expect(qr.locator("svg path")).not.toHaveCount(0);
    await atEachWidth(page, async (width) => {
      await expect(qr).toBeVisible();
      await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
      await expectReadable(page, width);
    });
    // On paper, from either screen: the card alone, on a bank card's size (85.6 mm is 323.5 CSS pixels).
    await page.emulateMedia({ media: "print" });
    await atEachWidth(page, async () => {
      await expect(page.getByRole("link", { name: "Voltar para Minha associação" })).toBeHidden();
      expect(Math.round((await card.boundingBox())?.width ?? 0)).toBe(324);
    });
    await page.emulateMedia({ media: "screen" });

    await page.goto(receiptPath(dueId));
    await expect(page.getByRole("heading", { name: `Recibo nº ${receipt.receipt_number}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("receipt-text")).toHaveText(receiptSentence(receipt));
    await expect(page.getByTestId("receipt-amount")).toHaveText("R$ 30,00");
    await expect(page.getByTestId("receipt-cnpj")).toHaveText(`CNPJ ${ORGANIZATION_CNPJ}`);
    await expect(page.getByText(/^Emitido em \d{1,2} de \p{L}+ de \d{4}\.$/u)).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar para Minha associação" })).toHaveAttribute("href", MEMBERSHIP);
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    await expectReadableAtEachWidth(page);

    // The card's QR opens her verification page.
    await page.goto(verificationUrl);
    await expect(page.getByTestId("member-standing")).toHaveText("Associado em dia");
  });

  test("another customer gets the not-found page for her receipt, and her own pages say she has no membership", async ({
    page,
  }) => {
    await signInThroughApi(page, OTHER);
    const answer = await page.goto(receiptPath(paid.dueId));
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada", level: 1 })).toBeVisible();
    await expect(page.getByText(MEMBER_NAME)).toHaveCount(0);

    await page.goto(CARD);
    await expect(page.getByRole("heading", { name: "Carteirinha de associado", level: 1 })).toBeVisible();
    await expect(page.getByText(NO_MEMBERSHIP)).toBeVisible();
    await expect(page.getByRole("img")).toHaveCount(0);
    await expectReadable(page, DESKTOP.width);
    await page.goto(MEMBERSHIP);
    await expect(page.getByText(NO_MEMBERSHIP)).toBeVisible();
  });

  test("an administrator opens the member's receipt, with the way back to the register", async ({ page }) => {
    await signInThroughApi(page, ADMIN);
    await page.goto(receiptPath(paid.dueId));
    await expect(page.getByTestId("receipt-text")).toHaveText(receiptSentence(paid.receipt));
    await expect(page.getByRole("link", { name: "Voltar para os associados" })).toHaveAttribute(
      "href",
      `/conta/membros?q=${paid.receipt.member_number}`,
    );
  });

  test("an administrator checks a CSV, imports it, and the same file again changes nothing, each screen at both widths", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInThroughApi(page, ADMIN);
    await page.goto(IMPORT);
    await waitForHydratedPage(page);
    await importThroughScreen(page, true);
  });

  test.describe("without JavaScript", () => {
    test("an administrator checks a CSV and imports it as plain posts", async ({ browser }) => {
      const { page, close } = await plainPage(browser, ADMIN, IMPORT);
      try {
        await importThroughScreen(page, false);
      } finally {
        await close();
      }
    });

    test("a refusal keeps the pasted text and says why", async ({ browser }) => {
      const { page, close } = await plainPage(browser, ADMIN, IMPORT);
      try {
        const form = page.getByRole("form", { name: "Conferir planilha" });
        await form.getByRole("button", { name: "Conferir" }).click();
        await expect(page.getByRole("alert")).toContainText(
          "Escolha o arquivo CSV da planilha ou cole o conteúdo dela.",
        );
        const pasted = `${HEADER}\r\n;"sem fim;Pessoa`;
        await form.getByRole("textbox", { name: "Ou cole aqui o conteúdo da planilha" }).fill(pasted);
        await form.getByRole("button", { name: "Conferir" }).click();
        await expect(page.getByRole("alert")).toContainText("A planilha de associados não pôde ser lida como CSV");
        await expect(form.getByRole("textbox", { name: "Ou cole aqui o conteúdo da planilha" })).toHaveValue(
          pasted.replace(/\r\n/g, "\n"),
        );
        await expectReadable(page, PHONE.width, false);
      } finally {
        await close();
      }
    });

    test("the card and the receipt show whole, without the print button", async ({ browser }) => {
      const { page, close } = await plainPage(browser, MEMBER, CARD);
      try {
        const card = page.getByRole("region", { name: "Carteirinha de associado" });
        await expect(card.getByTestId("card-verification-url")).toHaveText(`${ownUrl()}${paid.verificationPath}`);
        await expect(card.getByRole("img", { name: /^QR code da verificação da carteirinha/ })).toBeVisible();
        await expect(card.getByRole("img")).toHaveCount(1);
        await expect(page.getByRole("button", { name: "Imprimir" })).toHaveCount(0);
        await expectReadable(page, PHONE.width, false);
        await page.goto(receiptPath(paid.dueId));
        await expect(page.getByTestId("receipt-text")).toHaveText(receiptSentence(paid.receipt));
        await expect(page.getByRole("button", { name: "Imprimir" })).toHaveCount(0);
        await expectReadable(page, PHONE.width, false);
      } finally {
        await close();
      }
    });
  });
});

// --- 3. Proposals, approval and dues; the reminders' settings ---

type Applicant = { kind: "Pessoa (CPF)" | "Organização (CNPJ)"; name: string; taxId: string; email: string };

/** "Associe-se" filled in for someone in São Paulo on the monthly plan, her consent given. */
async function fillApplication(page: Page, applicant: Applicant) {
  const form = page.getByRole("form", { name: "Proposta de associação" });
  await form.getByRole("radio", { name: applicant.kind }).check();
  await form.getByRole("textbox", { name: "Nome completo ou razão social" }).fill(applicant.name);
  await form.getByRole("textbox", { name: "CPF ou CNPJ" }).fill(applicant.taxId);
  await form.getByLabel("Data de nascimento ou fundação (opcional)").fill("1985-03-20");
  await form.getByRole("textbox", { name: "E-mail" }).fill(applicant.email);
  await form.getByRole("textbox", { name: "Telefone com DDD" }).fill("(11) 98765-4321");
  await form.getByRole("textbox", { name: "CEP" }).fill("01310-100");
  await form.getByRole("combobox", { name: "Estado (UF)" }).selectOption("SP");
  await form.getByRole("textbox", { name: "Cidade" }).fill("São Paulo");
  await form.getByRole("textbox", { name: "Bairro" }).fill("Bela Vista");
  await form.getByRole("textbox", { name: "Rua" }).fill("Avenida Paulista");
  await form.getByRole("textbox", { name: "Número" }).fill("1000");
  await form.getByRole("radio", { name: new RegExp(`^${PLAN.name}`) }).check();
  await form.getByRole("checkbox", { name: "Li e aceito o tratamento dos meus dados para a associação" }).check();
  return form;
}

/**
 * A visitor applies for an organisation: refused first for a CPF where a CNPJ goes, keeping what she typed, then
 * received. With JavaScript on a desktop, under axe; without it on a phone.
 */
async function visitorApplies(
  browser: Browser,
  javaScript: boolean,
  applicant: { name: string; cpf: string; email: string },
): Promise<void> {
  const width = javaScript ? DESKTOP.width : PHONE.width;
  const context = await ownContext(browser, width, javaScript);
  const visitor = await context.newPage();
  try {
    await visitor.goto(JOIN);
    if (javaScript) await waitForHydratedPage(visitor);
    const form = await fillApplication(visitor, {
      kind: "Organização (CNPJ)",
      name: applicant.name,
      taxId: applicant.cpf,
      email: applicant.email,
    });
    await form.getByRole("button", { name: "Enviar proposta" }).click();
    await expect(await errorOf(form.getByRole("textbox", { name: "CPF ou CNPJ" }))).toHaveText(
      "Informe um CNPJ válido",
    );
    await expect(form.getByRole("textbox", { name: "Cidade" })).toHaveValue("São Paulo");
    await expect(form.getByRole("radio", { name: "Organização (CNPJ)" })).toBeChecked();
    if (javaScript) await expectReadable(visitor, width);
    await form.getByRole("textbox", { name: "CPF ou CNPJ" }).fill(uniqueCnpj());
    await form.getByRole("button", { name: "Enviar proposta" }).click();
    await expect(visitor.getByRole("alert").filter({ hasText: RECEIVED })).toBeVisible();
    await expect(visitor.getByRole("form", { name: "Proposta de associação" })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

/** A BR Code's top-level field `id`: EMV's two digits of id, two of length, then the value. */
function brCodeField(code: string, id: string): string | null {
  for (let at = 0; at + 4 <= code.length; ) {
    const length = Number(code.slice(at + 2, at + 4));
    if (code.slice(at, at + 2) === id) return code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return null;
}

/** The register's entry of `name`: her page opened from the search, once it runs. */
async function openMember(page: Page, name: string) {
  await page.goto(REGISTER);
  const register = await searchRegister(page, name);
  await register.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await waitForHydratedPage(page);
}

/** Approves the proposal on her page: her number, and her first due, due today. */
async function approve(page: Page) {
  const move = page.getByRole("form", { name: "Alterar situação" });
  await move.getByRole("combobox", { name: "Decisão sobre a proposta" }).selectOption({ label: "Aprovar" });
  await move.getByRole("button", { name: "Alterar situação" }).click();
  await expect(page.getByText("Situação alterada para “Ativo”.")).toBeVisible();
  await expect(page.getByTestId("member-status")).toHaveText("Ativo");
  const due = page.getByRole("table", { name: "Mensalidades" }).getByRole("row").filter({ hasText: today() });
  await expect(due).toHaveCount(1);
  await expect(due).toContainText("R$ 30,00");
  await expect(due).toContainText("Em aberto");
  return due;
}

test.describe("proposals, approval and dues", () => {
  test("Associe-se is the site's 404 page while the feature is off, and offers the active plans when on", async ({
    page,
  }) => {
    await switchMembers(false);
    try {
      expect((await page.goto(JOIN))?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
      const post = await page.request.post(JOIN, { form: { name: "Ana" }, headers: { Origin: ownUrl() } });
      expect(post.status()).toBe(404);
    } finally {
      await switchMembers(true);
    }
    expect((await page.goto(JOIN))?.status()).toBe(200);
    const plans = page.getByRole("group", { name: "Plano" }).getByRole("radio");
    await expect(plans).toHaveCount(1);
    await expect(plans).toHaveAccessibleName(`${PLAN.name} R$ 30,00, mensal, com vencimento todo dia 10`);
    // The only plan is chosen already.
    await expect(plans).toBeChecked();
  });

  // Gone through at a desktop's width (the shared site's administrator's story, members.spec.ts, at a phone's).
  test.describe("at a desktop's width, each screen checked at a phone's too", () => {
    test.use({ viewport: DESKTOP });

    test("visitors and a signed-in person apply; the administrator approves two, records one's payment and waives another's due", async ({
      page,
      browser,
    }) => {
      test.slow();
      const id = uniqueId();
      const [admin, person] = [await ownAccount("admin"), await ownAccount("user")];
      const organisation = `Coletivo Flor do Cerrado ${id}`;
      const name = `Rita Proponente ${id}`;
      const cpf = uniqueCpf();

      // Visitors apply for organisations, after a refusal that keeps what they typed: one on a phone without
      // JavaScript, one on a desktop with it.
      await visitorApplies(browser, false, { name: `Coletivo Ipê Roxo ${id}`, cpf, email: `ipe-${id}@example.com` });
      await visitorApplies(browser, true, { name: organisation, cpf, email: `flor-${id}@example.com` });

      // A person applies signed in, with her account's e-mail: the proposal is linked to it.
      const memberContext = await ownContext(browser, DESKTOP.width);
      const member = await memberContext.newPage();
      try {
        await signInThroughApi(member, person);
        await member.goto(JOIN);
        await waitForHydratedPage(member);
        await expectReadableAtEachWidth(member);
        const form = await fillApplication(member, { kind: "Pessoa (CPF)", name, taxId: cpf, email: person.email });
        await form.getByRole("button", { name: "Enviar proposta" }).click();
        await expect(member.getByRole("alert").filter({ hasText: RECEIVED })).toBeVisible();
        await expectReadableAtEachWidth(member);

        // The administrator finds the proposals and approves two from their pages.
        await signInThroughApi(page, admin);
        await page.goto(REGISTER);
        const register = await searchRegister(page, id);
        await expect(register.getByRole("row").filter({ hasText: name }).getByRole("cell")).toHaveText([
          "—",
          name,
          cpf,
          PLAN.name,
          "Proposta",
          "Não",
          "",
        ]);
        await expectReadableAtEachWidth(page);
        await openMember(page, name);
        await expect(page.getByText("Sem número (proposta)")).toBeVisible();
        const herDue = await approve(page);
        await expect(page.getByText(/^Associado nº \d+$/)).toBeVisible();
        await expectReadableAtEachWidth(page);
        const members = await jsonOf<{ data: { id: number; user_id: number | null }[] }>(
          await siteApi().get(`/api/members?q=${encodeURIComponent(name)}`),
        );
        expect(members.data.map((entry) => entry.user_id)).toEqual([person.id]);

        // She pays by Pix from 'Minha associação': the BR Code charges the plan's amount.
        await member.goto(MEMBERSHIP);
        await expect(member.getByTestId("membership-standing")).toHaveText("Em dia");
        await expect(member.getByRole("heading", { name: /^Mensalidade de / })).toBeVisible();
        const code = await member.getByRole("textbox", { name: "Pix Copia e Cola" }).inputValue();
        expect(brCodeField(code, "54")).toBe("30.00");
        await expect(member.getByRole("img", { name: /^QR code Pix para pagar R\$ 30,00/ })).toBeVisible();
        await expectReadableAtEachWidth(member);

        // The administrator records her payment...
        await herDue.locator("summary", { hasText: "Registrar pagamento" }).click();
        const payment = page.getByRole("form", { name: /^Registrar pagamento de / });
        await expect(payment.getByLabel("Data do pagamento")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
        // The day the form offered (its page's today: a story crossing midnight keeps the day it was given).
        const paidOn = `Paga em ${(await payment.getByLabel("Data do pagamento").inputValue()).split("-").reverse().join("/")}`;
        await payment.getByRole("button", { name: "Registrar pagamento" }).click();
        await expect(page.getByText("Pagamento registrado.")).toBeVisible();
        await expect(
          page.getByRole("table", { name: "Mensalidades" }).getByRole("row").filter({ hasText: "R$ 30,00" }),
        ).toContainText(paidOn);
        await expectReadableAtEachWidth(page);

        // ...and waives an organisation's first due, with the reason kept beside it.
        await openMember(page, organisation);
        const theirDue = await approve(page);
        await theirDue.locator("summary", { hasText: "Dispensar" }).click();
        const waiver = page.getByRole("form", { name: /^Dispensar / });
        await waiver.getByRole("textbox", { name: "Motivo da dispensa" }).fill(`Isenção da assembleia ${id}`);
        await waiver.getByRole("button", { name: "Dispensar" }).click();
        await expect(page.getByText("Mensalidade dispensada.")).toBeVisible();
        const waived = page
          .getByRole("table", { name: "Mensalidades" })
          .getByRole("row")
          .filter({ hasText: "R$ 30,00" });
        await expect(waived).toContainText("Dispensada");
        await expect(waived).toContainText(`Isenção da assembleia ${id}`);
        await expectReadableAtEachWidth(page);

        // Her page now has nothing to pay, and the due among the paid ones.
        await member.reload();
        await expect(member.getByText("Nenhuma mensalidade em aberto.")).toBeVisible();
        await expect(member.getByRole("table", { name: "Mensalidades pagas e dispensadas" })).toContainText(paidOn);
        await expectReadableAtEachWidth(member);
      } finally {
        await memberContext.close();
      }
    });
  });

  test.describe("at a phone's width, each screen checked at a desktop's too", () => {
    test.use({ viewport: PHONE });

    test("the members' settings save, and say what is wrong beside each field", async ({ page }) => {
      const admin = await ownAccount("admin");
      await signInThroughApi(page, admin);
      await page.goto(REGISTER);
      await page.getByRole("link", { name: "Configurações dos associados" }).click();
      await expectPath(page, SETTINGS);
      await waitForHydratedPage(page);
      const form = page.getByRole("form", { name: "Configurações dos associados" });
      const before = form.getByRole("textbox", { name: "Dias antes do vencimento" });
      const after = form.getByRole("textbox", { name: "Dias depois do vencimento" });
      await form.getByRole("checkbox", { name: "Antes do vencimento" }).setChecked(true);
      await before.fill("5, 20");
      await before.blur();
      await expect(await errorOf(before)).toHaveText("Informe dias de 1 a 15 antes do vencimento");
      await before.fill("2, 7");
      const cnpj = form.getByRole("textbox", { name: "CNPJ da cooperativa" });
      await cnpj.fill("11.222.333/0001-80");
      await cnpj.blur();
      await expect(await errorOf(cnpj)).toHaveText("Informe um CPF ou CNPJ válido");
      await cnpj.fill("11.222.333/0001-81");
      await after.fill("3, 10, 30, 45");
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(after)).toHaveText("No máximo 3 lembretes");
      await expectReadableAtEachWidth(page);
      await after.fill("30 3 10");
      await form.getByRole("checkbox", { name: "No dia do vencimento" }).setChecked(false);
      await form.getByRole("checkbox", { name: "Depois do vencimento" }).setChecked(true);
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByText("Lembretes salvos com sucesso!")).toBeVisible();
      await expect(before).toHaveValue("7, 2");
      await expect(after).toHaveValue("3, 10, 30");
      await expect(form.getByRole("checkbox", { name: "No dia do vencimento" })).not.toBeChecked();
      await expect(cnpj).toHaveValue("11.222.333/0001-81");
      expect(await jsonOf(await siteApi().get("/api/members/settings"))).toEqual({
        organization_cnpj: "11222333000181",
        reminders: {
          before: { enabled: true, days: [7, 2] },
          on_day: { enabled: false },
          after: { enabled: true, days: [30, 10, 3] },
        },
        // The dues' payments this story leaves as they were: the shop's Pix key, Asaas not set up.
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
          webhook_url: `${ownUrl()}/api/members/asaas/webhook`,
        },
      });
      await expectReadableAtEachWidth(page);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, viewport: PHONE });

    test("the members' settings save as a plain post, and a refusal keeps what was typed", async ({ page }) => {
      const admin = await ownAccount("admin");
      await signInWithoutJavaScript(page, admin.email, admin.password, SETTINGS);
      const form = page.getByRole("form", { name: "Configurações dos associados" });
      const before = form.getByRole("textbox", { name: "Dias antes do vencimento" });
      await before.fill("0, 4");
      await form.getByRole("textbox", { name: "Dias depois do vencimento" }).fill("61");
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(before)).toHaveText("Informe dias de 1 a 15 antes do vencimento");
      await expect(await errorOf(form.getByRole("textbox", { name: "Dias depois do vencimento" }))).toHaveText(
        "Informe dias de 1 a 60 depois do vencimento",
      );
      await expect(before).toHaveValue("0, 4");
      await before.fill("4");
      await form.getByRole("textbox", { name: "Dias depois do vencimento" }).fill("15");
      await form.getByRole("checkbox", { name: "Antes do vencimento" }).setChecked(true);
      await form.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, SETTINGS);
      await expect(page.getByText("Lembretes salvos com sucesso!")).toBeVisible();
      await expect(before).toHaveValue("4");
      const saved = await jsonOf<{ reminders: { before: { days: number[] }; after: { days: number[] } } }>(
        await siteApi().get("/api/members/settings"),
      );
      expect([saved.reminders.before.days, saved.reminders.after.days]).toEqual([[4], [15]]);
    });
  });
});
