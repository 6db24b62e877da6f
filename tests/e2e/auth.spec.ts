import { expect, expectPath, login, test } from "./fixtures.ts";

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
});
