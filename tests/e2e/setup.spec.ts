import { colorOf, errorOf, expect, expectPath, test, waitForHydration } from "./fixtures.ts";
import { FRESH_URL } from "./site.ts";

// The only spec on the fresh server: it runs the first-time setup there, once.
test.use({ baseURL: FRESH_URL });

const DANGER_RED = [220, 53, 69];

test("first-time setup from an empty data folder", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("alert").filter({ hasText: "Site não configurado" })).toBeVisible();
  const live = page.getByRole("alert").filter({ hasText: "O site está no ar!" });
  await expect(live).toBeVisible();
  await expect(live).toContainText("domínio");
  await expect(live).toContainText("BASE_URL");

  const form = page.getByRole("form", { name: "Configuração inicial" });
  const title = form.getByRole("textbox", { name: "Título do site", exact: true });
  const adminName = form.getByRole("textbox", { name: "Nome do administrador", exact: true });
  const email = form.getByRole("textbox", { name: "E-mail", exact: true });
  const password = form.getByRole("textbox", { name: "Senha", exact: true });
  const confirmation = form.getByRole("textbox", { name: "Confirmação da senha", exact: true });
  for (const field of [title, adminName, email, password, confirmation]) await expect(field).toBeVisible();
  const save = form.getByRole("button", { name: "Salvar" });
  await expect(save).toBeDisabled();
  await waitForHydration(save);

  await title.fill("Cooperativa Nova");
  await adminName.fill("Beatriz Admin");
  await email.fill("beatriz@example.com");
  await password.fill("segredo-1");
  await confirmation.fill("segredo-2");
  await confirmation.blur();
  const mismatch = await errorOf(confirmation);
  await expect(mismatch).toHaveText("As senhas digitadas não conferem");
  const red = await colorOf(mismatch);
  red.forEach((channel, index) => {
    expect(Math.abs(channel - (DANGER_RED[index] ?? 0)), `error colour ${red.join(",")}`).toBeLessThanOrEqual(12);
  });
  await expect(save).toBeDisabled();

  await confirmation.fill("segredo-1");
  await expect(save).toBeEnabled();
  await save.click();

  await expectPath(page, "/conta/settings");
  await expect(page.getByText("Configurações cadastradas com sucesso!")).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await expect(sidebar.getByText("Beatriz Admin", { exact: true })).toBeVisible();
  await expect(sidebar.getByText("Super", { exact: true })).toBeVisible();

  const again = await request.post(`${FRESH_URL}/api/settings/setup`, {
    data: {
      title: "Outra",
      admin_name: "Outra Pessoa",
      email: "outra@example.com",
      password: "segredo-3",
      password_confirmation: "segredo-3",
    },
  });
  expect(again.status()).toBe(409);
});
