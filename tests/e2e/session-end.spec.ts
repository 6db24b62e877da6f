import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectPath, jsonOf, login, test, uniqueId, waitForHydratedPage } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

type PageRow = { id: number; title: string; content: string };

const SESSION_ENDED = "Sua sessão terminou. Entre novamente para continuar.";

/**
 * Ends the browser's session on the server, as signing out on another device does: through a
 * request context of its own (the page's would also drop the browser's cookie).
 */
async function endSessionElsewhere(page: Page, elsewhere: APIRequestContext): Promise<void> {
  const cookie = (await page.context().cookies(CONFIGURED_URL)).find((one) => one.name === "cms_session");
  if (!cookie) throw new Error("the browser has no session cookie");
  const response = await elsewhere.post("/api/auth/logout", {
    headers: { Authorization: `Token ${cookie.value}`, Accept: "application/json" },
  });
  expect(response.status()).toBe(200);
}

test("saving a page after the session ended elsewhere signs in again and keeps what was typed", async ({
  page,
  api,
  request,
  createUser,
}) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  const created = await jsonOf<PageRow>(
    await api.post("/api/pages", {
      data: { title: `Página da sessão ${id}`, content: "<p>Texto guardado.</p>", status: "draft" },
    }),
    201,
  );
  const editPath = `/conta/pages/${created.id}/edit`;
  try {
    await login(page, admin.email, admin.password);
    await page.goto(editPath);
    await waitForHydratedPage(page);
    const form = page.getByRole("form", { name: "Editar página" });
    const title = form.getByRole("textbox", { name: "Título", exact: true });
    const content = form.getByRole("textbox", { name: "Conteúdo" });
    await expect(content).toContainText("Texto guardado.");
    await title.fill(`Título novo ${id}`);
    await content.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Mais uma frase.");
    await expect(content).toContainText("Texto guardado. Mais uma frase.");

    await endSessionElsewhere(page, request);
    await form.getByRole("button", { name: "Salvar" }).click();

    await expectPath(page, `/login?redirectTo=${encodeURIComponent(editPath)}`);
    await expect(page.getByText(SESSION_ENDED)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Minha conta" })).toHaveCount(0);
    // Nothing was saved without a session.
    expect((await jsonOf<PageRow>(await api.get(`/api/pages/${created.id}`))).title).toBe(created.title);

    await login(page, admin.email, admin.password);
    await expectPath(page, editPath);
    await expect(page.getByText("Recuperamos o que você tinha digitado. Confira e salve novamente.")).toBeVisible();
    await expect(title).toHaveValue(`Título novo ${id}`);
    await expect(content).toContainText("Texto guardado. Mais uma frase.");

    await form.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/pages");
    const saved = await jsonOf<PageRow>(await api.get(`/api/pages/${created.id}`));
    expect(saved.title).toBe(`Título novo ${id}`);
    expect(saved.content).toContain("Mais uma frase.");

    // The draft was handed back once: opening the editor again shows the stored page.
    await page.goto(editPath);
    await expect(title).toHaveValue(`Título novo ${id}`);
    await expect(page.getByText("Recuperamos o que você tinha digitado.", { exact: false })).toHaveCount(0);
  } finally {
    await api.delete(`/api/pages/${created.id}`);
  }
});

test("moving to another account page after the session ended goes to sign in, says why and comes back", async ({
  page,
  request,
  createUser,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto("/conta/pages");
  await waitForHydratedPage(page);

  await endSessionElsewhere(page, request);
  // A client-side navigation inside the account area asks the server, which finds no session.
  await page.getByRole("navigation", { name: "Minha conta" }).getByRole("link", { name: "Menus" }).click();
  await expectPath(page, "/login?redirectTo=%2Fconta%2Fmenus");
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  const cookies = await page.context().cookies(CONFIGURED_URL);
  expect(cookies.find((cookie) => cookie.name === "cms_session")).toBeUndefined();

  await login(page, admin.email, admin.password);
  await expectPath(page, "/conta/menus");
});

test("loading an account page after the session ended says why on the sign-in page", async ({
  page,
  request,
  createUser,
}) => {
  const user = await createUser("user");
  await login(page, user.email, user.password);
  await endSessionElsewhere(page, request);
  await page.goto("/conta/profile");
  await expectPath(page, "/login?redirectTo=%2Fconta%2Fprofile");
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  await login(page, user.email, user.password);
  await expectPath(page, "/conta/profile");
});

test("a visitor who never signed in is sent to sign in without a session-ended message", async ({ page }) => {
  await page.goto("/conta/settings");
  await expectPath(page, "/login?redirectTo=%2Fconta%2Fsettings");
  await expect(page.getByRole("form", { name: "Entrar" })).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
});

test("'Meus dados' lists the sessions with their device, and 'Sair das outras sessões' ends the one on the phone", async ({
  page,
  playwright,
  createUser,
}) => {
  const user = await createUser("user");
  const phone = await playwright.request.newContext({
    baseURL: CONFIGURED_URL,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  });
  try {
    const { token } = await jsonOf<{ token: string }>(
      await phone.post("/api/auth/login", { data: { email: user.email, password: user.password } }),
    );
    const phoneProfile = () => phone.get("/api/profile", { headers: { Authorization: `Token ${token}` } });
    await login(page, user.email, user.password);
    await page.goto("/conta/profile");
    await waitForHydratedPage(page);
    const table = page.getByRole("table", { name: "Sessões abertas" });
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row", { name: /Safari no iOS/ })).toBeVisible();
    await expect(table.getByRole("row", { name: /\(esta sessão\)/ })).toContainText(/^Chrome no /);

    await page.getByRole("button", { name: "Sair das outras sessões" }).click();
    await expect(page.getByText("1 outra sessão foi encerrada.")).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Sair das outras sessões" })).toHaveCount(0);
    expect((await phoneProfile()).status()).toBe(401);
    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Meus dados" })).toBeVisible();
  } finally {
    await phone.dispose();
  }
});
