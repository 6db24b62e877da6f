import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { test as base, errorOf, expect, expectPath, jsonOf, login, waitForHydratedPage } from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { expectWithinPublicBudget } from "./page-budget.ts";
import { type ServerProcess, tail } from "./server-process.ts";

/**
 * The verification in two steps (issue 27): an administrator turns it on in 'Meus dados' on a phone, signs
 * out and signs in again with the code on a step of its own; a customer does the code step, and a recovery
 * code, without JavaScript; once a super user requires it, an administrator without it adds an
 * authenticator before her first session and sees her recovery codes once. The site's settings change, so
 * this runs on a server of its own; the tests run in order.
 */
const PHONE = { width: 375, height: 812 };
const SUPER = { title: "Cooperativa Duas Etapas", admin_name: "Sara Super", email: "sara@duas-etapas.example" };
const PASSWORD = "senha-forte-de-teste-1";
const ADMIN = { name: "Ana Admin", email: "ana@duas-etapas.example", password: "senha-da-ana-123", role: "admin" };
const CUSTOMER = { name: "Bia Cliente", email: "bia@duas-etapas.example", password: "senha-da-bia-123", role: "user" };
const NEWCOMER = { name: "Caio Admin", email: "caio@duas-etapas.example", password: "senha-do-caio-1", role: "admin" };
const WRONG_CODE = "Código de verificação inválido ou já usado";
/** The secret as the pages show it: 32 letters of base 32 in groups of four. */
const SHOWN_SECRET = /^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/;

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

test.beforeAll(async ({ playwright }) => {
  own = await startOwnServer("two-factor", { LOG_LEVEL: "warn" });
  site = own.server;
  const token = await setUpSite(site.url, SUPER, PASSWORD);
  siteApi = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  for (const user of [ADMIN, CUSTOMER, NEWCOMER]) await jsonOf(await siteApi.post("/api/users", { data: user }), 201);
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

/**
 * The code the authenticator app shows, `steps` periods from now. A code is taken once: the one that
 * confirmed the app spent its period, so signing in right after uses the next period's (within the drift
 * the site accepts).
 */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function axeViolations(page: Page, only?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.include(only) : builder).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}) on ${node.target.join(" ")}: ${violation.help}`,
    ),
  );
}

/** The page as a first visit from the same browser (its cookies, none of its cache) is a lean public page. */
async function expectLean(page: Page, browser: Browser, path: string) {
  const fresh = await browser.newContext({ baseURL: site.url });
  await fresh.addCookies(await page.context().cookies());
  await expectWithinPublicBudget(await fresh.newPage(), path);
  await fresh.close();
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The secret as text beside the QR code, with its spaces taken out. */
async function shownSecret(page: Page): Promise<string> {
  const text = await page.getByText(SHOWN_SECRET).textContent();
  return (text ?? "").replace(/\s/g, "");
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("an administrator turns it on in 'Meus dados', signs out, and signs in with the code on its own step", async ({
    page,
    browser,
  }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/conta/profile");
    await waitForHydratedPage(page);
    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    const secret = await shownSecret(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code's text alternative carries the key it holds.
    const grouped = secret.match(/.{4}/g)?.join(" ") ?? "";
    await expect(
      page.getByRole("img", {
        name: `QR code para adicionar ${SUPER.title} ao aplicativo autenticador. Ele contém a chave ${grouped}, escrita também abaixo.`,
      }),
    ).toBeVisible();

    const confirm = page.getByRole("form", { name: "Confirmar a verificação em duas etapas" });
    const codeField = confirm.getByRole("textbox", { name: "Código de verificação" });
    const passwordField = confirm.getByRole("textbox", { name: "Senha atual" });
    // The session alone is not enough: the password is asked, and checked.
    await codeField.fill(codeOf(secret));
    await confirm.getByRole("button", { name: "Ativar" }).click();
    await expect(await errorOf(passwordField)).toHaveText("Informe a sua senha");
    await passwordField.fill("nao-e-a-senha-1");
    await confirm.getByRole("button", { name: "Ativar" }).click();
    await expect(await errorOf(passwordField)).toHaveText("A senha não confere");
    await codeField.fill(codeOf(secret, 5));
    await passwordField.fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Ativar" }).click();
    await expect(await errorOf(codeField)).toHaveText(WRONG_CODE);
    await codeField.fill(codeOf(secret));
    await passwordField.fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Ativar" }).click();
    const list = page.getByRole("list", { name: "Códigos de recuperação" });
    const codes = list.getByRole("listitem");
    await expect(codes).toHaveCount(10);
    // Every number shows whole, inside the list (the markers were clipped at 375 px).
    await expect(codes.nth(9)).toHaveText(/^\s*10\.\s+[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    const listBox = await list.boundingBox();
    const numberBox = await codes.nth(9).getByText("10.").boundingBox();
    expect(numberBox && listBox && numberBox.x >= listBox.x).toBe(true);
    await expect(page.getByText("Verificação em duas etapas ativada")).toBeVisible();
    await expect(page.getByRole("button", { name: "Gerar novos códigos de recuperação" })).toBeVisible();
    expect(await axeViolations(page, "#verificacao-em-duas-etapas")).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole("button", { name: "Abrir o menu da conta" }).click();
    await page.getByRole("navigation", { name: "Minha conta" }).getByRole("button", { name: "Sair" }).click();
    await expectPath(page, "/");

    await page.goto("/conta/profile");
    await login(page, ADMIN.email, ADMIN.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login/verificacao");
    await waitForHydratedPage(page);
    await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
    const field = page.getByRole("textbox", { name: "Código de verificação" });
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    expect(await axeViolations(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectLean(page, browser, "/login/verificacao");

    await field.fill("000000");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByText(WRONG_CODE)).toBeVisible();
    await field.fill(codeOf(secret, 1));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expectPath(page, "/conta/profile");
    await expect(page.getByRole("heading", { name: "Meus dados" })).toBeVisible();
    await expect(page.getByText(/^Ativada em /)).toBeVisible();
  });
});

test.describe("a lost phone", () => {
  test("the super user sees who has it in /conta/users and resets an administrator's, who then signs in with her password", async ({
    page,
  }) => {
    await login(page, SUPER.email, PASSWORD);
    await page.goto("/conta/users");
    await waitForHydratedPage(page);
    const row = page.getByRole("row", { name: new RegExp(ADMIN.name) });
    await expect(row).toContainText("Ativada");
    await expect(page.getByRole("row", { name: new RegExp(NEWCOMER.name) })).toContainText("Desativada");
    await row.getByRole("link", { name: `Editar ${ADMIN.name}` }).click();
    await waitForHydratedPage(page);
    await page.getByRole("button", { name: "Redefinir a verificação em duas etapas" }).click();
    const dialog = page.getByRole("dialog", { name: "Redefinir a verificação em duas etapas" });
    await expect(dialog).toContainText("deixam de valer");
    await dialog.getByRole("button", { name: "Redefinir" }).click();
    await expect(
      page.getByText(
        "Verificação em duas etapas redefinida: as sessões da pessoa foram encerradas e ela foi avisada por e-mail.",
      ),
    ).toBeVisible();
    await expect(page.getByText(`${ADMIN.name} entra só com a senha.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Redefinir a verificação em duas etapas" })).toHaveCount(0);
    const mails = await jsonOf<{ data: { subject: string }[] }>(
      await siteApi.get(`/api/mail/outbox?q=${encodeURIComponent(ADMIN.email)}`),
    );
    expect(mails.data.map((mail) => mail.subject)).toContain("Verificação em duas etapas redefinida");

    await page.context().clearCookies();
    await page.goto("/conta/profile");
    await login(page, ADMIN.email, ADMIN.password);
    // No code step any more: straight to where she was going.
    await expectPath(page, "/conta/profile");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** The customer's authenticator, added through the API: its secret and recovery codes. */
  async function enrolCustomer(api: APIRequestContext): Promise<{ secret: string; codes: string[] }> {
    const { token } = await jsonOf<{ token: string }>(
      await api.post("/api/auth/login", { data: { email: CUSTOMER.email, password: CUSTOMER.password } }),
    );
    const headers = { Authorization: `Token ${token}` };
    const { secret } = await jsonOf<{ secret: string }>(
      await api.post("/api/profile/two-factor/setup", { headers }),
      201,
    );
    const { recovery_codes } = await jsonOf<{ recovery_codes: string[] }>(
      await api.post("/api/profile/two-factor/confirm", {
        headers,
        data: { password: CUSTOMER.password, code: codeOf(secret) },
      }),
    );
    return { secret, codes: recovery_codes };
  }

  async function signInToTheCodeStep(page: Page) {
    await page.goto(`/login?redirectTo=${encodeURIComponent("/conta/pedidos")}`);
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(CUSTOMER.email);
    await form.getByRole("textbox", { name: "Senha", exact: true }).fill(CUSTOMER.password);
    await form.getByRole("button", { name: "Entrar" }).click();
    await expectPath(page, "/login/verificacao?redirectTo=%2Fconta%2Fpedidos");
  }

  /** The recovery codes the customer has not used yet. */
  let unusedCodes: string[] = [];

  test("a customer types the app's code, then a recovery code, on plain forms", async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: site.url });
    const { secret, codes } = await enrolCustomer(api);
    await api.dispose();
    unusedCodes = codes.slice(1);

    await signInToTheCodeStep(page);
    const form = page.getByRole("form", { name: "Verificação em duas etapas" });
    await form.getByRole("textbox", { name: "Código de verificação" }).fill("000000");
    await form.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByText(WRONG_CODE)).toBeVisible();
    await form.getByRole("textbox", { name: "Código de verificação" }).fill(codeOf(secret, 1));
    await form.getByRole("button", { name: "Verificar" }).click();
    await expectPath(page, "/conta/pedidos");
    await expect(page.getByRole("heading", { name: "Meus pedidos" })).toBeVisible();

    await page.context().clearCookies();
    await signInToTheCodeStep(page);
    await page.getByRole("link", { name: "Não está com o celular? Usar um código de recuperação" }).click();
    const recovery = page.getByRole("textbox", { name: "Código de recuperação" });
    await recovery.fill(codes[0] ?? "");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expectPath(page, "/conta/pedidos");

    // Each recovery code works once.
    await page.context().clearCookies();
    await signInToTheCodeStep(page);
    await page.getByRole("link", { name: "Não está com o celular? Usar um código de recuperação" }).click();
    await page.getByRole("textbox", { name: "Código de recuperação" }).fill(codes[0] ?? "");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByText(WRONG_CODE)).toBeVisible();
  });

  test("'Esqueci minha senha' sets the new password and then asks for the code: the link is no way around it", async ({
    page,
  }) => {
    await jsonOf(await siteApi.post("/api/auth/password-reset", { data: { email: CUSTOMER.email } }), 202);
    let link = "";
    await expect
      .poll(async () => {
        const outbox = await jsonOf<{ data: { kind: string; text: string }[] }>(
          await siteApi.get(`/api/mail/outbox?q=${encodeURIComponent(CUSTOMER.email)}`),
        );
        const mail = outbox.data.find((one) => one.kind === "password-reset");
        link = /\/redefinir-senha\?token=[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      })
      .not.toBe("");
    await page.goto(link);
    const form = page.getByRole("form", { name: "Redefinir senha" });
    await form.getByRole("textbox", { name: "Nova senha", exact: true }).fill("nova-senha-da-bia-1");
    await form.getByRole("textbox", { name: "Confirmação da nova senha", exact: true }).fill("nova-senha-da-bia-1");
    await form.getByRole("button", { name: "Salvar nova senha" }).click();
    await expectPath(page, "/login/verificacao?redirectTo=%2Fconta");
    expect((await page.context().cookies()).filter((cookie) => cookie.name === "cms_session")).toEqual([]);
    await page.goto("/conta");
    await expectPath(page, "/login?redirectTo=%2Fconta");

    await page.goto("/login/verificacao?recuperacao=&redirectTo=%2Fconta");
    await page.getByRole("textbox", { name: "Código de recuperação" }).fill(unusedCodes[0] ?? "");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expectPath(page, "/conta");
  });
});

test.describe("when the site requires it", () => {
  test.use({ viewport: PHONE });

  test("an administrator without it adds an authenticator before her first session, and sees her recovery codes once", async ({
    page,
    browser,
  }) => {
    const settings = await jsonOf<Record<string, unknown>>(await siteApi.get("/api/settings"));
    await jsonOf(await siteApi.post("/api/settings", { data: { ...settings, require_two_factor: true } }));

    await page.goto("/conta");
    await login(page, NEWCOMER.email, NEWCOMER.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login/ativar-verificacao");
    await waitForHydratedPage(page);
    await expect(page.getByRole("heading", { name: "Ative a verificação em duas etapas" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: `QR code para adicionar ${SUPER.title} ao aplicativo autenticador` }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // No session yet: the account area still asks to sign in.
    const [cookie] = (await page.context().cookies()).filter((one) => one.name === "cms_session");
    expect(cookie).toBeUndefined();
    await expectLean(page, browser, "/login/ativar-verificacao");

    const secret = await shownSecret(page);
    await page.getByRole("textbox", { name: "Código de verificação" }).fill(codeOf(secret));
    await page.getByRole("button", { name: "Ativar e entrar" }).click();
    await expect(page.getByRole("heading", { name: "Guarde seus códigos de recuperação" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem")).toHaveCount(10);
    expect(await axeViolations(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole("link", { name: "Guardei os códigos, continuar" }).click();
    await expectPath(page, "/conta");
    await expect(page.getByRole("heading", { name: /Olá/ })).toBeVisible();

    // The codes are not shown again.
    await page.goto("/conta/profile");
    await expect(page.getByRole("list", { name: "Códigos de recuperação" })).toHaveCount(0);
    await expect(
      page.getByText("O site exige a verificação em duas etapas para administradores e super usuários"),
    ).toBeVisible();
  });
});
