import { signInWithoutJavaScript } from "./account-forms.ts";
import { openBeforeHydration } from "./before-hydration.ts";
import { expect, login, test } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

// Issue 33 (item 13): a tap on the account's menu at 375 px before the page came to life was lost. The
// burger opens the menu through the browser alone (a popover), so it works before and without JavaScript.

test.use({ viewport: { width: 375, height: 740 } });

test("the account's menu on a phone opens from a tap before the page comes to life, and stays usable after", async ({
  page,
  createUser,
}) => {
  const customer = await createUser("user");
  await login(page, customer.email, customer.password);
  const { hydrate } = await openBeforeHydration(page, "/conta/profile");
  const burger = page.getByRole("button", { name: "Abrir o menu da conta" });
  const menu = page.getByRole("navigation", { name: "Minha conta" }).filter({ visible: true });
  await burger.click();
  await expect(menu.getByRole("link", { name: "Meus pedidos" })).toBeVisible();
  // The browser says whether it is open (a popover's invoker): no aria-expanded of our own beside it.
  await expect(burger).toHaveAttribute("popovertarget");
  await expect(burger).not.toHaveAttribute("aria-expanded");

  await hydrate();
  await expect(menu.getByRole("link", { name: "Meus pedidos" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await burger.click();
  await menu.getByRole("link", { name: "Meus pedidos" }).click();
  await expect(page).toHaveURL(/\/conta\/pedidos$/);
  await expect(menu).toHaveCount(0);
});

test("without JavaScript the account's menu on a phone opens and leads on", async ({ browser, createUser }) => {
  const customer = await createUser("user");
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: CONFIGURED_URL,
    viewport: { width: 375, height: 740 },
  });
  try {
    const page = await context.newPage();
    await signInWithoutJavaScript(page, customer.email, customer.password, "/conta");
    await page.getByRole("button", { name: "Abrir o menu da conta" }).click();
    const menu = page.getByRole("navigation", { name: "Minha conta" }).filter({ visible: true });
    await menu.getByRole("link", { name: "Meus dados" }).click();
    await expect(page).toHaveURL(/\/conta\/profile$/);
  } finally {
    await context.close();
  }
});
