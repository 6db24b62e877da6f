import { enablePostsAndEvents, expect, jsonOf, login, test, uniqueId, waitForHydration } from "./fixtures.ts";
import { ACCOUNT_ONLY, expectWithinPublicBudget } from "./page-budget.ts";

test("public pages stay within the JavaScript and CSS budget and load no account code", async ({ page, api }) => {
  await enablePostsAndEvents(api);
  for (const path of ["/", "/noticias", "/agenda", "/biblioteca", "/busca?q=cooperativa", "/contato", "/login"]) {
    await expectWithinPublicBudget(page, path);
  }
});

test("the markers do find that code where it belongs: the account area", async ({ page, createUser }) => {
  const admin = await createUser("admin");
  // Each body is read after its response came, past the load's end on a busy machine: awaited before checking.
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) scripts.push(response.body().then(String, () => ""));
  });
  await login(page, admin.email, admin.password);
  await page.goto("/conta/pages/new", { waitUntil: "networkidle" });
  const bodies = await Promise.all(scripts);
  for (const marker of ACCOUNT_ONLY)
    expect(
      bodies.some((body) => marker.test(body)),
      `${marker}`,
    ).toBe(true);
});

test("the news and agenda lists send each card's summary, not the whole text it was cut from", async ({
  request,
  api,
}) => {
  await enablePostsAndEvents(api);
  const id = uniqueId();
  const deepInText = `Parágrafo final ${id} que nenhum cartão mostra.`;
  const content = `<p>${"Primeiro parágrafo da notícia, longo o bastante para o resumo. ".repeat(6)}</p><p>${deepInText}</p>`;
  const post = await jsonOf<{ url: string }>(
    await api.post("/api/posts", {
      data: { title: `Notícia ${id}`, slug: `noticia-${id}`, content, status: "published" },
    }),
    201,
  );
  // Under way (begun yesterday, ends tomorrow): the agenda lists it first, before every later event.
  const day = 24 * 60 * 60 * 1000;
  await jsonOf(
    await api.post("/api/events", {
      data: {
        title: `Encontro ${id}`,
        slug: `encontro-${id}`,
        content,
        status: "published",
        start_at: new Date(Date.now() - day).toISOString(),
        end_at: new Date(Date.now() + day).toISOString(),
      },
    }),
    201,
  );
  for (const [path, title] of [
    ["/noticias", `Notícia ${id}`],
    ["/agenda", `Encontro ${id}`],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(title);
    expect(html, path).toContain("Primeiro parágrafo da notícia");
    expect(html, path).not.toContain(deepInText);
  }
  expect(await (await request.get(post.url)).text()).toContain(deepInText);
});

test("a news item's text is sent once: it stays when the page comes alive and returns on client navigation", async ({
  page,
  request,
  api,
}) => {
  await enablePostsAndEvents(api);
  const id = uniqueId();
  const create = async (name: string) =>
    jsonOf<{ url: string }>(
      await api.post("/api/posts", {
        data: {
          title: `${name} ${id}`,
          slug: `${name.toLowerCase()}-${id}`,
          summary: `Resumo de ${name}.`,
          content: `<p>Texto completo de ${name} ${id}, <strong>com destaque</strong>.</p>`,
          status: "published",
        },
      }),
      201,
    );
  const first = await create("Primeira");
  const second = await create("Segunda");

  const html = await (await request.get(first.url)).text();
  expect(html.split(`Texto completo de Primeira ${id}`)).toHaveLength(2);

  const firstText = page.getByText(`Texto completo de Primeira ${id}, com destaque.`);
  const secondText = page.getByText(`Texto completo de Segunda ${id}, com destaque.`);
  await page.goto(first.url);
  const back = page.getByRole("article").getByRole("link", { name: "Notícias" });
  await waitForHydration(back);
  await expect(firstText).toBeVisible();
  await expect(page.locator(".content-body strong")).toHaveText("com destaque");

  // Client navigation: React Router fetches the next item's data, text included.
  await back.click();
  await expect(page).toHaveURL(/\/noticias$/);
  await page.getByRole("link", { name: `Segunda ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`${second.url}$`));
  await expect(secondText).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${first.url}$`));
  await expect(firstText).toBeVisible();
});
