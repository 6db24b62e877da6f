import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import {
  enablePostsAndEvents,
  errorOf,
  expect,
  expectPath,
  jsonOf,
  login,
  test,
  uniqueId,
  waitForHydration,
} from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

type Content = { id: number; slug: string; url: string; title: string };
type MenuRow = { id: number; name: string };

const PHONE = { width: 375, height: 740 };
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

async function create(api: APIRequestContext, kind: "pages" | "posts" | "events", data: Record<string, unknown>) {
  return jsonOf<Content>(await api.post(`/api/${kind}`, { data }), 201);
}

/** "YYYY-MM-DD" on São Paulo's clock, `days` from now. */
function saoPauloDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * DAY));
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2f6b3a" } })
    .png()
    .toBuffer();

/** The editor's own toolbar button (exact label: "Título 2" is not the "Título" field). */
const control = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

test("an administrator writes a page in the editor, publishes it and links it from the menu", async ({
  page,
  browser,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const slug = `quem-somos-${id}`;
  const title = `Quem somos ${id}`;
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  await page.goto("/conta/pages/new");
  const form = page.getByRole("form", { name: "Nova página" });
  const save = form.getByRole("button", { name: "Salvar", exact: true });
  await waitForHydration(save);
  await form.getByRole("textbox", { name: "Título", exact: true }).fill(title);
  await form.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
  await form.getByRole("textbox", { name: "Resumo", exact: true }).fill("Quem somos e o que fazemos.");

  const editor = form.getByRole("textbox", { name: "Conteúdo", exact: true });
  await expect(editor).toBeVisible();
  await editor.click();
  await control(page, "Título 2").click();
  await page.keyboard.type("Nossa história");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Somos uma cooperativa de produtores.");
  await page.keyboard.press("Enter");
  await control(page, "Lista com marcadores").click();
  await page.keyboard.type("Produção orgânica");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Venda direta");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Fale conosco");
  await page.keyboard.press("Shift+Home");
  await control(page, "Inserir link").click();
  const address = page.getByRole("textbox", { name: "Endereço do link" });
  await address.fill("https://example.org/contato");
  await address.press("Enter");
  await expect(editor.getByRole("link", { name: "Fale conosco" })).toHaveAttribute(
    "href",
    "https://example.org/contato",
  );
  // To the empty paragraph the editor keeps at the end, for the picture (no click: it could put
  // the cursor inside the link).
  await editor.focus();
  await page.keyboard.press("Control+End");
  await expect(editor.locator("p").last()).toHaveText("");
  await expect(editor.locator("p").nth(-2)).toHaveText("Fale conosco");
  await expect(editor.locator("h2")).toHaveText("Nossa história");
  await expect(editor.locator("ul li")).toHaveText(["Produção orgânica", "Venda direta"]);

  // A file that is not a picture is refused, and the editor says so.
  const picture = page.getByLabel("Arquivo de imagem", { exact: true });
  await picture.setInputFiles({ name: "nao-e-imagem.png", mimeType: "image/png", buffer: Buffer.from("só texto") });
  await expect(page.getByText(/^Ocorreu um erro ao enviar a imagem: .+/)).toBeVisible();
  await expect(editor.locator("img")).toHaveCount(0);

  await picture.setInputFiles({ name: "sede.png", mimeType: "image/png", buffer: await png(640, 360) });
  await expect(editor.locator("img")).toHaveAttribute("src", /^\/files\/.+/);

  await form.getByRole("combobox", { name: "Status" }).selectOption({ label: "Publicado" });
  await save.click();
  await expectPath(page, "/conta/pages");
  await expect(page.getByText("Página criada com sucesso!")).toBeVisible();

  // The menu form links it through its Página select.
  const menuName = `Quem somos ${id}`;
  await page.goto("/conta/menus/new");
  const menuForm = page.getByRole("form", { name: "Novo menu" });
  await waitForHydration(menuForm.getByRole("button", { name: "Salvar" }));
  await menuForm.getByRole("textbox", { name: "Nome" }).fill(menuName);
  await menuForm.getByRole("combobox", { name: "Página" }).selectOption({ label: title });
  await menuForm.getByRole("button", { name: "Salvar" }).click();
  await expectPath(page, "/conta/menus");
  await expect(page.getByRole("table").getByText(menuName)).toBeVisible();

  const visitor = await browser.newContext({ baseURL: CONFIGURED_URL });
  try {
    const site = await visitor.newPage();
    await site.goto("/");
    const nav = site.getByRole("banner").getByRole("navigation", { name: "Menu principal" });
    await expect(nav.getByRole("link", { name: menuName, exact: true })).toHaveAttribute("href", `/${slug}`);

    const response = await site.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    const article = site.getByRole("main").getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(article.getByRole("heading", { level: 2, name: "Nossa história" })).toBeVisible();
    await expect(article.locator("ul li")).toHaveText(["Produção orgânica", "Venda direta"]);
    await expect(article.getByRole("link", { name: "Fale conosco" })).toHaveAttribute(
      "href",
      "https://example.org/contato",
    );
    const image = article.locator(".content-body img");
    await expect(image).toHaveAttribute("src", /^\/files\/.+/);
    // The picture really is served.
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await visitor.close();
    const menus = await jsonOf<MenuRow[]>(await api.get("/api/menus"));
    for (const menu of menus.filter((row) => row.name === menuName)) await api.delete(`/api/menus/${menu.id}`);
  }
});

test("a visitor on a phone reads the news and the agenda, adds an event to a calendar and searches", async ({
  page,
  api,
}) => {
  const id = uniqueId();
  await enablePostsAndEvents(api);
  const now = Date.now();
  const news = [3, 2, 1].map((hoursAgo) => ({
    title: `Notícia ${hoursAgo}h ${id}`,
    slug: `noticia-${hoursAgo}h-${id}`,
    hoursAgo,
  }));
  for (const item of news) {
    await create(api, "posts", {
      title: item.title,
      slug: item.slug,
      content: `<p>Texto da notícia de ${item.hoursAgo} horas atrás.</p>`,
      status: "published",
      published_at: new Date(now - item.hoursAgo * HOUR).toISOString(),
    });
  }
  const scheduled = `Notícia agendada ${id}`;
  await create(api, "posts", {
    title: scheduled,
    slug: `noticia-agendada-${id}`,
    content: "<p>Ainda não.</p>",
    status: "published",
    published_at: new Date(now + 2 * DAY).toISOString(),
  });

  const tomorrow = saoPauloDay(1);
  const upcoming = await create(api, "events", {
    title: `Assembleia ${id}`,
    slug: `assembleia-${id}`,
    content: "<p>Assembleia geral ordinária.</p>",
    status: "published",
    start_at: `${tomorrow}T19:00:00-03:00`,
    end_at: `${tomorrow}T21:00:00-03:00`,
    place_name: "Sede",
  });
  const lastMonth = saoPauloDay(-30);
  const past = await create(api, "events", {
    title: `Feira ${id}`,
    slug: `feira-${id}`,
    content: "<p>Feira de produtores.</p>",
    status: "published",
    start_at: `${lastMonth}T09:00:00-03:00`,
    end_at: `${lastMonth}T12:00:00-03:00`,
  });
  const pageTitle = `Cooperativa Central ${id}`;
  const found = await create(api, "pages", {
    title: pageTitle,
    slug: `cooperativa-central-${id}`,
    content: "<p>Uma página sobre a cooperativa.</p>",
    status: "published",
  });

  await page.setViewportSize(PHONE);

  // The news, newest first; the one scheduled for later is not out yet.
  await page.goto("/noticias");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Notícias" })).toBeVisible();
  const titles = main.getByRole("heading", { level: 2 });
  await expect(titles.filter({ hasText: id })).toHaveText(news.map((item) => item.title).reverse());
  await expect(main.getByText(scheduled)).toHaveCount(0);

  const newest = news[2];
  if (!newest) throw new Error("no news");
  await main.getByRole("link", { name: newest.title }).click();
  await expectPath(page, `/noticias/${newest.slug}`);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(newest.title);
  await expect(main.getByText("Texto da notícia de 1 horas atrás.")).toBeVisible();

  // The agenda: the coming event first, then the past one, at São Paulo's time.
  await page.goto("/agenda");
  const coming = main.getByRole("region", { name: "Próximos eventos" });
  const gone = main.getByRole("region", { name: "Eventos passados" });
  const comingCard = coming.getByRole("article").filter({ hasText: upcoming.title });
  await expect(comingCard).toBeVisible();
  await expect(comingCard).toContainText("19:00 às 21:00");
  await expect(gone.getByRole("article").filter({ hasText: past.title })).toBeVisible();
  await expect(coming.getByText(past.title)).toHaveCount(0);
  const comingBox = await comingCard.boundingBox();
  const pastBox = await gone.getByRole("article").filter({ hasText: past.title }).boundingBox();
  expect(comingBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(pastBox?.y ?? 0);

  await comingCard.getByRole("link", { name: upcoming.title }).click();
  await expectPath(page, upcoming.url);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(upcoming.title);
  const addToCalendar = main.getByRole("link", { name: "Adicionar à agenda" });
  const href = await addToCalendar.getAttribute("href");
  expect(href).toBe(`/agenda/${upcoming.slug}/ics`);
  const [download] = await Promise.all([page.waitForEvent("download"), addToCalendar.click()]);
  expect(download.suggestedFilename()).toBe(`${upcoming.slug}.ics`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const ics = Buffer.concat(chunks).toString("utf8");
  const startUtc = `${tomorrow.replaceAll("-", "")}T220000Z`;
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toMatch(new RegExp(`^DTSTART:${startUtc}\\r?$`, "m"));
  expect(ics).toContain(`SUMMARY:${upcoming.title}`);

  const answer = await page.request.get(`/agenda/${upcoming.slug}/ics`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^text\/calendar\b/);
  expect(answer.headers()["content-disposition"]).toBe(`attachment; filename="${upcoming.slug}.ics"`);

  // The header search finds the page by a plural form of a word in its title.
  const search = page.getByRole("banner").getByRole("searchbox", { name: "Buscar" });
  await expect(search).toBeVisible();
  await search.fill(`cooperativas ${id}`);
  await search.press("Enter");
  await expect.poll(() => new URL(page.url()).pathname).toBe("/busca");
  expect(new URL(page.url()).searchParams.get("q")).toBe(`cooperativas ${id}`);
  await expect(main.getByRole("status")).toContainText("para “cooperativas");
  const first = main.getByRole("listitem").first();
  await expect(first.getByRole("link")).toHaveText(pageTitle);
  await expect(first.getByRole("link")).toHaveAttribute("href", found.url);
});

test("a taken slug shows the field error and keeps what was typed", async ({ page, api, createUser }) => {
  const id = uniqueId();
  const taken = await create(api, "pages", { title: `Ocupada ${id}`, slug: `ocupada-${id}`, status: "published" });
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  await page.goto("/conta/pages/new");
  const form = page.getByRole("form", { name: "Nova página" });
  const save = form.getByRole("button", { name: "Salvar", exact: true });
  await waitForHydration(save);
  const title = form.getByRole("textbox", { name: "Título", exact: true });
  const slug = form.getByRole("textbox", { name: "Slug", exact: true });
  await title.fill(`Outra página ${id}`);
  await slug.fill(taken.slug);
  await save.click();

  await expect(await errorOf(slug)).toHaveText("Este endereço já está em uso.");
  await expectPath(page, "/conta/pages/new");
  await expect(title).toHaveValue(`Outra página ${id}`);
  await expect(slug).toHaveValue(taken.slug);
});
