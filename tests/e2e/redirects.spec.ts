import type { APIRequestContext } from "@playwright/test";
import { signInWithoutJavaScript } from "./account-forms.ts";
import { openBeforeHydration } from "./before-hydration.ts";
import { errorOf, expect, expectPath, jsonOf, login, test, uniqueId, waitForHydration } from "./fixtures.ts";

// The redirects of /conta/redirects: an old address an administrator adds sends visitors on with a 301,
// and its hits show in the list; the form on the kit, before the page comes to life and without JavaScript.

type Redirect = { id: number; from: string; to: string; hits: number };
type Created = { id: number; url: string };

/** Every redirect whose addresses hold `text`, deleted. */
async function deleteRedirects(api: APIRequestContext, text: string) {
  const { data } = await jsonOf<{ data: Redirect[] }>(await api.get(`/api/redirects?q=${encodeURIComponent(text)}`));
  for (const redirect of data) await api.delete(`/api/redirects/${redirect.id}`);
}

test("an old address an administrator adds takes visitors to the new page, and the list counts them", async ({
  page,
  browser,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const target = await jsonOf<Created>(
    await api.post("/api/pages", { data: { title: `Nova casa ${id}`, slug: `nova-casa-${id}`, status: "published" } }),
    201,
  );
  const admin = await createUser("admin");
  try {
    await login(page, admin.email, admin.password);
    await page.goto("/conta/redirects");
    await page.getByRole("link", { name: "Novo redirecionamento" }).click();
    await expectPath(page, "/conta/redirects/new");
    const form = page.getByRole("form", { name: "Novo redirecionamento" });
    await waitForHydration(form.getByRole("button", { name: "Salvar" }));
    await form
      .getByRole("textbox", { name: "Endereço antigo" })
      .fill(`https://site-antigo.org.br/2019/05/Casa-Antiga-${id}/?utm_source=boletim`);
    await form.getByRole("textbox", { name: "Leva para" }).fill(target.url);
    await form.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/redirects");
    await expect(page.getByText("Redirecionamento criado com sucesso!")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: `/2019/05/Casa-Antiga-${id}/?utm_source=boletim` });
    await expect(row.getByRole("cell")).toHaveText([
      `/2019/05/Casa-Antiga-${id}/?utm_source=boletim`,
      target.url,
      "Manual",
      "0",
      "Nunca",
      // The row's buttons.
      /.*/,
    ]);

    // Someone following an old link, in lower case and without the trailing slash.
    const visitor = await browser.newContext();
    try {
      const tab = await visitor.newPage();
      const answer = await tab.goto(`/2019/05/casa-antiga-${id}`);
      expect(answer?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/2019/05/casa-antiga-${id}$`));
      expect((await answer?.request().redirectedFrom()?.response())?.status()).toBe(301);
      await expectPath(tab, target.url);
      await expect(tab.getByRole("heading", { name: `Nova casa ${id}` })).toBeVisible();
    } finally {
      await visitor.close();
    }

    // Hits are written every few seconds.
    await expect(async () => {
      await page.reload();
      await expect(row.getByRole("cell").nth(3)).toHaveText("1", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByRole("cell").nth(4)).not.toHaveText("Nunca");
  } finally {
    await deleteRedirects(api, `casa-antiga-${id}`);
    await api.delete(`/api/pages/${target.id}`);
  }
});

test("what is typed before the page comes to life is what is saved, and an edit says where it leads", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  try {
    const { hydrate } = await openBeforeHydration(page, "/conta/redirects/new");
    const form = page.getByRole("form", { name: "Novo redirecionamento" });
    const from = form.getByRole("textbox", { name: "Endereço antigo" });
    const to = form.getByRole("textbox", { name: "Leva para" });
    await from.fill(`/?p=${id}`);
    await to.fill("/contato");
    await hydrate();
    await expect(from).toHaveValue(`/?p=${id}`);
    await expect(to).toHaveValue("/contato");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/redirects");

    await page.goto(`/conta/redirects?q=${id}`);
    await page.getByRole("link", { name: `Editar /?p=${id}` }).click();
    const edit = page.getByRole("form", { name: "Editar redirecionamento" });
    await expect(edit.getByRole("textbox", { name: "Leva para" })).toHaveValue("/contato");
    await edit.getByRole("textbox", { name: "Leva para" }).fill(`/?p=${id}`);
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(await errorOf(edit.getByRole("textbox", { name: "Leva para" }))).toHaveText(
      "O destino é o próprio endereço antigo: o visitante voltaria sempre ao mesmo lugar",
    );
  } finally {
    await deleteRedirects(api, `?p=${id}`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a redirect is refused with every error at once, saved as a plain form, then deleted", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    await jsonOf(await api.post("/api/redirects", { data: { from: `/ocupado-${id}`, to: "/contato" } }), 201);
    const admin = await createUser("admin");
    try {
      await signInWithoutJavaScript(page, admin.email, admin.password, "/conta/redirects/new");
      const form = page.getByRole("form", { name: "Novo redirecionamento" });
      const from = form.getByRole("textbox", { name: "Endereço antigo" });
      const to = form.getByRole("textbox", { name: "Leva para" });
      await from.fill("/conta/users");
      await to.fill("https://outro-site.example/pagina");
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(from)).toHaveText(
        "Os endereços /api, /conta, /files, /assets e /login são do próprio sistema e não podem ser redirecionados",
      );
      await expect(await errorOf(to)).toHaveText("Redirecionamentos só levam a endereços deste site");
      await expect(from).toHaveValue("/conta/users");
      await expect(to).toHaveValue("https://outro-site.example/pagina");

      // The service's refusal (an old address already redirected) comes back beside its field too.
      await from.fill(`/Ocupado-${id}/`);
      await to.fill("/noticias");
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(from)).toHaveText("Já existe um redirecionamento deste endereço");

      await from.fill(`/sem-script-${id}`);
      await form.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, "/conta/redirects");
      const { data } = await jsonOf<{ data: Redirect[] }>(await api.get(`/api/redirects?q=sem-script-${id}`));
      expect(data).toEqual([expect.objectContaining({ from: `/sem-script-${id}`, to: "/noticias" })]);

      await page.goto(`/conta/redirects?q=sem-script-${id}`);
      await page.getByLabel(`Excluir /sem-script-${id}`).click();
      const question = page.getByRole("form", { name: "Excluir redirecionamento" });
      await expect(question).toContainText(`Quem abrir /sem-script-${id} deixará de ser levado para /noticias.`);
      await question.getByRole("button", { name: "Excluir" }).click();
      await expectPath(page, `/conta/redirects?q=sem-script-${id}`);
      expect((await api.get(`/api/redirects/${data[0]?.id}`)).status()).toBe(404);
    } finally {
      await deleteRedirects(api, id);
    }
  });
});
