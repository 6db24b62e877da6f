import { expect, expectPath, login, test, waitForHydration } from "./fixtures.ts";

test("an unknown page answers 404 and 'Voltar' goes back one step", async ({ page }) => {
  await page.goto("/");
  const response = await page.goto("/nao-existe-esta-pagina");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  const back = page.getByRole("button", { name: "Voltar" });
  await waitForHydration(back);
  await back.click();
  await expectPath(page, "/");
});

test("an unknown account page shows the 404 inside the account layout", async ({ page, createUser }) => {
  const user = await createUser("user");
  await login(page, user.email, user.password);
  await page.goto("/conta/profile");
  const response = await page.goto("/conta/nao-existe-esta-pagina");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await expect(sidebar.getByText(user.name, { exact: true })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Meus dados" })).toBeVisible();
  const back = page.getByRole("button", { name: "Voltar" });
  await waitForHydration(back);
  await back.click();
  await expectPath(page, "/conta/profile");
});
