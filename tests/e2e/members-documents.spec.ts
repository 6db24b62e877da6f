import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { signInWithoutJavaScript } from "./account-forms.ts";
import { test as base, expect, expectPath, jsonOf, login, waitForHydratedPage } from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * A member's documents and the register's import (issue 36): the member opens 'Minha associação', her card
 * (its QR and her verification address in text) and the receipt of the due she paid, on a phone and a
 * desktop, under axe; another customer gets the not-found page for that receipt; an administrator checks a
 * CSV on the import screen (a new line and an error line), imports it, and the same file again changes
 * nothing, with JavaScript and without. The members feature is switched on and the register must hold
 * exactly what the story put there, so this runs on a server of its own; the tests run in order.
 */
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };
const SUPER = { title: "Cooperativa Documentos", admin_name: "Sara Super", email: "sara@documentos.example" };
const PASSWORD = "senha-forte-de-teste-1";
const ADMIN = { name: "Ana Admin", email: "ana@documentos.example", password: "senha-da-ana-123", role: "admin" };
const MEMBER = { name: "Bia Cliente", email: "bia@documentos.example", password: "senha-da-bia-123", role: "user" };
const OTHER = { name: "Caio Cliente", email: "caio@documentos.example", password: "senha-do-caio-1", role: "user" };
const MEMBER_NAME = "Beatriz Cliente Souza";
const MEMBER_CPF = "529.982.247-25";
const ORGANIZATION_CNPJ = "11.222.333/0001-81";
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
const MEMBERSHIP = "/conta/minha-associacao";
const CARD = "/conta/minha-associacao/carteirinha";
const IMPORT = "/conta/membros/importar";
const NO_MEMBERSHIP = "Sua conta não está ligada a nenhum cadastro de associado.";
/** The register's export's header, which the import reads back. */
const HEADER =
  "Número;Nome;Tipo;CPF ou CNPJ;E-mail;Telefone;CEP;UF;Cidade;Endereço;Número do endereço;Bairro;Complemento;Nascimento ou fundação;Admissão;Plano;Situação;Observações";
/** A CPF whose check digits do not match, on the line the import refuses. */
const BAD_CPF = "123.456.789-00";
const ERROR_NAME = "Sem Documento";

type Feature = { title: string; url: string; enabled: boolean };
type Receipt = { receipt_number: string; member_number: number; period_label: string; paid_on: string };

let own: OwnServer;
let site: ServerProcess;
/** The own site's REST API, signed in as its super user. */
let siteApi: APIRequestContext;
/** What the member's paid due and her card are, as the REST API tells her. */
let paid: { dueId: number; receipt: Receipt; verificationPath: string };

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(site?.url);
  },
});

test.describe.configure({ mode: "serial" });

/** A valid CPF of random digits, written as Brazilians write it. */
function uniqueCpf(): string {
  const digits = Array.from(randomBytes(9), (byte) => byte % 10);
  // A CPF of one repeated digit passes the check digits but is refused as a whole.
  if (digits.every((digit) => digit === digits[0])) return uniqueCpf();
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  const text = digits.join("");
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}

/** Today in São Paulo, YYYY-MM-DD, as the API takes a day. */
const saoPauloToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
/** "2026-05-17" as "17/05/2026". */
const brazilianDay = (day: string) => day.split("-").reverse().join("/");

/** The API signed in as `account`, from a context of its own. */
async function signedInApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  account: { email: string; password: string },
) {
  const context = await playwright.request.newContext({ baseURL: site.url });
  const { token } = await jsonOf<{ token: string }>(
    await context.post("/api/auth/login", { data: { email: account.email, password: account.password } }),
  );
  return { context, headers: { Authorization: `Token ${token}` } };
}

test.beforeAll(async ({ playwright }) => {
  own = await startOwnServer("members-documents", { LOG_LEVEL: "warn" });
  site = own.server;
  const token = await setUpSite(site.url, SUPER, PASSWORD);
  siteApi = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  for (const user of [ADMIN, MEMBER, OTHER]) await jsonOf(await siteApi.post("/api/users", { data: user }), 201);
  const settings = await jsonOf<{ features: Record<string, Feature> }>(await siteApi.get("/api/settings"));
  const members = settings.features.members;
  if (!members) throw new Error("settings have no members feature");
  settings.features.members = { ...members, enabled: true };
  await jsonOf(await siteApi.post("/api/settings", { data: settings }));
  // The receipts carry the organisation's CNPJ once the members' settings have one.
  const memberSettings = await jsonOf<Record<string, unknown>>(await siteApi.get("/api/members/settings"));
  await jsonOf(
    await siteApi.put("/api/members/settings", { data: { ...memberSettings, organization_cnpj: ORGANIZATION_CNPJ } }),
  );
  const plan = await jsonOf<{ id: number }>(await siteApi.post("/api/members/plans", { data: PLAN }), 201);

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
    plan_id: plan.id,
    consent: true,
  };
  await jsonOf(
    await member.context.post("/api/members/applications", { headers: member.headers, data: proposal }),
    201,
  );
  const found = await jsonOf<{ data: { id: number }[] }>(
    await siteApi.get(`/api/members?q=${encodeURIComponent(MEMBER.email)}`),
  );
  const memberId = found.data[0]?.id;
  if (memberId === undefined) throw new Error(`no proposal from ${MEMBER.email}`);
  const approved = await jsonOf<{ dues: { id: number }[] }>(
    await siteApi.post(`/api/members/${memberId}/status`, { data: { status: "ativo", reason: "Aprovada." } }),
  );
  const dueId = approved.dues[0]?.id;
  if (dueId === undefined) throw new Error("the approval made no first due");
  await jsonOf(
    await siteApi.post(`/api/members/${memberId}/dues/${dueId}/payment`, { data: { paid_on: saoPauloToday() } }),
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
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.id} on ${node.target.join(" ")}: ${violation.help}`),
  );
}

/**
 * axe on a page of a browser without JavaScript, where axe itself cannot run: on a copy of the page's markup,
 * without its scripts, in a browser that runs them.
 */
async function plainPageViolations(page: Page): Promise<string[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error("the page has no browser to copy it to");
  const markup = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace("<head>", `<head><base href="${site.url}/">`);
  const copy = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const copied = await copy.newPage();
    await copied.setContent(markup, { waitUntil: "load" });
    return await axeViolations(copied);
  } finally {
    await copy.close();
  }
}

/** Nothing wider than the screen, and nothing axe objects to. */
async function expectReadable(page: Page, width: number, javaScript = true): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await (javaScript ? axeViolations(page) : plainPageViolations(page))).toEqual([]);
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
 * member (and leaves the error out), and the same file checked again is unchanged.
 */
async function importThroughScreen(page: Page, width: number, javaScript = true): Promise<void> {
  const cpf = uniqueCpf();
  const name = `Helena Duarte ${width}`;
  const csv = registerCsv(name, cpf);
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
  await expectReadable(page, width, javaScript);

  await page.getByRole("form", { name: "Importar planilha" }).getByRole("button", { name: "Importar" }).click();
  await expect(resultOf(page).getByRole("heading", { name: "Importação concluída", level: 2 })).toBeVisible();
  await expect(resultOf(page).getByRole("status")).toHaveText(
    "1 associado cadastrado e 0 alterados. 1 linha com erro ficou de fora.",
  );
  await expect(lineRow(page, name)).toContainText("Cadastrado");
  await expect(lineRow(page, ERROR_NAME)).toContainText("Não importado");
  await expect(page.getByRole("link", { name: "Ver os associados" })).toHaveAttribute("href", "/conta/membros");
  await expectReadable(page, width, javaScript);
  const imported = await jsonOf<{ data: { name: string; status: string; number: number | null }[] }>(
    await siteApi.get(`/api/members?q=${cpf.replace(/\D/g, "")}`),
  );
  expect(imported.data.map(({ name: named, status }) => [named, status])).toEqual([[name, "ativo"]]);
  expect(imported.data[0]?.number).not.toBeNull();

  await checkCsv(page, csv);
  await expect(previewOf(page).getByRole("status")).toHaveText("0 novos, 0 alterados, 1 sem mudança, 1 com erro");
  await expect(lineRow(page, name)).toContainText("Sem mudança");
  await expect(page.getByText("Nada a importar: nenhuma linha traz um associado novo ou alterado.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Importar planilha" })).toHaveCount(0);
  await expectReadable(page, width, javaScript);
}

/** A page of a browser without JavaScript, signed in as `account` on `path`. */
async function plainPage(browser: Browser, account: { email: string; password: string }, path: string) {
  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await signInWithoutJavaScript(page, account.email, account.password, path);
  return { page, close: () => context.close() };
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the member opens 'Minha associação', her card and her paid due's receipt`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { receipt, dueId, verificationPath } = paid;
    await login(page, MEMBER.email, MEMBER.password);
    await page.goto(MEMBERSHIP);
    await expect(page.getByRole("heading", { name: "Minha associação", level: 1 })).toBeVisible();
    await expect(page.getByTestId("membership-standing")).toHaveText("Em dia");
    const receiptLink = page.getByRole("link", { name: `Recibo de ${receipt.period_label}` });
    await expect(receiptLink).toHaveAttribute("href", receiptPath(dueId));
    await expectReadable(page, viewport.width);

    await page.getByRole("link", { name: "Carteirinha", exact: true }).click();
    await expectPath(page, CARD);
    const card = page.getByRole("region", { name: "Carteirinha de associado" });
    await expect(card.getByText(SUPER.title, { exact: true })).toBeVisible();
    await expect(card.getByText(MEMBER_NAME, { exact: true })).toBeVisible();
    await expect(card.getByText(`Nº ${receipt.member_number}`, { exact: true })).toBeVisible();
    await expect(card.getByText(PLAN.name, { exact: true })).toBeVisible();
    await expect(card.getByTestId("card-standing")).toHaveText("Em dia");
    const verificationUrl = `${site.url}${verificationPath}`;
    await expect(card.getByTestId("card-verification-url")).toHaveText(verificationUrl);
    const qr = card.getByRole("img", { name: `QR code da verificação da carteirinha, que abre ${verificationUrl}` });
    await expect(qr).toBeVisible();
    await expect(qr.locator("svg path")).not.toHaveCount(0);
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    await expectReadable(page, viewport.width);
    // On paper: the card alone, on a bank card's size (85.6 mm is 323.5 CSS pixels).
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("link", { name: "Voltar para Minha associação" })).toBeHidden();
    expect(Math.round((await card.boundingBox())?.width ?? 0)).toBe(324);
    await page.emulateMedia({ media: "screen" });

    await page.goto(receiptPath(dueId));
    await expect(page.getByRole("heading", { name: `Recibo nº ${receipt.receipt_number}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("receipt-text")).toHaveText(receiptSentence(receipt));
    await expect(page.getByTestId("receipt-amount")).toHaveText("R$ 30,00");
    await expect(page.getByTestId("receipt-cnpj")).toHaveText(`CNPJ ${ORGANIZATION_CNPJ}`);
    await expect(page.getByText(/^Emitido em \d{1,2} de \p{L}+ de \d{4}\.$/u)).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar para Minha associação" })).toHaveAttribute("href", MEMBERSHIP);
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    await expectReadable(page, viewport.width);

    // The card's QR opens her verification page.
    await page.goto(verificationUrl);
    await expect(page.getByTestId("member-standing")).toHaveText("Associado em dia");
  });
}

test("another customer gets the not-found page for her receipt, and her own pages say she has no membership", async ({
  page,
}) => {
  await login(page, OTHER.email, OTHER.password);
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
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(receiptPath(paid.dueId));
  await expect(page.getByTestId("receipt-text")).toHaveText(receiptSentence(paid.receipt));
  await expect(page.getByRole("link", { name: "Voltar para os associados" })).toHaveAttribute(
    "href",
    `/conta/membros?q=${paid.receipt.member_number}`,
  );
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px an administrator checks a CSV, imports it, and the same file again changes nothing`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(IMPORT);
    await waitForHydratedPage(page);
    await importThroughScreen(page, viewport.width);
  });
}

test.describe("without JavaScript", () => {
  test("an administrator checks a CSV and imports it as plain posts", async ({ browser }) => {
    const { page, close } = await plainPage(browser, ADMIN, IMPORT);
    try {
      await importThroughScreen(page, PHONE.width, false);
    } finally {
      await close();
    }
  });

  test("a refusal keeps the pasted text and says why", async ({ browser }) => {
    const { page, close } = await plainPage(browser, ADMIN, IMPORT);
    try {
      const form = page.getByRole("form", { name: "Conferir planilha" });
      await form.getByRole("button", { name: "Conferir" }).click();
      await expect(page.getByRole("alert")).toContainText("Escolha o arquivo CSV da planilha ou cole o conteúdo dela.");
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
      await expect(card.getByTestId("card-verification-url")).toHaveText(`${site.url}${paid.verificationPath}`);
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
