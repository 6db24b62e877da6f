import { errorOf, expect, expectPath, login, test, waitForHydration } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

test("signs out, then signs back in and returns to the page first asked for", async ({ page, createUser }) => {
  const user = await createUser("user");
  await login(page, user.email, user.password);
  await expectPath(page, "/");

  await page.goto("/conta");
  await page.getByRole("navigation", { name: "Minha conta" }).getByRole("button", { name: "Sair" }).click();
  await expectPath(page, "/");

  await page.goto("/conta/profile");
  await expectPath(page, "/login?redirectTo=%2Fconta%2Fprofile");
  await login(page, user.email, user.password);
  await expectPath(page, "/conta/profile");
  await expect(page.getByRole("heading", { name: "Meus dados" })).toBeVisible();
});

test("a signed-in user opening /login is sent home", async ({ page, createUser }) => {
  const user = await createUser("user");
  await login(page, user.email, user.password);
  await page.goto("/login");
  await expectPath(page, "/");
});

for (const redirectTo of [
  "//evil.example",
  encodeURIComponent("/\\evil.example"),
  encodeURIComponent("https://evil.example"),
]) {
  test(`refuses to send a signed-in user off the site (redirectTo=${redirectTo})`, async ({ page, createUser }) => {
    const user = await createUser("user");
    await page.goto(`/login?redirectTo=${redirectTo}`);
    await login(page, user.email, user.password);
    await expectPath(page, "/");
  });
}

/** A return address beyond Latin-1 (a Location header carries bytes up to U+00FF only). */
const farQuery = "日本 🌱";
const farTarget = `/busca?q=${farQuery}`;
const farLocation = "/busca?q=%E6%97%A5%E6%9C%AC%20%F0%9F%8C%B1";

test("signs in and returns to an address with Japanese text and an emoji", async ({ page, createUser }) => {
  const user = await createUser("user");
  await page.goto(`/login?redirectTo=${encodeURIComponent(farTarget)}`);
  await login(page, user.email, user.password);
  await expectPath(page, farLocation);
  await expect(page.getByRole("status").filter({ hasText: `Nenhum resultado para “${farQuery}”.` })).toBeVisible();
});

test("the sign-in form post answers a redirect to the percent-encoded address, not an error", async ({
  playwright,
  createUser,
}) => {
  const user = await createUser("user");
  const context = await playwright.request.newContext({ baseURL: CONFIGURED_URL });
  for (const [redirectTo, location] of [
    [farTarget, farLocation],
    ["/busca?q=😀#início", "/busca?q=%F0%9F%98%80#in%C3%ADcio"],
  ] as const) {
    const response = await context.post("/login", {
      form: { email: user.email, password: user.password, redirectTo },
      // As a browser's form post: it names the sending page.
      headers: { origin: CONFIGURED_URL },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(302);
    expect(response.headers().location).toBe(location);
    expect(response.headers()["set-cookie"]).toMatch(/^cms_session=[\w-]+;/);
  }
  await context.dispose();
});

test("an administrator editing their own account gives the current password to change it", async ({
  page,
  createUser,
  playwright,
}) => {
  const admin = await createUser("admin");
  const other = await createUser("user");
  await login(page, admin.email, admin.password);

  await page.goto(`/conta/users/${other.id}/edit`);
  const otherForm = page.getByRole("form", { name: "Editar usuário" });
  await expect(otherForm.getByRole("textbox", { name: "Senha", exact: true })).toBeVisible();
  await expect(otherForm.getByRole("textbox", { name: "Senha atual" })).toHaveCount(0);

  await page.goto(`/conta/users/${admin.id}/edit`);
  const form = page.getByRole("form", { name: "Editar usuário" });
  const save = form.getByRole("button", { name: "Salvar" });
  await waitForHydration(save);
  const current = form.getByRole("textbox", { name: "Senha atual" });
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill("nova-senha-e2e");
  await save.click();
  await expect(await errorOf(current)).toHaveText("Informe a senha atual para trocar a senha");

  await current.fill("chute-errado");
  await save.click();
  await expect(await errorOf(current)).toHaveText("A senha atual não confere");

  await current.fill(admin.password);
  await save.click();
  await expectPath(page, "/conta/users");
  await expect(page.getByText("Usuário salvo com sucesso!")).toBeVisible();

  const api = await playwright.request.newContext({ baseURL: CONFIGURED_URL });
  const signIn = (password: string) => api.post("/api/auth/login", { data: { email: admin.email, password } });
  expect((await signIn(admin.password)).status()).toBe(401);
  expect((await signIn("nova-senha-e2e")).status()).toBe(200);
  await api.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form still posts and signs the user in", async ({ page, createUser }) => {
    const user = await createUser("user");
    await page.goto("/login?redirectTo=%2Fconta%2Fprofile");
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(user.email);
    await form.getByRole("textbox", { name: "Senha", exact: true }).fill(user.password);
    await form.getByRole("button", { name: "Entrar" }).click();
    await expectPath(page, "/conta/profile");
    await expect(page.getByRole("heading", { name: "Meus dados" })).toBeVisible();
  });

  test("signs in and returns to an address with Japanese text and an emoji", async ({ page, createUser }) => {
    const user = await createUser("user");
    await page.goto(`/login?redirectTo=${encodeURIComponent(farTarget)}`);
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(user.email);
    await form.getByRole("textbox", { name: "Senha", exact: true }).fill(user.password);
    await form.getByRole("button", { name: "Entrar" }).click();
    await expectPath(page, farLocation);
    await expect(page.getByRole("status").filter({ hasText: `Nenhum resultado para “${farQuery}”.` })).toBeVisible();
  });
});
