import type { Page, Request } from "@playwright/test";
import { expect, expectPath, test, waitForHydratedPage, waitForHydration } from "./fixtures.ts";
import { SITE_ADMIN } from "./site.ts";

const CHUNK_LOAD_FAILED = "Não foi possível abrir a página. Verifique sua conexão e tente novamente.";

type ManifestWindow = Window & { __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> } };

/**
 * The address of a route's code, from React Router's manifest in the page (routes behind the
 * page's links are added to it once they are discovered).
 */
async function routeModule(page: Page, routeId: string): Promise<string> {
  let url = "";
  await expect
    .poll(async () => {
      url = await page.evaluate(
        (id) => (window as ManifestWindow).__reactRouterManifest?.routes[id]?.module ?? "",
        routeId,
      );
      return url;
    })
    .not.toBe("");
  return new URL(url, page.url()).toString();
}

/** Every page load (document request) of the tab from now on. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on("request", (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

test("a page whose code fails to load is loaded in full at the address asked for, at most once a minute", async ({
  page,
}) => {
  await page.goto("/login");
  await waitForHydratedPage(page);
  const home = page.getByRole("link", { name: `${SITE_ADMIN.title} - página inicial` });
  await waitForHydration(home);

  // The home page's code fails (as after a deploy removed it) until the browser loads the home page in full.
  const homeModule = await routeModule(page, "routes/site/home");
  let blocked = true;
  await page.route(homeModule, (route) => (blocked ? route.abort() : route.continue()));
  page.on("request", (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === "/") blocked = false;
  });
  const loads = documentLoads(page);

  await home.click();
  await expectPath(page, "/");
  await waitForHydratedPage(page);
  // One page load, of the address asked for; React Router alone would have reloaded /login.
  expect(loads).toEqual(["/"]);

  // Within the minute, a second failure does not reload again: the visitor stays and is told.
  const accountLink = page.getByRole("banner").getByRole("link", { name: "Minha conta" });
  await waitForHydration(accountLink);
  const accountModule = await routeModule(page, "routes/conta/layout");
  await page.route(accountModule, (route) => route.abort());
  await accountLink.click();
  await expect(page.getByText(CHUNK_LOAD_FAILED)).toBeVisible();
  await page.waitForTimeout(1000);
  expect(loads).toEqual(["/"]);
  await expectPath(page, "/");
  // React Router never retries that code in this page; asking again is refused the same way, not left hanging.
  await accountLink.focus();
  await page.keyboard.press("Enter");
  await page.waitForTimeout(1000);
  await expect(page.getByText("Carregando...")).toHaveCount(0);
  expect(loads).toEqual(["/"]);
  await expectPath(page, "/");

  // A minute later the next click loads the page asked for in full.
  await page.evaluate(() => window.sessionStorage.setItem("cms:chunk-reload-at", String(Date.now() - 61_000)));
  await page.keyboard.press("Enter");
  await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  expect(loads.slice(0, 2)).toEqual(["/", "/conta"]);
});
