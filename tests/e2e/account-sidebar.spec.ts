import type { Page } from "@playwright/test";
import { type Account, expect, jsonOf, login, test } from "./fixtures.ts";

const ADMIN_LINKS = ["Páginas", "Menus", "Redirecionamentos", "Contatos", "Usuários", "Configurações", "E-mails"];
// Notas fiscais, Produtos and Cupons come with the shop's feature link, under the same rule.
const FEATURE_LINKS = ["Notícias", "Agenda", "Biblioteca", "Loja", "Notas fiscais", "Produtos", "Cupons"];

async function openSidebar(page: Page, account: Account) {
  await login(page, account.email, account.password);
  await page.goto("/conta");
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await expect(sidebar.getByText(account.name, { exact: true })).toBeVisible();
  return sidebar;
}

const link = (sidebar: ReturnType<Page["getByRole"]>, name: string) => sidebar.getByRole("link", { name, exact: true });

test("a customer sees their orders and data, and no administration links", async ({ page, createUser }) => {
  const user = await createUser("user");
  const sidebar = await openSidebar(page, user);
  await expect(sidebar.getByText("Cliente", { exact: true })).toBeVisible();
  await expect(link(sidebar, "Meus pedidos")).toHaveAttribute("href", "/conta/pedidos");
  await expect(link(sidebar, "Meus dados")).toHaveAttribute("href", "/conta/profile");
  await expect(sidebar.getByRole("button", { name: "Sair" })).toBeVisible();
  for (const name of [...ADMIN_LINKS, ...FEATURE_LINKS]) await expect(link(sidebar, name)).toHaveCount(0);
});

test("an administrator sees the administration links and every feature link", async ({ page, createUser }) => {
  const admin = await createUser("admin");
  const sidebar = await openSidebar(page, admin);
  await expect(sidebar.getByText("Administrador", { exact: true })).toBeVisible();
  for (const name of [...ADMIN_LINKS, ...FEATURE_LINKS, "Meus dados"]) await expect(link(sidebar, name)).toBeVisible();
  await expect(link(sidebar, "Notícias")).toHaveAttribute("href", "/conta/posts");
  await expect(sidebar.getByRole("button", { name: "Sair" })).toBeVisible();
});

type Settings = { features: Record<string, { title: string; url: string; enabled: boolean }> };

// Other specs switch Notícias and Agenda on (never off) and the global setup switches Biblioteca on
// for the medias spec, so this one toggles Loja; the shop's own specs switch it too, so this spec
// runs between them, alone (playwright.config.ts), and switches it off again at the end.
test("a super user sees feature links only for enabled features", async ({ page, api, createUser }) => {
  const setShop = async (enabled: boolean) => {
    const settings = await jsonOf<Settings>(await api.get("/api/settings"));
    const shop = settings.features.shop;
    if (!shop) throw new Error("settings have no shop feature");
    settings.features.shop = { ...shop, enabled };
    await jsonOf(await api.post("/api/settings", { data: settings }));
  };

  const superUser = await createUser("super");
  await setShop(false);
  const sidebar = await openSidebar(page, superUser);
  await expect(sidebar.getByText("Super", { exact: true })).toBeVisible();
  for (const name of [...ADMIN_LINKS, "Meus dados"]) await expect(link(sidebar, name)).toBeVisible();
  await expect(link(sidebar, "Biblioteca")).toHaveAttribute("href", "/conta/medias");
  await expect(link(sidebar, "Loja")).toHaveCount(0);
  await expect(link(sidebar, "Notas fiscais")).toHaveCount(0);
  await expect(link(sidebar, "Produtos")).toHaveCount(0);
  await expect(link(sidebar, "Cupons")).toHaveCount(0);

  try {
    await setShop(true);
    await page.reload();
    await expect(link(sidebar, "Loja")).toHaveAttribute("href", "/conta/shop");
    await expect(link(sidebar, "Notas fiscais")).toHaveAttribute("href", "/conta/fiscal");
    await expect(link(sidebar, "Produtos")).toHaveAttribute("href", "/conta/produtos");
    await expect(link(sidebar, "Cupons")).toHaveAttribute("href", "/conta/cupons");
    await expect(link(sidebar, "Biblioteca")).toHaveAttribute("href", "/conta/medias");
  } finally {
    await setShop(false);
  }
});

test("on a phone the sidebar is a collapsible block titled 'Minha conta'", async ({ page, createUser }) => {
  const user = await createUser("user");
  await page.setViewportSize({ width: 375, height: 740 });
  await login(page, user.email, user.password);
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await expect(sidebar).toHaveCount(0);
  await page.getByRole("button", { name: "Abrir o menu da conta" }).click();
  await expect(sidebar.getByText(user.name, { exact: true })).toBeVisible();
  await expect(link(sidebar, "Meus dados")).toBeVisible();
});
