import { findOne, signInWithoutJavaScript } from "./account-forms.ts";
import { expect, expectPath, login, test, uniqueId, waitForHydration } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

// The account forms' kit (app/components/form-kit) as people met it in issue 33: a "create" form pressed
// twice on a slow connection made two records (it is now sent once until the page it leads to has
// loaded), and a failed try's red message stayed over the green one of the save that followed.

test("a create form pressed twice on a slow connection, and again while the next page loads, makes one record", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const title = `Página lenta ${id}`;
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto("/conta/pages/new");
  const form = page.getByRole("form", { name: "Nova página" });
  const save = form.getByRole("button", { name: "Salvar", exact: true });
  await waitForHydration(save);
  await form.getByRole("textbox", { name: "Título", exact: true }).fill(title);

  // A slow connection: the save takes a second and a half, and the list it leads to three more.
  const posts: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/conta/pages"),
    async (route) => {
      const request = route.request();
      if (request.method() === "POST") posts.push(request.url());
      const slow = request.method() === "POST" || new URL(request.url()).pathname === "/conta/pages.data";
      if (slow) await new Promise((resolve) => setTimeout(resolve, request.method() === "POST" ? 1500 : 3000));
      await route.continue();
    },
  );
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await save.dblclick();
  await saved;
  // The save has answered and the list is still on its way: a person presses again where the button is.
  const box = await save.boundingBox();
  if (!box) throw new Error("the save button is not shown");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

  await expectPath(page, "/conta/pages");
  await expect(page.getByText(/criada com sucesso/)).toBeVisible();
  expect(posts, "the form was sent once").toHaveLength(1);
  const created = await findOne<{ id: number }>(api, "pages", title);
  await api.delete(`/api/pages/${created.id}`);
});

test("a save after a refused try says only that it saved: the refusal's red message goes", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto("/conta/redirects/new");
  const form = page.getByRole("form", { name: "Novo redirecionamento" });
  const save = form.getByRole("button", { name: "Salvar" });
  await waitForHydration(save);
  await save.click();
  const refused = page.getByRole("alert").filter({ hasText: "Verifique os campos destacados." });
  await expect(refused).toBeVisible();

  await form.getByRole("textbox", { name: "Endereço antigo" }).fill(`/antigo-${id}`);
  await form.getByRole("textbox", { name: "Leva para" }).fill("/contato");
  await save.click();
  await expectPath(page, "/conta/redirects");
  await expect(page.getByRole("status").filter({ hasText: "Redirecionamento criado com sucesso!" })).toBeVisible();
  await expect(refused).toHaveCount(0);
  const created = await findOne<{ id: number }>(api, "redirects", `antigo-${id}`);
  await api.delete(`/api/redirects/${created.id}`);
});

test("'Meus dados' saved without JavaScript says so", async ({ browser, createUser }) => {
  const customer = await createUser("user");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: CONFIGURED_URL });
  try {
    const page = await context.newPage();
    await signInWithoutJavaScript(page, customer.email, customer.password, "/conta/profile");
    const form = page.getByRole("form", { name: "Meus dados" });

    await form.getByRole("textbox", { name: "Nome", exact: true }).fill(`${customer.name} Souza`);
    await form.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/profile");
    await expect(page.getByText("Seus dados foram atualizados.")).toBeVisible();
  } finally {
    await context.close();
  }
});
