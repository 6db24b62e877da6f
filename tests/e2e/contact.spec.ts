import AxeBuilder from "@axe-core/playwright";
import { colorOf, errorOf, expect, jsonOf, login, test, uniqueId, waitForHydration } from "./fixtures.ts";

type ContactList = { data: { id: number; name: string; email: string; message: string }[] };

test("the footer contact form sends a message the administrators can read", async ({ page, api, createUser }) => {
  const id = uniqueId();
  const message = { name: `Visitante ${id}`, email: `visitante-${id}@example.com`, message: `Olá! Mensagem ${id}.` };

  await page.goto("/");
  const form = page.getByRole("form", { name: "Formulário de contato" });
  const send = form.getByRole("button", { name: "ENVIAR" });
  await expect(send).toBeDisabled();
  await waitForHydration(send);

  await form.getByRole("textbox", { name: "Nome", exact: true }).fill(message.name);
  const email = form.getByRole("textbox", { name: "E-mail", exact: true });
  await email.fill("nao-e-um-email");
  await email.blur();
  const error = await errorOf(email);
  await expect(error).toBeVisible();
  expect(await colorOf(error)).toEqual([255, 255, 255]);
  await expect(send).toBeDisabled();

  await email.fill(message.email);
  await form.getByRole("textbox", { name: "Mensagem", exact: true }).fill(message.message);
  await expect(send).toBeEnabled();
  // Once it can be sent, ENVIAR's text reads on the secondary colour (white on #e1846d did not: 2.7:1).
  const contrast = await new AxeBuilder({ page }).include("form[aria-label='Formulário de contato']").analyze();
  expect(contrast.violations.map((violation) => violation.id)).toEqual([]);
  await send.click();
  await expect(page.getByText("Sua mensagem foi enviado. Em breve entraremos em contato. Obrigado!")).toBeVisible();

  const list = await jsonOf<ContactList>(await api.get(`/api/contacts?q=${id}`));
  expect(list.data).toEqual([expect.objectContaining(message)]);

  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto(`/conta/contacts?q=${id}`);
  const row = page.getByRole("row").filter({ hasText: message.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: message.name })).toBeVisible();
  await expect(row).toContainText(message.message);
});
