import { randomBytes } from "node:crypto";
import {
  type APIRequestContext,
  type APIResponse,
  test as base,
  type Download,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { CONFIGURED_URL, SITE_ADMIN } from "./site.ts";

/** The project's site (its baseURL in playwright.config.ts): the configured one unless the project has its own. */
function projectSite(project: { use: { baseURL?: string } }): string {
  return project.use.baseURL ?? CONFIGURED_URL;
}

/** The site the running test's project shares with the specs of its project (playwright.config.ts). */
export function siteUrl(): string {
  return projectSite(base.info().project);
}

export { expect };

export type Role = "user" | "admin" | "super";
export type Account = { id: number; name: string; email: string; password: string; role: Role };

/** A short suffix that keeps names and e-mails unique across tests sharing the configured site. */
/** The shops the browser tests set up deliver in São Paulo state at one table rate ("Entrega padrão"). */
export const SAO_PAULO_RATE = {
  name: "Entrega padrão",
  region: { kind: "uf", uf: "SP" },
  min_weight_grams: 0,
  max_weight_grams: 30000,
  price_cents: 1290,
  delivery_days: 3,
} as const;

export function uniqueId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

/** The parsed JSON of a response, after checking its status. */
export async function jsonOf<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), `${response.url()} answered ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** The bytes of a finished download. */
export async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** React has taken over this element (it carries React's props), so typing and clicking reach the app's handlers. */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
}

type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };

/**
 * React has committed the hydration of the whole page. Elements get React's props (waitForHydration)
 * while hydration is still under way; a select changed in between is reset to the server's value by
 * the hydration, so a test that changes a select right after a page load waits for this instead.
 */
export async function waitForHydratedPage(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
        const root = key ? (document as unknown as Record<string, HostRoot>)[key] : undefined;
        return root?.stateNode?.current?.memoizedState?.isDehydrated;
      }),
    )
    .toBe(false);
}

/** The path (with the query) of the page's current address. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function expectPath(page: Page, expected: string): Promise<void> {
  await expect.poll(() => pathOf(page)).toBe(expected);
}

/** The element holding a Mantine input's error text, found through the input's aria-describedby. */
export async function errorOf(input: Locator): Promise<Locator> {
  await expect(input).toHaveAttribute("aria-describedby", /-error\b/);
  const ids = (await input.getAttribute("aria-describedby"))?.split(/\s+/) ?? [];
  const id = ids.find((value) => value.endsWith("-error"));
  return input.page().locator(`[id="${id}"]`);
}

/** The computed text colour of an element as [r, g, b]. */
export async function colorOf(locator: Locator): Promise<number[]> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  return (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

/**
 * Signs in through the login form: opens /login unless the page is already there (e.g. after
 * a redirect that carries ?redirectTo=), then waits until the form has left the login page.
 */
type Feature = { title: string; url: string; enabled: boolean };

/** Switches Notícias and Agenda on (no spec switches them off); the settings are written whole, so they are read first. */
export async function enablePostsAndEvents(api: APIRequestContext): Promise<void> {
  const settings = await jsonOf<{ features: Record<string, Feature> }>(await api.get("/api/settings"));
  for (const key of ["posts", "events"]) {
    const feature = settings.features[key];
    if (!feature) throw new Error(`settings have no ${key} feature`);
    settings.features[key] = { ...feature, enabled: true };
  }
  await jsonOf(await api.post("/api/settings", { data: settings }));
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  if (page.url() === "about:blank" || new URL(page.url()).pathname !== "/login") await page.goto("/login");
  const form = page.getByRole("form", { name: "Entrar" });
  const submit = form.getByRole("button", { name: "Entrar" });
  await waitForHydration(submit);
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await submit.click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe("/login");
}

/**
 * Collects the Content-Security-Policy violations of the page's own documents (not of embedded
 * players), reported by the browser's securitypolicyviolation event through a binding that lasts
 * across navigations.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const violations: string[] = [];
  await page.exposeBinding("__reportCspViolation", (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
    document.addEventListener("securitypolicyviolation", (event) =>
      report(
        `${event.effectiveDirective} refused ${event.blockedURI.slice(0, 80)} from ${event.sourceFile}:${event.lineNumber} on ${event.documentURI}`,
      ),
    );
  });
  return () => [...violations];
}

type TestFixtures = {
  /** The project's site's REST API, signed in as its super user (`Authorization: Token ...`). */
  api: APIRequestContext;
  /** Creates a user with a unique e-mail through POST /api/users, as the super user. */
  createUser: (role: Role) => Promise<Account>;
};

type WorkerFixtures = { superToken: string };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Browser errors and failed requests are attached to a failing test: they usually say why.
  // Every page must also run under the site's Content-Security-Policy without a violation.
  page: async ({ page }, use, testInfo) => {
    const cspViolations = await watchCspViolations(page);
    const events: string[] = [];
    const at = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
    const started = Date.now();
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        events.push(`${at()} console.${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => events.push(`${at()} page error: ${error.stack ?? error.message}`));
    page.on("requestfailed", (request) =>
      events.push(`${at()} request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
    );
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) events.push(`${at()} navigated: ${frame.url()}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && events.length) {
      await testInfo.attach("browser-events", { body: events.join("\n"), contentType: "text/plain" });
    }
    expect(cspViolations(), "Content-Security-Policy violations").toEqual([]);
  },

  superToken: [
    async ({ playwright }, use, workerInfo) => {
      const context = await playwright.request.newContext({ baseURL: projectSite(workerInfo.project) });
      const response = await context.post("/api/auth/login", {
        data: { email: SITE_ADMIN.email, password: SITE_ADMIN.password },
      });
      const { token } = await jsonOf<{ token: string }>(response);
      await context.dispose();
      await use(token);
    },
    { scope: "worker" },
  ],

  api: async ({ playwright, superToken }, use, testInfo) => {
    const context = await playwright.request.newContext({
      baseURL: projectSite(testInfo.project),
      extraHTTPHeaders: { Authorization: `Token ${superToken}`, Accept: "application/json" },
    });
    await use(context);
    await context.dispose();
  },

  createUser: async ({ api }, use) => {
    await use(async (role) => {
      const id = uniqueId();
      const account = {
        name: `Pessoa ${role} ${id}`,
        email: `${role}-${id}@example.com`,
        password: "senha-e2e-1",
        role,
      };
      const created = await jsonOf<{ id: number }>(await api.post("/api/users", { data: account }), 201);
      return { ...account, id: created.id };
    });
  },
});
