import { findOne, signInWithoutJavaScript } from "./account-forms.ts";
import { openBeforeHydration } from "./before-hydration.ts";
import { errorOf, expect, expectPath, jsonOf, login, test, uniqueId } from "./fixtures.ts";

// The menu and user forms on the form kit: a choice made before the page comes to life (a select, a box)
// is the one saved, and both save and refuse as plain forms without JavaScript.

type Menu = { id: number; name: string; url: string; page_id: number | null; enabled: boolean };
type User = { id: number; name: string; email: string; role: string };

test("a menu's page, address and switch chosen before the page comes to life are the ones saved", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const target = await jsonOf<{ id: number }>(
    await api.post("/api/pages", { data: { title: `Destino ${id}`, status: "published" } }),
    201,
  );
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  try {
    const { hydrate } = await openBeforeHydration(page, "/conta/menus/new");
    const form = page.getByRole("form", { name: "Novo menu" });
    const name = form.getByRole("textbox", { name: "Nome" });
    const pageSelect = form.getByRole("combobox", { name: "Página" });
    const enabled = form.getByRole("checkbox", { name: "Ativo" });
    await expect(enabled).toBeChecked();
    await name.fill(`Destino ${id}`);
    await pageSelect.selectOption({ label: `Destino ${id}` });
    await enabled.uncheck();
    await hydrate();

    await expect(name).toHaveValue(`Destino ${id}`);
    await expect(pageSelect).toHaveValue(String(target.id));
    await expect(enabled).not.toBeChecked();
    await form.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/menus");
    await expect(page.getByText("Menu criado com sucesso!")).toBeVisible();

    const menus = await jsonOf<Menu[]>(await api.get("/api/menus"));
    expect(menus.find((menu) => menu.name === `Destino ${id}`)).toMatchObject({
      page_id: target.id,
      enabled: false,
    });
  } finally {
    // Deleting the page deletes the menus that lead to it.
    await api.delete(`/api/pages/${target.id}`);
  }
});

test("a user's role chosen before the page comes to life is the one given", async ({ page, api, createUser }) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  const { hydrate } = await openBeforeHydration(page, "/conta/users/new");
  const form = page.getByRole("form", { name: "Novo usuário" });
  const role = form.getByRole("combobox", { name: "Perfil" });
  await form.getByRole("textbox", { name: "Nome" }).fill(`Rosa ${id}`);
  await form.getByRole("textbox", { name: "E-mail" }).fill(`rosa-${id}@example.com`);
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill("senha-rosa-1");
  await role.selectOption({ label: "Administrador" });
  await hydrate();

  await expect(role).toHaveValue("admin");
  await expect(form.getByRole("textbox", { name: "Senha", exact: true })).toHaveValue("senha-rosa-1");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expectPath(page, "/conta/users");
  await expect(page.getByText("Usuário criado com sucesso!")).toBeVisible();
  expect(await findOne<User>(api, "users", `rosa-${id}@example.com`)).toMatchObject({
    name: `Rosa ${id}`,
    role: "admin",
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a menu and a user are refused with their errors, then saved as plain forms", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const admin = await createUser("admin");
    await signInWithoutJavaScript(page, admin.email, admin.password, "/conta/menus/new");
    const menuForm = page.getByRole("form", { name: "Novo menu" });
    const address = menuForm.getByRole("textbox", { name: "Endereço" });
    await address.fill("javascript:alert(1)");
    await menuForm.getByRole("checkbox", { name: "Ativo" }).uncheck();
    await menuForm.getByRole("button", { name: "Salvar" }).click();
    await expect(await errorOf(menuForm.getByRole("textbox", { name: "Nome" }))).toHaveText("Campo obrigatório");
    await expect(await errorOf(address)).toHaveText(
      "Use um caminho do site (/contato) ou um endereço completo (https://...)",
    );
    await expect(address).toHaveValue("javascript:alert(1)");
    await expect(menuForm.getByRole("checkbox", { name: "Ativo" })).not.toBeChecked();
    await menuForm.getByRole("textbox", { name: "Nome" }).fill(`Fale ${id}`);
    await address.fill("/contato");
    await menuForm.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/menus");
    const menus = await jsonOf<Menu[]>(await api.get("/api/menus"));
    const menu = menus.find((item) => item.name === `Fale ${id}`);
    try {
      expect(menu).toMatchObject({ url: "/contato", enabled: false, page_id: null });
    } finally {
      if (menu) await api.delete(`/api/menus/${menu.id}`);
    }

    await page.goto("/conta/users/new");
    const userForm = page.getByRole("form", { name: "Novo usuário" });
    const email = userForm.getByRole("textbox", { name: "E-mail" });
    const password = userForm.getByRole("textbox", { name: "Senha", exact: true });
    await email.fill("nao-e-email");
    await password.fill("curta");
    await userForm.getByRole("combobox", { name: "Perfil" }).selectOption({ label: "Administrador" });
    await userForm.getByRole("button", { name: "Salvar" }).click();
    await expect(await errorOf(userForm.getByRole("textbox", { name: "Nome" }))).toHaveText("Campo obrigatório");
    await expect(await errorOf(email)).toHaveText("Informe um e-mail válido");
    await expect(await errorOf(password)).toHaveText("A senha deve ter pelo menos 6 caracteres");
    // What was typed comes back, but never the password.
    await expect(email).toHaveValue("nao-e-email");
    await expect(password).toHaveValue("");
    await expect(userForm.getByRole("combobox", { name: "Perfil" })).toHaveValue("admin");

    await userForm.getByRole("textbox", { name: "Nome" }).fill(`Caio ${id}`);
    await email.fill(`caio-${id}@example.com`);
    await password.fill("senha-caio-1");
    await userForm.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/users");
    expect(await findOne<User>(api, "users", `caio-${id}@example.com`)).toMatchObject({ role: "admin" });
  });

  test("a menu with submenus is edited as a plain form and stays at the top level", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const parent = await jsonOf<Menu>(await api.post("/api/menus", { data: { name: `Serviços ${id}` } }), 201);
    await jsonOf(
      await api.post("/api/menus", { data: { name: `Crédito ${id}`, url: "/credito", parent_id: parent.id } }),
      201,
    );
    try {
      const admin = await createUser("admin");
      await signInWithoutJavaScript(page, admin.email, admin.password, `/conta/menus/${parent.id}/edit`);
      const form = page.getByRole("form", { name: "Editar menu" });
      await expect(form.getByRole("combobox", { name: "Menu principal" })).toBeDisabled();
      await expect(form.getByRole("checkbox", { name: "Ativo" })).toBeChecked();
      await form.getByRole("textbox", { name: "Nome" }).fill(`Serviços e crédito ${id}`);
      await form.getByRole("spinbutton", { name: "Ordem" }).fill("-1");
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(form.getByRole("spinbutton", { name: "Ordem" }))).not.toBeEmpty();
      await form.getByRole("spinbutton", { name: "Ordem" }).fill("7");
      await form.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, "/conta/menus");
      const menus = await jsonOf<(Menu & { parent_id: number | null; position: number })[]>(
        await api.get("/api/menus"),
      );
      expect(menus.find((menu) => menu.id === parent.id)).toMatchObject({
        name: `Serviços e crédito ${id}`,
        parent_id: null,
        position: 7,
        enabled: true,
      });
    } finally {
      await api.delete(`/api/menus/${parent.id}`);
    }
  });
});
