import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { contrastRatio, READABLE_CONTRAST } from "../../common/color-contrast.ts";
import {
  colorOf,
  errorOf,
  expect,
  expectPath,
  jsonOf,
  login,
  test,
  uniqueId,
  waitForHydratedPage,
  waitForHydration,
} from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

type Settings = Record<string, unknown> & { title: string; primary_color: string; secondary_color: string };

const CONTACT_SUCCESS = "Sua mensagem foi enviado. Em breve entraremos em contato. Obrigado!";

/** The settings as the settings call takes them back (files as urls). */
async function currentSettings(api: APIRequestContext): Promise<Settings> {
  const settings = await jsonOf<Settings>(await api.get("/api/settings"));
  for (const key of ["site_logo", "site_cover", "site_favicon"]) {
    const file = settings[key] as { url: string } | null;
    settings[key] = file?.url ?? null;
  }
  return settings;
}

test("a menu pointing at /contato opens a contact page that sends the message", async ({ page, api }) => {
  const id = uniqueId();
  const menu = await jsonOf<{ id: number }>(
    await api.post("/api/menus", { data: { name: `Fale com a gente ${id}`, url: "/contato" } }),
    201,
  );
  try {
    await page.goto("/");
    const link = page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", {
      name: `Fale com a gente ${id}`,
    });
    // Spec §9: the theme's dark colour (menu links use it) is #212529.
    expect(await colorOf(link)).toEqual([33, 37, 41]);
    await waitForHydration(link);
    await link.click();
    await expectPath(page, "/contato");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Contato" })).toBeVisible();
    // The page's own form; the footer leaves its copy out here.
    const form = page.getByRole("form", { name: "Formulário de contato" });
    await expect(form).toHaveCount(1);
    await expect(main.getByRole("form", { name: "Formulário de contato" })).toBeVisible();

    const email = form.getByRole("textbox", { name: "E-mail", exact: true });
    await email.fill("nao-e-email");
    await email.blur();
    // Dark text on the page (the footer's errors are white on its coloured background).
    expect(await colorOf(await errorOf(email))).not.toEqual([255, 255, 255]);
    await form.getByRole("textbox", { name: "Nome", exact: true }).fill(`Visitante ${id}`);
    await email.fill(`visitante-${id}@example.com`);
    await form.getByRole("textbox", { name: "Mensagem", exact: true }).fill(`Mensagem pela página ${id}.`);
    await form.getByRole("button", { name: "ENVIAR" }).click();
    await expect(page.getByText(CONTACT_SUCCESS)).toBeVisible();
    const messages = await jsonOf<{ data: { email: string }[] }>(await api.get(`/api/contacts?q=${id}`));
    expect(messages.data.map((message) => message.email)).toEqual([`visitante-${id}@example.com`]);

    const direct = await page.goto("/contato");
    expect(direct?.status()).toBe(200);
    expect(direct?.headers()["content-type"]).toMatch(/^text\/html/);
  } finally {
    await api.delete(`/api/menus/${menu.id}`);
  }
});

test("routes without a page of their own never answer raw JSON", async ({ request }) => {
  const origin = { Origin: CONFIGURED_URL };
  const logout = await request.get("/sair", { maxRedirects: 0 });
  expect(logout.status()).toBe(302);
  expect(logout.headers().location).toBe("/");

  // A contact form posted without JavaScript lands on the contact page with the status of the answer.
  const refused = await request.post("/contato", { form: { name: "", email: "", message: "" }, headers: origin });
  expect(refused.status()).toBe(400);
  expect(refused.headers()["content-type"]).toMatch(/^text\/html/);

  for (const path of ["/robots.txt", "/sitemap.xml", "/noticias/rss.xml", "/agenda.ics", "/agenda/nada/ics"]) {
    const response = await request.post(path, { form: { a: "1" }, headers: origin });
    expect(response.status(), path).toBe(405);
    expect(response.headers()["content-type"], path).toMatch(/^text\/plain/);
    expect(response.headers().allow, path).toBe("GET, HEAD");
  }
});

test("a 403 page says access was denied, and 'Voltar' on a page opened in a new tab goes home", async ({
  page,
  context,
  createUser,
}) => {
  const user = await createUser("user");
  await login(page, user.email, user.password);
  const [opened] = await Promise.all([
    context.waitForEvent("page"),
    page.evaluate(() => {
      window.open("/conta/settings", "_blank", "noopener");
    }),
  ]);
  await expect(opened.getByRole("heading", { level: 1, name: "Ocorreu um erro" })).toBeVisible();
  await expect(opened.getByText("Você não tem permissão para acessar esta página.")).toBeVisible();
  expect(await opened.evaluate(() => window.history.length)).toBe(1);
  const back = opened.getByRole("button", { name: "Voltar" });
  await waitForHydration(back);
  await back.click();
  await expect.poll(() => new URL(opened.url()).pathname).toBe("/");
});

test("settings: an empty required field is brought into view and named; a bad colour is an error, not a revert", async ({
  page,
  api,
  createUser,
}) => {
  const stored = await currentSettings(api);
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto("/conta/settings");
  await waitForHydratedPage(page);
  const form = page.getByRole("form", { name: "Configurações" });
  const title = form.getByRole("textbox", { name: "Título", exact: true });
  const save = form.getByRole("button", { name: "Salvar" });

  await title.fill("");
  await save.scrollIntoViewIfNeeded();
  await expect(title).not.toBeInViewport();
  await save.click();
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  await expect(await errorOf(title)).toHaveText("Campo obrigatório");
  await expect(page.getByText("Verifique os campos destacados.")).toBeVisible();

  await title.fill(stored.title);
  for (const typed of ["azul", "#12"]) {
    const primary = form.getByRole("textbox", { name: "Cor primária", exact: true });
    await primary.fill(typed);
    await primary.blur();
    await expect(primary).toHaveValue(typed);
    await expect(await errorOf(primary)).toHaveText(/^Cor inválida/);
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await expect(primary).toBeFocused();
  }
  // Nothing was sent.
  expect((await currentSettings(api)).primary_color).toBe(stored.primary_color);
});

test("settings: a primary colour too light for text on white is pointed out as it is typed", async ({
  page,
  createUser,
}) => {
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto("/conta/settings");
  await waitForHydratedPage(page);
  const primary = page.getByRole("textbox", { name: "Cor primária", exact: true });
  const note = /^Pouco contraste com o branco \(1,6:1; o mínimo recomendado é 4,5:1\)/;
  await primary.fill("#ffc107");
  await expect(primary).toHaveAccessibleDescription(note);
  await primary.fill("#2f6b3a");
  await expect(primary).not.toHaveAccessibleDescription(/contraste/);
});

test("a light primary colour: text in it on white (links, outlined buttons) takes a darker shade that reads", async ({
  page,
  api,
  createUser,
}) => {
  const stored = await currentSettings(api);
  const admin = await createUser("admin");
  const hex = (rgb: number[]) => `#${rgb.map((value) => value.toString(16).padStart(2, "0")).join("")}`;
  await jsonOf(await api.post("/api/settings", { data: { ...stored, primary_color: "#ffc107", site_logo: null } }));
  try {
    await page.goto("/");
    // The header's title is text in the primary colour on white; #ffc107 itself is 1.6:1.
    const brand = hex(await colorOf(page.getByRole("banner").getByRole("link", { name: /página inicial$/ })));
    expect(contrastRatio(brand, "#ffffff"), brand).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    expect(contrastRatio(brand, "#ffffff"), `${brand} is not black: the hue stays`).toBeLessThan(6);

    await login(page, admin.email, admin.password);
    await page.goto("/conta");
    // Links, outlined buttons, coloured text and error text in the account area, as the browser draws them.
    for (const variable of [
      "--mantine-color-anchor",
      "--mantine-color-primary-outline",
      "--mantine-color-primary-text",
      "--mantine-color-error",
    ]) {
      const rgb = await page.evaluate((name) => {
        const probe = document.createElement("span");
        probe.style.color = `var(${name})`;
        document.body.append(probe);
        const color = getComputedStyle(probe).color;
        probe.remove();
        return (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      }, variable);
      expect(contrastRatio(hex(rgb), "#ffffff"), `${variable}: ${hex(rgb)}`).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    }
  } finally {
    const latest = await currentSettings(api);
    await jsonOf(
      await api.post("/api/settings", {
        data: { ...latest, primary_color: stored.primary_color, site_logo: stored.site_logo },
      }),
    );
  }
});

test("the library says once how many items it found", async ({ page, api }) => {
  const id = uniqueId();
  const title = `Relatório único ${id}`;
  const item = await jsonOf<{ id: number }>(
    await api.post("/api/medias", { data: { title, type: "report", status: "published" } }),
    201,
  );
  try {
    await page.goto(`/biblioteca?q=${encodeURIComponent(title)}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("status")).toHaveText("1 item encontrado");
    await expect(main.getByRole("link", { name: title })).toBeVisible();
    await expect(main.getByText(/^\s*1 item\s*$/)).toHaveCount(0);
  } finally {
    await api.delete(`/api/medias/${item.id}`);
  }
});

test("the footer logo lines up with the footer text", async ({ page, api }, testInfo) => {
  const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#2f6b3a" } })
    .png()
    .toBuffer();
  const uploaded = await jsonOf<{ url: string }>(
    await api.post("/api/uploads/images", {
      multipart: { file: { name: "logo.png", mimeType: "image/png", buffer: logo } },
    }),
    201,
  );
  const stored = await currentSettings(api);
  await jsonOf(await api.post("/api/settings", { data: { ...stored, site_logo: uploaded.url, site_footer_logo: 1 } }));
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const image = footer.getByRole("img", { name: stored.title });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await testInfo.attach("footer", { body: await footer.screenshot(), contentType: "image/png" });
    const logoBox = await image.boundingBox();
    const titleBox = await footer.getByRole("heading", { name: stored.title }).boundingBox();
    if (!logoBox || !titleBox) throw new Error("the footer logo or title is not shown");
    expect(Math.abs(logoBox.x - titleBox.x)).toBeLessThanOrEqual(1);
    // 300x100 shown 64 px high: the image is as wide as the logo, not the whole column.
    expect(logoBox.height).toBeCloseTo(64, 0);
    expect(logoBox.width).toBeCloseTo(192, 0);
  } finally {
    const latest = await currentSettings(api);
    await jsonOf(
      await api.post("/api/settings", {
        data: { ...latest, site_logo: stored.site_logo, site_footer_logo: stored.site_footer_logo },
      }),
    );
  }
});
