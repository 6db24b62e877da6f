import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, jsonOf, login, test, uniqueId, waitForHydration } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

type Menu = { id: number };

/** Menus made through the REST API, deleted again (children go with their parent) however the test ends. */
function menuMaker(api: APIRequestContext) {
  const created: number[] = [];
  return {
    async create(data: Record<string, unknown>) {
      const menu = await jsonOf<Menu>(await api.post("/api/menus", { data }), 201);
      created.push(menu.id);
      return menu;
    },
    async cleanUp() {
      for (const id of created.reverse()) await api.delete(`/api/menus/${id}`);
    },
  };
}

test("the header shows enabled menus, a keyboard dropdown and external links in new tabs", async ({ page, api }) => {
  const menus = menuMaker(api);
  try {
    const institutional = await menus.create({ name: "Institucional", url: "/institucional" });
    await menus.create({ name: "Quem somos", url: "/quem-somos", parent_id: institutional.id });
    await menus.create({
      name: "Transparência",
      url: "https://example.org/transparencia",
      parent_id: institutional.id,
    });
    await menus.create({ name: "Blog", url: "https://blog.example.org" });
    await menus.create({ name: "Oculto", url: "/oculto", enabled: false });

    await page.goto("/");
    const banner = page.getByRole("banner");
    const header = banner.getByRole("navigation", { name: "Menu principal" });
    await expect(header).toBeVisible();
    await expect(page.getByText("Oculto")).toHaveCount(0);

    const blog = header.getByRole("link", { name: "Blog", exact: true });
    await expect(blog).toHaveAttribute("href", "https://blog.example.org");
    await expect(blog).toHaveAttribute("target", "_blank");
    await expect(blog).toHaveAttribute("rel", /\bnoopener\b/);

    await expect(banner.getByRole("link", { name: "Minha conta" })).toHaveAttribute("href", "/conta");

    const dropdown = header.getByRole("button", { name: "Institucional" });
    await waitForHydration(dropdown);
    await dropdown.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    // The button only opens the dropdown, so the parent's own address is its first entry.
    await expect(menu.getByRole("menuitem")).toHaveText(["Institucional", "Quem somos", "Transparência"]);
    await expect(menu.getByRole("menuitem", { name: "Institucional" })).toHaveAttribute("href", "/institucional");
    await expect(menu.getByRole("menuitem", { name: "Quem somos" })).toHaveAttribute("href", "/quem-somos");
    const transparency = menu.getByRole("menuitem", { name: "Transparência" });
    await expect(transparency).toHaveAttribute("href", "https://example.org/transparencia");
    await expect(transparency).toHaveAttribute("target", "_blank");
  } finally {
    await menus.cleanUp();
  }
});

test("a dropdown title needs no address, and a draft page is not linked until it is published", async ({
  page,
  api,
}) => {
  const id = uniqueId();
  const slug = `plano-${id}`;
  const draft = await jsonOf<{ id: number }>(
    await api.post("/api/pages", { data: { title: `Plano ${id}`, slug, status: "draft" } }),
    201,
  );
  const menus = menuMaker(api);
  try {
    const projects = await menus.create({ name: `Projetos ${id}` });
    await menus.create({ name: `Horta ${id}`, url: "/horta", parent_id: projects.id });
    await menus.create({ name: `Plano futuro ${id}`, page_id: draft.id, parent_id: projects.id });
    await menus.create({ name: `Plano ${id}`, page_id: draft.id });

    await page.goto("/");
    const header = page.getByRole("banner").getByRole("navigation", { name: "Menu principal" });
    // Neither a link nor the slug anywhere in the page (the menus also travel in the hydration data).
    expect(await page.content()).not.toContain(slug);
    await expect(header.getByText(`Plano ${id}`, { exact: true })).toHaveCount(0);

    const dropdown = header.getByRole("button", { name: `Projetos ${id}` });
    await waitForHydration(dropdown);
    await dropdown.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([`Horta ${id}`]);

    const published = await api.put(`/api/pages/${draft.id}`, {
      data: { title: `Plano ${id}`, slug, status: "published" },
    });
    expect(published.status()).toBe(200);
    await page.reload();
    await expect(header.getByRole("link", { name: `Plano ${id}`, exact: true })).toHaveAttribute("href", `/${slug}`);
    await waitForHydration(dropdown);
    await dropdown.click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([`Horta ${id}`, `Plano futuro ${id}`]);
  } finally {
    await menus.cleanUp();
    await api.delete(`/api/pages/${draft.id}`);
  }
});

/** The top of each element, in CSS pixels. */
const topsOf = (items: Locator) =>
  items.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));

async function expectOneRow(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const banner = page.getByRole("banner");
  const nav = banner.getByRole("navigation", { name: "Menu principal" });
  await expect(nav).toBeVisible();
  const items = nav.locator(":scope > *");
  const tops = await topsOf(items);
  expect(new Set(tops).size, `menu items on one row at ${width} px: tops ${tops.join(", ")}`).toBe(1);
  // No name broken over two lines either.
  const heights = await items.evaluateAll((elements) => elements.map((element) => element.clientHeight));
  expect(Math.max(...heights), `item heights at ${width} px: ${heights.join(", ")}`).toBeLessThan(40);
  // Logo, search and 'Minha conta' share the first row.
  const first = [
    banner.getByRole("link", { name: /página inicial$/ }),
    banner.getByRole("searchbox", { name: "Buscar" }),
    banner.getByRole("link", { name: "Minha conta" }),
  ];
  const middles: number[] = [];
  for (const element of first) {
    const box = await element.boundingBox();
    if (!box) throw new Error(`not visible at ${width} px`);
    middles.push(box.y + box.height / 2);
  }
  expect(Math.max(...middles) - Math.min(...middles), `first row at ${width} px`).toBeLessThan(12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("with seven menu items the header does not wrap from 992 to 1280 px", async ({ page, api, request }) => {
  const names = ["Quem somos", "Cooperados", "Transparência", "Projetos", "Notícias", "Biblioteca", "Contato"];
  const menus = menuMaker(api);
  try {
    // The site may already show feature menus (Biblioteca, Notícias...): it gets seven in all.
    const shown = await jsonOf<{ name: string }[]>(await request.get("/api/menus"));
    const missing = names.filter((name) => !shown.some((menu) => menu.name === name));
    for (const name of missing.slice(0, Math.max(0, names.length - shown.length))) {
      const menu = await menus.create({ name, url: `/${name.toLowerCase().replace(/\s+/g, "-")}` });
      if (name === "Projetos") await menus.create({ name: "Horta comunitária", url: "/horta", parent_id: menu.id });
    }
    await page.goto("/");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Menu principal" });
    expect(await nav.locator(":scope > *").count()).toBeGreaterThanOrEqual(7);
    for (const width of [992, 1100, 1280]) await expectOneRow(page, width);

    // Below 992 px the menu is behind the burger.
    await page.setViewportSize({ width: 991, height: 800 });
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
    await expect(nav).toBeHidden();
  } finally {
    await menus.cleanUp();
  }
});

type Features = Record<"posts" | "events" | "medias", { title: string }>;

// The feature titles are read, not changed: other specs running at the same time rely on them.
test("the account screens of a feature are headed with its title from the settings", async ({
  page,
  api,
  createUser,
}) => {
  const { features } = await jsonOf<{ features: Features }>(await api.get("/api/settings"));
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  for (const [key, path] of [
    ["posts", "/conta/posts"],
    ["events", "/conta/events"],
    ["medias", "/conta/medias"],
  ] as const) {
    await page.goto(path);
    const title = features[key].title;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(sidebar.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", path);
    await expect(page).toHaveTitle(new RegExp(`^${title}\\b`));
  }
});

test("without JavaScript the keyboard still reaches a dropdown's entries", async ({ browser, api }) => {
  const id = uniqueId();
  const menus = menuMaker(api);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: CONFIGURED_URL });
  try {
    const services = await menus.create({ name: `Serviços ${id}` });
    await menus.create({ name: `Crédito ${id}`, url: "/credito", parent_id: services.id });
    const page = await context.newPage();
    await page.goto("/");
    const header = page.getByRole("banner").getByRole("navigation", { name: "Menu principal" });
    const entry = header.getByRole("menuitem", { name: `Crédito ${id}` });
    await expect(entry).toBeHidden();
    await header.getByRole("button", { name: `Serviços ${id}` }).focus();
    await page.keyboard.press("Tab");
    await expect(entry).toBeFocused();
    await expect(entry).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(entry).toBeHidden();
  } finally {
    await context.close();
    await menus.cleanUp();
  }
});

test("on a phone the burger opens the menu as a dialog, drawn once it is asked for", async ({ page, api, request }) => {
  const id = uniqueId();
  const menus = menuMaker(api);
  try {
    const projects = await menus.create({ name: `Projetos ${id}`, url: `/projetos-${id}` });
    await menus.create({ name: `Horta ${id}`, url: "/sobre", parent_id: projects.id });
    // The server's page has the menu's links once: the phone's copy is drawn in the browser.
    const html = await (await request.get("/")).text();
    expect(html.split(`>Horta ${id}</a>`).length - 1).toBe(1);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const burger = page.getByRole("button", { name: "Abrir menu" });
    await waitForHydration(burger);
    await burger.click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    // The dialog takes the focus at once, as a modal must.
    await expect(drawer.getByRole("button", { name: "Fechar menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(burger).toHaveAttribute("aria-expanded", "false");

    await burger.click();
    await drawer.getByRole("link", { name: `Horta ${id}` }).click();
    await expect(page).toHaveURL(/\/sobre$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  } finally {
    await menus.cleanUp();
  }
});
