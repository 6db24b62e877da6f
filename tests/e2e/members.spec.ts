import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInThroughApi, signInWithoutJavaScript } from "./account-forms.ts";
import { axeViolations } from "./axe.ts";
import { atEachWidth, expectReadableAtEachWidth, PHONE } from "./each-width.ts";
import {
  type Account,
  errorOf,
  expect,
  expectPath,
  jsonOf,
  siteUrl,
  test,
  uniqueId,
  waitForHydratedPage,
} from "./fixtures.ts";
import { REGISTER, searchRegister, today, uniqueCpf } from "./members-kit.ts";

// The members area (issue 36) on the shared site: an administrator creates a plan, registers a member on it,
// finds her in the register, moves her to Suspenso with a reason and reads it in her history; the plan she is on
// cannot be deleted. The member reads her own membership, and her card's verification page says she is not in
// good standing, fresh on every request. The story goes through its screens once, at a phone's width, and checks
// each of them at a desktop's too, under axe; the list, the forms and the actions also as plain posts, without
// JavaScript. Where signing in is not what it checks, the browser signs in through the REST API.
//
// A member registered by an administrator owes her first due on the plan's next due day, made by the job
// runner, so her dues table is checked empty. Dues come with proposals instead, on a site of their own
// (members-own-site.spec.ts).

type Plan = { id: number; name: string };
type MemberPage = { data: { id: number; name: string }[] };

const PLANS = "/conta/membros/planos";

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

/** A browser of its own on the project's site, on a phone, as the project's pages are set up. */
const ownContext = (browser: Browser) =>
  browser.newContext({
    baseURL: siteUrl(),
    viewport: PHONE,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });

/** The member's own page and her card's verification page, as she opens them in a browser of her own. */
async function memberSees(browser: Browser, account: Account, member: { name: string; number: string }) {
  const context = await ownContext(browser);
  const page = await context.newPage();
  try {
    await signInThroughApi(page, account);
    await page.goto("/conta/minha-associacao");
    await expect(page.getByRole("heading", { name: "Minha associação", level: 1 })).toBeVisible();
    await expect(page.getByTestId("membership-standing")).toHaveText("Não está em dia");
    await expect(page.getByText(`Nº ${member.number}`, { exact: true })).toBeVisible();
    await expect(page.getByText("Nenhuma mensalidade em aberto.")).toBeVisible();
    await expectReadableAtEachWidth(page);

    const card = page.getByRole("link", { name: "Ver a verificação da carteirinha" });
    const path = (await card.getAttribute("href")) ?? "";
    expect(path).toMatch(/^\/verificar\/[A-Za-z0-9_-]{22}$/);
    // Read as anyone reads it, without her session: the answer is never kept by a cache.
    const anonymous = await ownContext(browser);
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
      await expectReadableAtEachWidth(visitor);
      // A code no card has is the site's 404 page.
      expect((await visitor.goto(`/verificar/${"A".repeat(22)}`))?.status()).toBe(404);
    } finally {
      await anonymous.close();
    }
  } finally {
    await context.close();
  }
}

// Gone through at a phone's width (the proposals' story, on the own site, goes through its screens at a desktop's).
test.describe("at a phone's width, each screen checked at a desktop's too", () => {
  test.use({ viewport: PHONE });

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
      await signInThroughApi(page, admin);

      // An account without a membership is told so.
      await page.goto("/conta/minha-associacao");
      await expect(page.getByText("Sua conta não está ligada a nenhum cadastro de associado.")).toBeVisible();
      await expectReadableAtEachWidth(page);

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
      await expectReadableAtEachWidth(page);
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
      await expectReadableAtEachWidth(page);

      await page.getByRole("link", { name: "Associados" }).first().click();
      await expectPath(page, REGISTER);
      await page.getByRole("link", { name: "Novo associado" }).click();
      await expectPath(page, `${REGISTER}/new`);
      await waitForHydratedPage(page);
      const memberForm = await fillMember(page, { name, cpf, email: account.email, planName });
      await expectReadableAtEachWidth(page);
      await memberForm.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, REGISTER);
      await expect(page.getByText("Associado cadastrado com sucesso!")).toBeVisible();

      const register = await searchRegister(page, name);
      const row = register.getByRole("row").filter({ hasText: name });
      const number = (await row.getByRole("cell").first().textContent()) ?? "";
      expect(number).toMatch(/^\d+$/);
      await expect(row.getByRole("cell")).toHaveText([number, name, cpf, planName, "Ativo", "Sim", ""]);
      await expectReadableAtEachWidth(page);

      await row.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByText(`Associado nº ${number}`)).toBeVisible();
      await expect(page.getByTestId("member-status")).toHaveText("Ativo");
      await expect(page.getByText("Nenhuma mensalidade gerada ainda.")).toBeVisible();
      const edit = page.getByRole("form", { name: "Editar associado" });
      await expect(edit.getByRole("textbox", { name: "CPF ou CNPJ" })).toHaveValue(cpf);
      await expect(edit.getByRole("textbox", { name: "CEP" })).toHaveValue("01310-100");
      await expectReadableAtEachWidth(page);

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
      await expectReadableAtEachWidth(page);

      // The plan she is on stays: its deletion is refused with the server's reason.
      await page.goto(PLANS);
      await waitForHydratedPage(page);
      await page.getByRole("button", { name: `Excluir o plano ${planName}` }).click();
      const question = page.getByRole("dialog", { name: "Excluir plano" });
      await expect(question).toContainText("só um plano sem associados pode ser excluído");
      await atEachWidth(page, async () => expect(await axeViolations(page)).toEqual([]));
      await question.getByRole("button", { name: "Excluir" }).click();
      await expect(page.getByText(/^Há associados neste plano/)).toBeVisible();
      await expect(planRow.getByRole("cell").nth(7)).toHaveText("1");

      await memberSees(browser, account, { name, number });
    } finally {
      await cleanUp(api, id);
    }
  });
});

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

      const register = await searchRegister(page, name);
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
