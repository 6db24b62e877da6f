import type { Page } from "@playwright/test";
import { openBeforeHydration } from "./before-hydration.ts";
import { bytesOf, expect, expectPath, jsonOf, login, test, uniqueId, waitForHydration } from "./fixtures.ts";
import { expectWithinPublicBudget } from "./page-budget.ts";
import { CONFIGURED_URL } from "./site.ts";

const RESET_REQUESTED = "Se o endereço estiver cadastrado, enviaremos um link para redefinir a senha.";

type Customer = { name: string; email: string; password: string };

const newCustomer = (): Customer => ({
  name: `Joana ${uniqueId()}`,
  email: `cliente-${uniqueId()}@example.com`,
  password: "senha-cliente-1",
});

/** Fills /criar-conta; the CPF is valid by its digits. */
async function fillSignUp(page: Page, customer: Customer, taxId = "529.982.247-25") {
  const form = page.getByRole("form", { name: "Criar conta" });
  await form.getByRole("textbox", { name: "Nome", exact: true }).fill(customer.name);
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(customer.email);
  await form.getByRole("textbox", { name: "CPF ou CNPJ" }).fill(taxId);
  await form.getByRole("textbox", { name: "Telefone com DDD" }).fill("(11) 98765-4321");
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill(customer.password);
  await form.getByRole("textbox", { name: "Confirmação da senha" }).fill(customer.password);
  return form;
}

test("the sign-up and password pages stay within the public pages' budget and load no account code", async ({
  page,
}) => {
  for (const path of ["/criar-conta", "/esqueci-minha-senha", "/redefinir-senha?token=nao-existe"]) {
    await expectWithinPublicBudget(page, path);
  }
});

test("signs up from /login's 'Criar conta': a wrong CPF is refused in Portuguese, then the account opens", async ({
  page,
}) => {
  const customer = newCustomer();
  await page.goto("/login");
  await page.getByRole("link", { name: "Criar conta" }).click();
  await expectPath(page, "/criar-conta");
  const form = page.getByRole("form", { name: "Criar conta" });
  await waitForHydration(form);

  await fillSignUp(page, customer, "529.982.247-24");
  await form.getByRole("button", { name: "Criar conta" }).click();
  await expect(form.getByText("Informe um CPF ou CNPJ válido")).toBeVisible();
  await expectPath(page, "/criar-conta");

  await form.getByRole("textbox", { name: "CPF ou CNPJ" }).fill("12.ABC.345/01DE-35");
  await form.getByRole("button", { name: "Criar conta" }).click();
  await expectPath(page, "/conta");
  await page.goto("/conta/profile");
  await expect(page.getByRole("textbox", { name: "CPF ou CNPJ" })).toHaveValue("12.ABC.345/01DE-35");
  await expect(page.getByRole("textbox", { name: "Telefone com DDD" })).toHaveValue("(11) 98765-4321");
});

test("an e-mail that already has an account is told so, with the way to sign in", async ({ page, createUser }) => {
  const user = await createUser("user");
  await page.goto("/criar-conta");
  const form = await fillSignUp(page, { name: "Outra", email: user.email, password: "senha-outra-1" });
  await form.getByRole("button", { name: "Criar conta" }).click();
  await expect(form.getByText(/Já existe uma conta com este e-mail/).first()).toBeVisible();
  await expect(form.getByRole("link", { name: "redefinir a senha" })).toHaveAttribute("href", "/esqueci-minha-senha");
});

test("'Esqueci minha senha' answers the same for a known and an unknown address, and queues the link", async ({
  page,
  api,
  createUser,
}) => {
  const user = await createUser("admin");
  for (const email of [user.email, `ninguem-${uniqueId()}@example.com`]) {
    await page.goto("/login");
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await expectPath(page, "/esqueci-minha-senha");
    const form = page.getByRole("form", { name: "Esqueci minha senha" });
    await form.getByRole("textbox", { name: "E-mail" }).fill(email);
    await form.getByRole("button", { name: "Enviar link" }).click();
    await expect(form.getByText(RESET_REQUESTED)).toBeVisible();
  }
  // The link is written after the answer (so the answer's time tells nothing): wait for it.
  await expect
    .poll(async () => {
      const outbox = await jsonOf<{ data: { kind: string; to: string }[] }>(
        await api.get(`/api/mail/outbox?q=${encodeURIComponent(user.email)}`),
      );
      // Other specs' contact messages reach every administrator too while the site has no public e-mail.
      return outbox.data.filter((mail) => mail.kind !== "contact-message").map((mail) => [mail.kind, mail.to]);
    })
    .toEqual([["password-reset", user.email]]);
});

test("a reset link that does not work offers a new one, and is never cached", async ({ page }) => {
  const response = await page.goto("/redefinir-senha?token=nao-existe");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByText("Este link expirou ou já foi usado. Peça um novo.")).toBeVisible();
  await page.getByRole("link", { name: "Pedir um novo link" }).click();
  await expectPath(page, "/esqueci-minha-senha");
});

test("'Meus dados' downloads her data as JSON and deletes the account with her password", async ({ page }) => {
  const customer = newCustomer();
  await page.goto("/criar-conta");
  await (await fillSignUp(page, customer)).getByRole("button", { name: "Criar conta" }).click();
  await expectPath(page, "/conta");

  await page.goto("/conta/profile");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Baixar meus dados (JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse((await bytesOf(download)).toString("utf8")) as { account: Record<string, unknown> };
  expect(data.account).toMatchObject({ email: customer.email, tax_id: "52998224725", phone: "11987654321" });

  const deletion = page.getByRole("form", { name: "Excluir minha conta" });
  await waitForHydration(deletion);
  // The password alone does not do it: she ticks that she understands it cannot be undone.
  await deletion.getByLabel("Senha atual").fill(customer.password);
  await deletion.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(deletion.getByText("Marque a caixa para confirmar a exclusão")).toBeVisible();
  await page.goto("/conta/profile");
  await expect(page.getByRole("heading", { name: "Meus dados" })).toBeVisible();
  await waitForHydration(deletion);
  await deletion.getByLabel("Senha atual").fill("senha-errada");
  await deletion.getByRole("checkbox", { name: "Entendo que a exclusão da conta não pode ser desfeita" }).check();
  await deletion.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(deletion.getByText("Senha incorreta")).toBeVisible();
  await deletion.getByLabel("Senha atual").fill(customer.password);
  await deletion.getByRole("button", { name: "Excluir minha conta" }).click();
  await expectPath(page, "/");
  await expect(page.getByText("Sua conta foi excluída.")).toBeVisible();

  await page.goto("/login");
  await page.getByRole("main").getByRole("textbox", { name: "E-mail", exact: true }).fill(customer.email);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("E-mail ou senha inválidos.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused sign-up comes back with what she typed, but not the passwords", async ({ page }) => {
    const customer = newCustomer();
    await page.goto("/criar-conta");
    await (await fillSignUp(page, customer, "529.982.247-24")).getByRole("button", { name: "Criar conta" }).click();
    const form = page.getByRole("form", { name: "Criar conta" });
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(form.getByText("Informe um CPF ou CNPJ válido")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Nome", exact: true })).toHaveValue(customer.name);
    await expect(form.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(customer.email);
    await expect(form.getByRole("textbox", { name: "CPF ou CNPJ" })).toHaveValue("529.982.247-24");
    await expect(form.getByRole("textbox", { name: "Telefone com DDD" })).toHaveValue("(11) 98765-4321");
    await expect(form.getByRole("textbox", { name: "Senha", exact: true })).toHaveValue("");
  });

  test("'Meus dados' saves as a plain form, and refuses with every field's error at once", async ({ page }) => {
    const customer = newCustomer();
    await page.goto("/criar-conta?redirectTo=%2Fconta%2Fprofile");
    await (await fillSignUp(page, customer)).getByRole("button", { name: "Criar conta" }).click();
    await expectPath(page, "/conta/profile");
    const form = page.getByRole("form", { name: "Meus dados" });
    await form.getByRole("textbox", { name: "Nome" }).fill("");
    await form.getByRole("textbox", { name: "Telefone com DDD" }).fill("123");
    await form.getByRole("textbox", { name: "Nova senha", exact: true }).fill("curta");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("Campo obrigatório")).toBeVisible();
    await expect(form.getByText("A senha deve ter pelo menos 6 caracteres")).toBeVisible();
    await expect(form.getByText("Informe um telefone com DDD (10 ou 11 dígitos)")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Telefone com DDD" })).toHaveValue("123");
    await expect(form.getByRole("textbox", { name: "Nova senha", exact: true })).toHaveValue("");

    await form.getByRole("textbox", { name: "Nome" }).fill(`${customer.name} Souza`);
    await form.getByRole("textbox", { name: "Telefone com DDD" }).fill("(11) 98765-4321");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seus dados foram atualizados." })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Nome" })).toHaveValue(`${customer.name} Souza`);
  });

  test("signs up and asks for a reset link with plain form posts", async ({ page, playwright }) => {
    const customer = newCustomer();
    await page.goto("/criar-conta?redirectTo=%2Fconta%2Fprofile");
    await (await fillSignUp(page, customer, "11.222.333/0001-81")).getByRole("button", { name: "Criar conta" }).click();
    await expectPath(page, "/conta/profile");
    await expect(page.getByRole("heading", { name: "Meus dados" })).toBeVisible();

    const api = await playwright.request.newContext({ baseURL: CONFIGURED_URL });
    const signIn = await api.post("/api/auth/login", { data: { email: customer.email, password: customer.password } });
    expect(signIn.status()).toBe(200);
    await api.dispose();

    await page.context().clearCookies();
    await page.goto("/esqueci-minha-senha");
    const form = page.getByRole("form", { name: "Esqueci minha senha" });
    await form.getByRole("textbox", { name: "E-mail" }).fill(customer.email);
    await form.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByText(RESET_REQUESTED)).toBeVisible();
  });
});

test("'Meus dados' keeps what she typed before the page came to life, and a new e-mail takes her password", async ({
  page,
}) => {
  const customer = newCustomer();
  await page.goto("/criar-conta");
  await (await fillSignUp(page, customer)).getByRole("button", { name: "Criar conta" }).click();
  await expectPath(page, "/conta");

  const { hydrate } = await openBeforeHydration(page, "/conta/profile");
  const form = page.getByRole("form", { name: "Meus dados" });
  await form.getByRole("textbox", { name: "Organização" }).fill("Cooperativa Vale Verde");
  await form.getByRole("textbox", { name: "Telefone com DDD" }).fill("(81) 3333-4444");
  await hydrate();
  await expect(form.getByRole("textbox", { name: "Organização" })).toHaveValue("Cooperativa Vale Verde");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Seus dados foram atualizados.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Organização" })).toHaveValue("Cooperativa Vale Verde");
  await expect(form.getByRole("textbox", { name: "Telefone com DDD" })).toHaveValue("(81) 3333-4444");

  // A borrowed session cannot take the account: a new e-mail asks for her password.
  const newEmail = `nova-${uniqueId()}@example.com`;
  await form.getByRole("textbox", { name: "E-mail" }).fill(newEmail);
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByText("Informe a senha atual para trocar o e-mail")).toBeVisible();
  await form.getByLabel("Senha atual").fill(customer.password);
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Seus dados foram atualizados.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "E-mail" })).toHaveValue(newEmail);
  // Saved, the form starts over from what is stored: her password does not stay in its field.
  await expect(form.getByLabel("Senha atual")).toHaveValue("");
});

test("signed in, a customer keeps to her own pages: the sign-up page sends her home", async ({ page, createUser }) => {
  const user = await createUser("user");
  await login(page, user.email, user.password);
  await page.goto("/criar-conta");
  await expectPath(page, "/");
});
