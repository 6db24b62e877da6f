import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInWithoutJavaScript } from "./account-forms.ts";
import {
  type Account,
  errorOf,
  expect,
  expectPath,
  jsonOf,
  login,
  type Role,
  siteUrl,
  test,
  uniqueId,
  waitForHydratedPage,
} from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { tail } from "./server-process.ts";

// The members area (issue 36): an administrator creates a plan, registers a member on it, finds her in the
// register, moves her to Suspenso with a reason and reads it in her history; the plan she is on cannot be
// deleted. The member reads her own membership, and her card's verification page says she is not in good
// standing, fresh on every request. At a phone's width and a desktop's, under axe; the list, the forms and
// the actions also as plain posts, without JavaScript.
//
// A member registered by an administrator owes her first due on the plan's next due day, made by the job
// runner, so her dues table is checked empty. Dues come with proposals instead, on a site of the spec's own
// (below): a visitor and a signed-in person apply through "Associe-se", the administrator approves both (the
// first due, due today), the member pays by Pix ('Minha associação' shows the BR Code), the administrator
// records her payment and waives the other's due; and the reminders' settings.

type Plan = { id: number; name: string };
type MemberPage = { data: { id: number; name: string }[] };

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };
const REGISTER = "/conta/membros";
const PLANS = "/conta/membros/planos";

/** Today in São Paulo as the pages write a day: "04/12/2026". */
const today = () => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date());

/** A CNPJ no other test run has: twelve random digits and their two check digits (mod 11, weights 2 to 9). */
function uniqueCnpj(): string {
  const digits = Array.from(randomBytes(12), (byte) => byte % 10);
  if (digits.every((digit) => digit === digits[0])) return uniqueCnpj();
  for (const length of [12, 13]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (((length - 1 - index) % 8) + 2), 0);
    digits.push(sum % 11 < 2 ? 0 : 11 - (sum % 11));
  }
  const text = digits.join("");
  return `${text.slice(0, 2)}.${text.slice(2, 5)}.${text.slice(5, 8)}/${text.slice(8, 12)}-${text.slice(12)}`;
}

/** A CPF no other test run has: nine random digits and their two check digits (mod 11). */
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

/** Every axe violation, one readable line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.id} on ${node.target.join(" ")}: ${violation.help}`),
  );
}

/** The screen passes axe and, on a phone, never scrolls sideways. */
async function expectReadable(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
}

async function createPlan(api: APIRequestContext, name: string, active = true): Promise<Plan> {
  return jsonOf<Plan>(
    await api.post("/api/members/plans", {
      data: { name, amount_cents: 3000, cycle: "mensal", due_day: 10, grace_days: 5, suspend_after: 3, active },
    }),
    201,
  );
}

/** The members whose name holds `text`, then the plans named with it, deleted. */
async function cleanUp(api: APIRequestContext, text: string): Promise<void> {
  const members = await jsonOf<MemberPage>(await api.get(`/api/members?q=${encodeURIComponent(text)}`));
  for (const member of members.data) await api.delete(`/api/members/${member.id}`);
  const plans = await jsonOf<{ data: Plan[] }>(await api.get("/api/members/plans"));
  for (const plan of plans.data.filter((each) => each.name.includes(text)))
    await api.delete(`/api/members/plans/${plan.id}`);
}

/** The member form's fields, filled for a person in São Paulo on `planName`. */
async function fillMember(page: Page, member: { name: string; cpf: string; email: string; planName: string }) {
  const form = page.getByRole("form", { name: "Novo associado" });
  await form.getByRole("combobox", { name: "Tipo" }).selectOption("pessoa");
  await form.getByRole("textbox", { name: "Nome" }).fill(member.name);
  await form.getByRole("textbox", { name: "CPF ou CNPJ" }).fill(member.cpf);
  await form.getByLabel("Data de nascimento ou fundação").fill("1980-05-01");
  await form.getByRole("textbox", { name: "E-mail" }).fill(member.email);
  await form.getByRole("textbox", { name: "Telefone" }).fill("(11) 98765-4321");
  await form.getByRole("textbox", { name: "CEP" }).fill("01310-100");
  await form.getByRole("combobox", { name: "Estado (UF)" }).selectOption("SP");
  await form.getByRole("textbox", { name: "Cidade" }).fill("São Paulo");
  await form.getByRole("textbox", { name: "Bairro" }).fill("Bela Vista");
  await form.getByRole("textbox", { name: "Rua" }).fill("Avenida Paulista");
  await form.getByRole("textbox", { name: "Número" }).fill("1000");
  await form.getByRole("combobox", { name: "Plano" }).selectOption({ label: `${member.planName}: R$ 30,00, mensal` });
  return form;
}

/** The register's search box, for `text`, and the list it answers. */
async function search(page: Page, text: string) {
  const box = page.getByRole("search", { name: "Buscar por nome, e-mail, CPF/CNPJ ou número" });
  await box.getByRole("searchbox", { name: "Buscar" }).fill(text);
  await box.getByRole("button", { name: "Buscar" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
  return page.getByRole("table", { name: "Associados, por número" });
}

/** A browser of its own on the project's site (or `baseURL`), as the project's pages are set up. */
const ownContext = (browser: Browser, width: number, options: { baseURL?: string; javaScriptEnabled?: boolean } = {}) =>
  browser.newContext({
    baseURL: options.baseURL ?? siteUrl(),
    viewport: { width, height: 800 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });

/** The member's own page and her card's verification page, as she opens them in a browser of her own. */
async function memberSees(browser: Browser, account: Account, width: number, member: { name: string; number: string }) {
  const context = await ownContext(browser, width);
  const page = await context.newPage();
  try {
    await login(page, account.email, account.password);
    await page.goto("/conta/minha-associacao");
    await expect(page.getByRole("heading", { name: "Minha associação", level: 1 })).toBeVisible();
    await expect(page.getByTestId("membership-standing")).toHaveText("Não está em dia");
    await expect(page.getByText(`Nº ${member.number}`, { exact: true })).toBeVisible();
    await expect(page.getByText("Nenhuma mensalidade em aberto.")).toBeVisible();
    await expectReadable(page, width);

    const card = page.getByRole("link", { name: "Ver a verificação da carteirinha" });
    const path = (await card.getAttribute("href")) ?? "";
    expect(path).toMatch(/^\/verificar\/[A-Za-z0-9_-]{22}$/);
    // Read as anyone reads it, without her session: the answer is never kept by a cache.
    const anonymous = await ownContext(browser, width);
    const visitor = await anonymous.newPage();
    try {
      const answer = await visitor.goto(path);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["cache-control"]).toBe("no-store");
      await expect(visitor.getByRole("heading", { name: "Verificação de associado", level: 1 })).toBeVisible();
      await expect(visitor.getByText(member.name, { exact: true })).toBeVisible();
      await expect(visitor.getByText(`Associado nº ${member.number}`)).toBeVisible();
      await expect(visitor.getByTestId("member-standing")).toHaveText("Associado não está em dia");
      await expect(visitor.getByText(`Verificado em ${today()}`)).toBeVisible();
      await expectReadable(visitor, width);
      // A code no card has is the site's 404 page.
      expect((await visitor.goto(`/verificar/${"A".repeat(22)}`))?.status()).toBe(404);
    } finally {
      await anonymous.close();
    }
  } finally {
    await context.close();
  }
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an administrator creates a plan, registers a member on it, finds her and suspends her", async ({
      page,
      api,
      browser,
      createUser,
    }) => {
      test.slow();
      const id = uniqueId();
      const planName = `Contribuição ${id}`;
      const name = `Maria Associada ${id}`;
      const cpf = uniqueCpf();
      const reason = `Pedido da própria associada ${id}`;
      const [admin, account] = [await createUser("admin"), await createUser("user")];
      try {
        await login(page, admin.email, admin.password);

        // An account without a membership is told so.
        await page.goto("/conta/minha-associacao");
        await expect(page.getByText("Sua conta não está ligada a nenhum cadastro de associado.")).toBeVisible();
        await expectReadable(page, viewport.width);

        await page.goto(PLANS);
        await expect(page.getByRole("heading", { name: "Planos", level: 1 })).toBeVisible();
        await page.getByRole("link", { name: "Novo plano" }).click();
        await expectPath(page, `${PLANS}/new`);
        await waitForHydratedPage(page);
        const planForm = page.getByRole("form", { name: "Novo plano" });
        await planForm.getByRole("textbox", { name: "Nome" }).fill(planName);
        await planForm.getByRole("textbox", { name: "Valor (R$)" }).fill("30,00");
        await expect(planForm.getByRole("combobox", { name: "Periodicidade" })).toHaveValue("mensal");
        const dueDay = planForm.getByRole("textbox", { name: "Dia de vencimento" });
        await dueDay.fill("32");
        await dueDay.blur();
        await expect(await errorOf(dueDay)).toHaveText("Informe um dia de 1 a 31");
        await dueDay.fill("10");
        await expectReadable(page, viewport.width);
        await planForm.getByRole("button", { name: "Salvar" }).click();
        await expectPath(page, PLANS);
        await expect(page.getByText("Plano criado com sucesso!")).toBeVisible();
        const planRow = page
          .getByRole("table", { name: "Planos, por nome" })
          .getByRole("row")
          .filter({ hasText: planName });
        await expect(planRow.getByRole("cell")).toHaveText([
          planName,
          "R$ 30,00",
          "Mensal",
          "Todo dia 10",
          "5 dias",
          "3 mensalidades em atraso",
          "Sim",
          "0",
          "",
        ]);
        await expectReadable(page, viewport.width);

        await page.getByRole("link", { name: "Associados" }).first().click();
        await expectPath(page, REGISTER);
        await page.getByRole("link", { name: "Novo associado" }).click();
        await expectPath(page, `${REGISTER}/new`);
        await waitForHydratedPage(page);
        const memberForm = await fillMember(page, { name, cpf, email: account.email, planName });
        await expectReadable(page, viewport.width);
        await memberForm.getByRole("button", { name: "Salvar" }).click();
        await expectPath(page, REGISTER);
        await expect(page.getByText("Associado cadastrado com sucesso!")).toBeVisible();

        const register = await search(page, name);
        const row = register.getByRole("row").filter({ hasText: name });
        const number = (await row.getByRole("cell").first().textContent()) ?? "";
        expect(number).toMatch(/^\d+$/);
        await expect(row.getByRole("cell")).toHaveText([number, name, cpf, planName, "Ativo", "Sim", ""]);
        await expectReadable(page, viewport.width);

        await row.getByRole("link", { name, exact: true }).click();
        await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
        await expect(page.getByText(`Associado nº ${number}`)).toBeVisible();
        await expect(page.getByTestId("member-status")).toHaveText("Ativo");
        await expect(page.getByText("Nenhuma mensalidade gerada ainda.")).toBeVisible();
        const edit = page.getByRole("form", { name: "Editar associado" });
        await expect(edit.getByRole("textbox", { name: "CPF ou CNPJ" })).toHaveValue(cpf);
        await expect(edit.getByRole("textbox", { name: "CEP" })).toHaveValue("01310-100");
        await expectReadable(page, viewport.width);

        await waitForHydratedPage(page);
        const move = page.getByRole("form", { name: "Alterar situação" });
        await move.getByRole("combobox", { name: "Nova situação" }).selectOption({ label: "Suspenso" });
        await move.getByRole("textbox", { name: "Motivo" }).fill(reason);
        await move.getByRole("button", { name: "Alterar situação" }).click();
        await expect(page.getByText("Situação alterada para “Suspenso”.")).toBeVisible();
        await expect(page.getByTestId("member-status")).toHaveText("Suspenso");
        await expect(page.getByText("Não está em dia", { exact: true })).toBeVisible();
        const step = page
          .getByRole("table", { name: "Histórico da situação" })
          .getByRole("row")
          .filter({ hasText: reason });
        await expect(step).toContainText(admin.name);
        await expect(step).toContainText(/Ativo\s*→\s*para\s*Suspenso/);
        await expectReadable(page, viewport.width);

        // The plan she is on stays: its deletion is refused with the server's reason.
        await page.goto(PLANS);
        await waitForHydratedPage(page);
        await page.getByRole("button", { name: `Excluir o plano ${planName}` }).click();
        const question = page.getByRole("dialog", { name: "Excluir plano" });
        await expect(question).toContainText("só um plano sem associados pode ser excluído");
        expect(await axeViolations(page)).toEqual([]);
        await question.getByRole("button", { name: "Excluir" }).click();
        await expect(page.getByText(/^Há associados neste plano/)).toBeVisible();
        await expect(planRow.getByRole("cell").nth(7)).toHaveText("1");

        await memberSees(browser, account, viewport.width, { name, number });
      } finally {
        await cleanUp(api, id);
      }
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the plan and member forms, the register's search and filters, a status move and the deletions work as plain posts", async ({
    page,
    api,
    createUser,
  }) => {
    test.slow();
    const id = uniqueId();
    const planName = `Anuidade ${id}`;
    const name = `Joana Cooperada ${id}`;
    const cpf = uniqueCpf();
    const admin = await createUser("admin");
    const otherPlan = await createPlan(api, `Outro plano ${id}`);
    try {
      await signInWithoutJavaScript(page, admin.email, admin.password, `${PLANS}/new`);
      const planForm = page.getByRole("form", { name: "Novo plano" });
      await planForm.getByRole("textbox", { name: "Nome" }).fill(planName);
      await planForm.getByRole("textbox", { name: "Valor (R$)" }).fill("0");
      await planForm.getByRole("textbox", { name: "Dia de vencimento" }).fill("10");
      await planForm.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(planForm.getByRole("textbox", { name: "Valor (R$)" }))).toHaveText(
        "Informe um valor maior que zero",
      );
      await expect(planForm.getByRole("textbox", { name: "Nome" })).toHaveValue(planName);
      await planForm.getByRole("textbox", { name: "Valor (R$)" }).fill("30,00");
      await planForm.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, PLANS);
      await expect(page.getByText("Plano criado com sucesso!")).toBeVisible();

      await page.goto(`${REGISTER}/new`);
      const memberForm = await fillMember(page, {
        name,
        cpf: "111.222.333-44",
        email: `joana-${id}@example.com`,
        planName,
      });
      await memberForm.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(memberForm.getByRole("textbox", { name: "CPF ou CNPJ" }))).toHaveText(
        "Informe um CPF válido",
      );
      await expect(memberForm.getByRole("textbox", { name: "Nome" })).toHaveValue(name);
      await memberForm.getByRole("textbox", { name: "CPF ou CNPJ" }).fill(cpf);
      await memberForm.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, REGISTER);
      await expect(page.getByText("Associado cadastrado com sucesso!")).toBeVisible();

      const register = await search(page, name);
      await expect(register.getByRole("row").filter({ hasText: name })).toHaveCount(1);
      // The filters go with the search in the address; another plan finds nobody.
      const filters = page.getByRole("search", { name: "Buscar por nome, e-mail, CPF/CNPJ ou número" });
      await filters.getByRole("combobox", { name: "Situação" }).selectOption({ label: "Ativo" });
      await filters.getByRole("combobox", { name: "Plano" }).selectOption({ label: otherPlan.name });
      await filters.getByRole("button", { name: "Buscar" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("plan_id")).toBe(String(otherPlan.id));
      await expect(page.getByText("Nenhum associado encontrado")).toBeVisible();
      await filters.getByRole("combobox", { name: "Plano" }).selectOption({ label: planName });
      await filters.getByRole("button", { name: "Buscar" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("ativo");
      await register.getByRole("link", { name, exact: true }).click();

      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      const move = page.getByRole("form", { name: "Alterar situação" });
      await move.getByRole("combobox", { name: "Nova situação" }).selectOption({ label: "Suspenso" });
      await move.getByRole("textbox", { name: "Motivo" }).fill("Sem contato há seis meses");
      await move.getByRole("button", { name: "Alterar situação" }).click();
      await expect(page.getByText("Situação alterada para “Suspenso”.")).toBeVisible();
      await expect(page.getByTestId("member-status")).toHaveText("Suspenso");
      await expect(
        page.getByRole("table", { name: "Histórico da situação" }).getByRole("row").filter({ hasText: "Sem contato" }),
      ).toContainText(admin.name);

      // Her register entry saved again, as the form sends it.
      const edit = page.getByRole("form", { name: "Editar associado" });
      await edit.getByRole("textbox", { name: "Observações" }).fill("Prefere contato por telefone.");
      await edit.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, REGISTER);
      await expect(page.getByText("Associado salvo com sucesso!")).toBeVisible();

      // The plan she is on cannot be deleted: the question opens in place and says why.
      await page.goto(PLANS);
      const planRow = page.getByRole("row").filter({ hasText: planName });
      await planRow.locator("summary", { hasText: "Excluir" }).click();
      await planRow.getByRole("form", { name: "Excluir plano" }).getByRole("button", { name: "Excluir" }).click();
      await expect(page.getByRole("alert").filter({ hasText: /^Há associados neste plano/ })).toBeVisible();

      const members = await jsonOf<MemberPage>(await api.get(`/api/members?q=${encodeURIComponent(name)}`));
      await page.goto(`${REGISTER}/${members.data[0]?.id}/edit`);
      await page.locator("summary", { hasText: "Excluir associado" }).click();
      await page
        .getByRole("form", { name: `Excluir ${name}?` })
        .getByRole("button", { name: "Excluir associado" })
        .click();
      await expectPath(page, REGISTER);
      await expect(page.getByText("Associado excluído.")).toBeVisible();
      expect((await jsonOf<MemberPage>(await api.get(`/api/members?q=${encodeURIComponent(name)}`))).data).toEqual([]);
    } finally {
      await cleanUp(api, id);
    }
  });
});

// Proposals, approval, dues and the reminders, on a site of the spec's own: its shop's Pix key (each open due's
// BR Code needs one) and its members feature switched on and off would change what the shared site shows other
// specs. "Associe-se" takes 5 proposals an hour from one address, and every browser here is at 127.0.0.1: the
// tests below send 4 (two in each width's story); the refusals they check never reach the count.

const SUPER = { title: "Cooperativa Associados E2E", admin_name: "Sara Super", email: "sara@associados.example" };
const PASSWORD = "senha-forte-de-teste-1";
const JOIN = "/associe-se";
const MEMBERSHIP = "/conta/minha-associacao";
const SETTINGS = "/conta/membros/configuracoes";
const PLAN_NAME = "Contribuição mensal";
const RECEIVED =
  "Proposta recebida! Vamos analisá-la e responder por e-mail. A primeira mensalidade vem com a aprovação.";

let own: OwnServer | undefined;
let ownApi: APIRequestContext | undefined;

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
const onOwnSite = test.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(own?.server.url);
  },
});

async function switchMembers(enabled: boolean): Promise<void> {
  const api = siteApi();
  const settings = await jsonOf<{ features: Record<string, { enabled: boolean }> }>(await api.get("/api/settings"));
  const members = settings.features.members;
  if (!members) throw new Error("the settings have no members feature");
  members.enabled = enabled;
  await jsonOf(await api.post("/api/settings", { data: settings }));
}

/** A user of the own site with a unique e-mail. */
async function ownAccount(role: Role): Promise<Account> {
  const id = uniqueId();
  const account = { name: `Pessoa ${role} ${id}`, email: `${role}-${id}@example.com`, password: "senha-e2e-1", role };
  const created = await jsonOf<{ id: number }>(await siteApi().post("/api/users", { data: account }), 201);
  return { ...account, id: created.id };
}

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
  await form.getByRole("radio", { name: new RegExp(`^${PLAN_NAME}`) }).check();
  await form.getByRole("checkbox", { name: "Li e aceito o tratamento dos meus dados para a associação" }).check();
  return form;
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
  const register = await search(page, name);
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

onOwnSite.describe("proposals, approval and dues, on a site of its own", () => {
  onOwnSite.beforeAll(async ({ playwright }) => {
    own = await startOwnServer("members", { LOG_LEVEL: "warn" });
    const token = await setUpSite(own.server.url, SUPER, PASSWORD);
    ownApi = await playwright.request.newContext({
      baseURL: own.server.url,
      extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
    });
    await jsonOf(
      await ownApi.put("/api/shop/settings", {
        data: {
          legal_name: "Cooperativa Associados E2E",
          payments: {
            provider: "pix",
            pix: { key: "pix@associados.example", receiver_name: "Cooperativa E2E", receiver_city: "São Paulo" },
          },
        },
      }),
    );
    await createPlan(ownApi, PLAN_NAME);
    await createPlan(ownApi, "Plano antigo", false);
    await switchMembers(true);
  });

  onOwnSite.afterAll(async () => {
    await ownApi?.dispose();
    await own?.close();
  });

  onOwnSite.afterEach(async ({ baseURL: _ }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && own)
      await testInfo.attach("server-log", { body: await tail(own.server.logPath), contentType: "text/plain" });
  });

  onOwnSite(
    "Associe-se is the site's 404 page while the feature is off, and offers the active plans when on",
    async ({ page }) => {
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
      await expect(plans).toHaveAccessibleName(`${PLAN_NAME} R$ 30,00, mensal, com vencimento todo dia 10`);
      // The only plan is chosen already.
      await expect(plans).toBeChecked();
    },
  );

  for (const viewport of [PHONE, DESKTOP]) {
    onOwnSite.describe(`at ${viewport.width} px`, () => {
      onOwnSite.use({ viewport });

      onOwnSite(
        "a visitor and a signed-in person apply; the administrator approves both, records one's payment and waives the other's due",
        async ({ page, browser }) => {
          onOwnSite.slow();
          const width = viewport.width;
          const id = uniqueId();
          const [admin, person] = [await ownAccount("admin"), await ownAccount("user")];
          const organisation = `Coletivo Flor do Cerrado ${id}`;
          const name = `Rita Proponente ${id}`;
          const cpf = uniqueCpf();

          // A visitor applies for an organisation; on the phone, without JavaScript, after a refusal that keeps
          // what she typed.
          const visitorContext = await ownContext(browser, width, {
            baseURL: ownUrl(),
            javaScriptEnabled: width > PHONE.width,
          });
          const visitor = await visitorContext.newPage();
          try {
            await visitor.goto(JOIN);
            if (width > PHONE.width) await waitForHydratedPage(visitor);
            const form = await fillApplication(visitor, {
              kind: "Organização (CNPJ)",
              name: organisation,
              taxId: cpf,
              email: `flor-${id}@example.com`,
            });
            await form.getByRole("button", { name: "Enviar proposta" }).click();
            await expect(await errorOf(form.getByRole("textbox", { name: "CPF ou CNPJ" }))).toHaveText(
              "Informe um CNPJ válido",
            );
            await expect(form.getByRole("textbox", { name: "Cidade" })).toHaveValue("São Paulo");
            await expect(form.getByRole("radio", { name: "Organização (CNPJ)" })).toBeChecked();
            if (width > PHONE.width) await expectReadable(visitor, width);
            await form.getByRole("textbox", { name: "CPF ou CNPJ" }).fill(uniqueCnpj());
            await form.getByRole("button", { name: "Enviar proposta" }).click();
            await expect(visitor.getByRole("alert").filter({ hasText: RECEIVED })).toBeVisible();
            await expect(visitor.getByRole("form", { name: "Proposta de associação" })).toHaveCount(0);
          } finally {
            await visitorContext.close();
          }

          // A person applies signed in, with her account's e-mail: the proposal is linked to it.
          const memberContext = await ownContext(browser, width, { baseURL: ownUrl() });
          const member = await memberContext.newPage();
          try {
            await login(member, person.email, person.password);
            await member.goto(JOIN);
            await waitForHydratedPage(member);
            await expectReadable(member, width);
            const form = await fillApplication(member, { kind: "Pessoa (CPF)", name, taxId: cpf, email: person.email });
            await form.getByRole("button", { name: "Enviar proposta" }).click();
            await expect(member.getByRole("alert").filter({ hasText: RECEIVED })).toBeVisible();
            await expectReadable(member, width);

            // The administrator finds both proposals and approves them from their pages.
            await login(page, admin.email, admin.password);
            await page.goto(REGISTER);
            const register = await search(page, id);
            await expect(register.getByRole("row").filter({ hasText: name }).getByRole("cell")).toHaveText([
              "—",
              name,
              cpf,
              PLAN_NAME,
              "Proposta",
              "Não",
              "",
            ]);
            await expectReadable(page, width);
            await openMember(page, name);
            await expect(page.getByText("Sem número (proposta)")).toBeVisible();
            const herDue = await approve(page);
            await expect(page.getByText(/^Associado nº \d+$/)).toBeVisible();
            await expectReadable(page, width);
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
            await expectReadable(member, width);

            // The administrator records her payment...
            await herDue.locator("summary", { hasText: "Registrar pagamento" }).click();
            const payment = page.getByRole("form", { name: /^Registrar pagamento de / });
            await expect(payment.getByLabel("Data do pagamento")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
            await payment.getByRole("button", { name: "Registrar pagamento" }).click();
            await expect(page.getByText("Pagamento registrado.")).toBeVisible();
            await expect(
              page.getByRole("table", { name: "Mensalidades" }).getByRole("row").filter({ hasText: "R$ 30,00" }),
            ).toContainText(`Paga em ${today()}`);
            await expectReadable(page, width);

            // ...and waives the organisation's first due, with the reason kept beside it.
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
            await expectReadable(page, width);

            // Her page now has nothing to pay, and the due among the paid ones.
            await member.reload();
            await expect(member.getByText("Nenhuma mensalidade em aberto.")).toBeVisible();
            await expect(member.getByRole("table", { name: "Mensalidades pagas e dispensadas" })).toContainText(
              `Paga em ${today()}`,
            );
            await expectReadable(member, width);
          } finally {
            await memberContext.close();
          }
        },
      );

      onOwnSite("the members' settings save, and say what is wrong beside each field", async ({ page }) => {
        const admin = await ownAccount("admin");
        await login(page, admin.email, admin.password);
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
        await expectReadable(page, viewport.width);
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
        });
        await expectReadable(page, viewport.width);
      });
    });
  }

  onOwnSite.describe("without JavaScript", () => {
    onOwnSite.use({ javaScriptEnabled: false, viewport: PHONE });

    onOwnSite("the members' settings save as a plain post, and a refusal keeps what was typed", async ({ page }) => {
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
