import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { LONG_TITLE, type PageRole, readSeeded, type Seeded, statePath } from "./every-page.ts";
import { expect, test, waitForHydratedPage } from "./fixtures.ts";
import { htmlErrors } from "./html-checker.ts";

/**
 * Every page of app/routes.ts, for each role that may open it (issue 24): at 320, 360, 375 and 414 px
 * the page is no wider than the screen, its header's controls and its tables' cells are on it (a table
 * scrolling sideways hides some), no box cuts its text off, and axe-core finds no violation (of any impact, experimental rules
 * included) on a phone nor in what a desktop shows differently. One load per page and role: the widths are
 * the same page resized. The data comes from every-page.setup.ts (long site title, long names, a cart
 * with items in every role's browser); a focused run takes
 * `npx playwright test --project=every-page` (its setup project runs first).
 */
test.describe.configure({ mode: "parallel" });

const PHONE_WIDTHS = [320, 360, 375, 414];
const PHONE = 375;
const DESKTOP = 1280;
/** What a desktop shows differently: the header's menu row, the account's sidebar, tables as tables. */
const WIDE_PARTS = "header, nav, table";
const HEIGHT = 800;

type Visit = {
  /** The route of app/routes.ts. */
  route: string;
  path: (seeded: Seeded) => string;
  /** The answer's status when it is not 200. */
  status?: number;
};

const fixed = (route: string, status?: number): Visit => ({ route, path: () => route, status });

const sitePages: Visit[] = [
  fixed("/"),
  { route: "/:slug", path: (seeded) => seeded.pagePath },
  fixed("/noticias"),
  { route: "/noticias/:slug", path: (seeded) => seeded.postPath },
  fixed("/agenda"),
  { route: "/agenda/:slug", path: (seeded) => seeded.eventPath },
  fixed("/biblioteca"),
  { route: "/biblioteca/:id", path: (seeded) => `/biblioteca/${seeded.mediaId}` },
  { route: "/busca", path: () => "/busca?q=cooperadas" },
  fixed("/contato"),

  fixed("/esqueci-minha-senha"),
  { route: "/redefinir-senha", path: () => "/redefinir-senha?token=link-vencido" },
  { route: "* (404)", path: () => "/esta-pagina-nao-existe", status: 404 },
  fixed("/loja"),
  { route: "/loja/:slug", path: (seeded) => seeded.productPath },
  fixed("/loja/carrinho"),
  fixed("/loja/finalizar-pedido"),
  fixed("/associe-se"),
  { route: "/verificar/:code", path: (seeded) => seeded.verificationPath },
];

/** The payment page of the customer's order: hers and the administrators' only. */
const payment: Visit = { route: "/checkout", path: (seeded) => `/checkout?pedido=${seeded.orderId}` };
const accountNotFound: Visit = { route: "/conta/* (404)", path: () => "/conta/nada-aqui", status: 404 };
const ownOrder: Visit = { route: "/conta/pedidos/:id", path: (seeded) => `/conta/pedidos/${seeded.orderId}` };

/** Hers for the customer (her card and her open due's Pix), none for an administrator. */
const membership = fixed("/conta/minha-associacao");

const customerAccount: Visit[] = [
  fixed("/conta"),
  fixed("/conta/profile"),
  fixed("/conta/pedidos"),
  ownOrder,
  membership,
  accountNotFound,
];

const editUser: Visit = { route: "/conta/users/:id/edit", path: (seeded) => `/conta/users/${seeded.customerId}/edit` };

const adminAccount: Visit[] = [
  fixed("/conta"),
  fixed("/conta/settings"),
  fixed("/conta/profile"),
  fixed("/conta/menus"),
  fixed("/conta/menus/new"),
  { route: "/conta/menus/:id/edit", path: (seeded) => `/conta/menus/${seeded.menuId}/edit` },
  fixed("/conta/redirects"),
  fixed("/conta/redirects/new"),
  { route: "/conta/redirects/:id/edit", path: (seeded) => `/conta/redirects/${seeded.redirectId}/edit` },
  fixed("/conta/users"),
  fixed("/conta/users/new"),
  editUser,
  fixed("/conta/contacts"),
  { route: "/conta/contacts/:id", path: (seeded) => `/conta/contacts/${seeded.contactId}` },
  fixed("/conta/emails"),
  fixed("/conta/pages"),
  fixed("/conta/pages/new"),
  { route: "/conta/pages/:id/edit", path: (seeded) => `/conta/pages/${seeded.pageId}/edit` },
  fixed("/conta/posts"),
  fixed("/conta/posts/new"),
  { route: "/conta/posts/:id/edit", path: (seeded) => `/conta/posts/${seeded.postId}/edit` },
  fixed("/conta/events"),
  fixed("/conta/events/new"),
  { route: "/conta/events/:id/edit", path: (seeded) => `/conta/events/${seeded.eventId}/edit` },
  fixed("/conta/medias"),
  fixed("/conta/medias/new"),
  fixed("/conta/medias/importar"),
  { route: "/conta/medias/:id/edit", path: (seeded) => `/conta/medias/${seeded.mediaId}/edit` },
  fixed("/conta/produtos"),
  fixed("/conta/produtos/new"),
  { route: "/conta/produtos/:id/edit", path: (seeded) => `/conta/produtos/${seeded.productId}/edit` },
  fixed("/conta/shop"),
  fixed("/conta/fiscal"),
  fixed("/conta/wordpress"),
  { route: "/conta/wordpress/:id", path: (seeded) => `/conta/wordpress/${seeded.wordpressImportId}` },
  fixed("/conta/pedidos"),
  ownOrder,
  { route: "/conta/pedidos/:id/declaracao", path: (seeded) => `/conta/pedidos/${seeded.orderId}/declaracao` },
  fixed("/conta/cupons"),
  fixed("/conta/cupons/new"),
  { route: "/conta/cupons/:id/edit", path: (seeded) => `/conta/cupons/${seeded.couponId}/edit` },
  fixed("/conta/membros"),
  fixed("/conta/membros/new"),
  { route: "/conta/membros/:id/edit", path: (seeded) => `/conta/membros/${seeded.memberId}/edit` },
  fixed("/conta/membros/configuracoes"),
  fixed("/conta/membros/planos"),
  fixed("/conta/membros/planos/new"),
  {
    route: "/conta/membros/planos/:id/edit",
    path: (seeded) => `/conta/membros/planos/${seeded.memberPlanId}/edit`,
  },
  membership,
  accountNotFound,
];

/** What only a super user sees differently: the role a user may be given, the features' links. */
const superAccount: Visit[] = [
  fixed("/conta"),
  fixed("/conta/settings"),
  fixed("/conta/users/new"),
  fixed("/conta/auditoria"),
  editUser,
];

/** A signed-in person opening these is sent home. */
const signInPages: Visit[] = [fixed("/login"), fixed("/criar-conta")];

const visits: Record<PageRole, Visit[]> = {
  visitor: [...sitePages, ...signInPages],
  customer: [...sitePages, payment, ...customerAccount],
  admin: [...sitePages, payment, ...adminAccount],
  super: superAccount,
};

const isAccount = (path: string) => /^\/conta(\/|$)/.test(path);

/** Fonts loaded, the images in view decoded (or failed), and two frames drawn since the last change. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images].filter((image) => !image.complete && image.loading !== "lazy");
    const loaded = images.map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener("load", resolve, { once: true });
          image.addEventListener("error", resolve, { once: true });
        }),
    );
    await Promise.race([
      Promise.all([document.fonts.ready, ...loaded]),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Null when the page fits the window; else how much wider it is, the outermost elements that stick
 * out and the deepest ones (where the cause usually is), and header controls off the screen.
 */
function overflowReport(): string | null {
  const width = window.innerWidth;
  const label = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const classes = [...element.classList].slice(0, 2).join(".");
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> ${Math.round(rect.left)}..${Math.round(rect.right)} "${text}"`;
  };
  // Its box, or the text it lets run out of it (a long address), ends past the screen's edge.
  const sticksOut = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const runsOut = getComputedStyle(element).overflowX === "visible" && rect.left + element.scrollWidth > width + 0.5;
    return rect.width > 0 && (rect.right > width + 0.5 || runsOut);
  };
  // Inside a box of a pixel (visually hidden, as a stacked table's headings): not on the screen at all.
  const hidden = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const rect = node.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return true;
    }
    return false;
  };
  const problems: string[] = [];
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) {
    const out = [...document.querySelectorAll("body *")].filter(sticksOut);
    const outermost = out.filter((element) => !element.parentElement || !out.includes(element.parentElement));
    const deepest = out.filter((element) => ![...element.children].some((child) => out.includes(child)));
    problems.push(
      `page ${scrollWidth} px wide; outermost: ${outermost.slice(0, 3).map(label).join("; ")}; deepest: ${deepest.slice(0, 4).map(label).join("; ")}`,
    );
  }
  // A table's cells all on the screen: none hidden behind a sideways scroll of its own.
  const cells = [...document.querySelectorAll("main td, main th")].filter((cell) => sticksOut(cell) && !hidden(cell));
  if (cells.length) problems.push(`table cells off screen: ${cells.slice(0, 3).map(label).join("; ")}`);
  // Words cut off by a box too narrow for them, with no "..." to say so: the page fits, the text does not.
  const cut = [...document.querySelectorAll("body *")].filter((element) => {
    const style = getComputedStyle(element);
    const clips = style.overflowX === "hidden" || style.overflowX === "clip";
    const formControl = element.matches("input, textarea, select, [contenteditable]");
    return (
      clips &&
      !formControl &&
      (element.textContent ?? "").trim() !== "" &&
      style.textOverflow !== "ellipsis" &&
      element.scrollWidth > element.clientWidth + 1 &&
      !hidden(element)
    );
  });
  if (cut.length) problems.push(`text cut off: ${cut.slice(0, 3).map(label).join("; ")}`);
  const controls = document.querySelectorAll("header a, header button, header input");
  for (const control of controls) {
    const rect = control.getBoundingClientRect();
    const shown = rect.width > 0 && getComputedStyle(control).visibility !== "hidden";
    if (shown && (rect.left < -0.5 || rect.right > width + 0.5))
      problems.push(`header control off screen: ${label(control)}`);
  }
  return problems.length ? problems.join("\n    ") : null;
}

/** Rules axe-core leaves off by default; the issue's label-content-name-mismatch is one. */
const EXPERIMENTAL_RULES = [
  "label-content-name-mismatch",
  "p-as-heading",
  "table-fake-caption",
  "td-has-header",
  "css-orientation-lock",
  "focus-order-semantics",
];

/**
 * Axe's violations, one readable line per element: rule, impact, target, help and why it failed. `only`
 * limits the check to the elements it selects (axe takes seconds per page on a busy machine).
 */
async function axeViolations(page: Page, width: number, only?: string): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }]));
  const builder = new AxeBuilder({ page }).options({ rules });
  const results = await (only ? builder.include(only) : builder).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = (node.failureSummary ?? "").split("\n").slice(1, 3).join(" ").trim();
      return `${violation.id} (${violation.impact}) at ${width} px on ${node.target.join(" ")}: ${violation.help}. ${why}`;
    }),
  );
}

/**
 * The public pages show everyone the same: the page cache keeps one copy of each for visitors, and a
 * signed-in person's copy differs only in the data under it (her name, which no public page shows; the
 * browser code reads no cookie that differs by role: the session's is HttpOnly, the cart's is the same in
 * every role's browser). Signed in, such a page is checked to show, once it runs, what the visitor's shows,
 * whose test covers its phone widths and axe for every role; the pages below differ by role and are
 * checked in full for each.
 */
const PERSONAL_PAGES = new Set(["/loja/finalizar-pedido"]);
const sameAsVisitors = (role: PageRole, visit: Visit) =>
  role !== "visitor" && sitePages.includes(visit) && !PERSONAL_PAGES.has(visit.route);

/** What the page shows once it runs: its body without the scripts that carry its data, nor an error's code (each answer's own). */
function shown(): string {
  const body = document.body.cloneNode(true) as HTMLElement;
  for (const script of body.querySelectorAll("script")) script.remove();
  for (const code of body.querySelectorAll("[data-error-code]")) code.textContent = "";
  return body.outerHTML;
}

/** Whether a part of the page the server defers is still on its way (React's placeholder and hidden segment). */
function streaming(): boolean {
  return document.querySelector('template[id^="B:"], div[hidden][id^="S:"]') !== null;
}

for (const [role, roleVisits] of Object.entries(visits) as [PageRole, Visit[]][]) {
  test.describe(role === "visitor" ? "a visitor" : `signed in as ${role}`, () => {
    test.use({ storageState: statePath(role), viewport: { width: DESKTOP, height: HEIGHT } });

    for (const visit of roleVisits.filter((visit) => sameAsVisitors(role, visit))) {
      test(`${visit.route} shows what the visitor's page shows`, async ({ page, browser, baseURL }) => {
        const path = visit.path(readSeeded());
        const visitor = await browser.newContext({
          baseURL,
          storageState: statePath("visitor"),
          viewport: { width: DESKTOP, height: HEIGHT },
        });
        const rendered = async (tab: Page) => {
          const response = await tab.goto(path);
          expect(response?.status(), path).toBe(visit.status ?? 200);
          await waitForHydratedPage(tab);
          if (!isAccount(path)) await expect(tab.getByTestId("cart-count")).toHaveText("4");
          // Hydrated is not streamed: a deferred part still on its way leaves its placeholder in one body only.
          await expect.poll(() => tab.evaluate(streaming), path).toBe(false);
          return tab.evaluate(shown);
        };
        const [mine, visitors] = await Promise.all([rendered(page), rendered(await visitor.newPage())]);
        expect(mine, `${path} shows something else signed in: add it to PERSONAL_PAGES`).toBe(visitors);
        await visitor.close();
      });
    }

    for (const visit of roleVisits.filter((visit) => !sameAsVisitors(role, visit))) {
      test(`${visit.route} fits every phone and passes axe`, async ({ page }) => {
        const path = visit.path(readSeeded());
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(visit.status ?? 200);
        await waitForHydratedPage(page);
        const banner = page.getByRole("banner");
        if (!path.includes("/declaracao")) await expect(banner.getByText(LONG_TITLE, { exact: true })).toBeVisible();
        if (!isAccount(path)) {
          // The cart's name holds what it shows: the word (on wide screens) and the count.
          await expect(page.getByTestId("cart-count")).toHaveText("4");
          await expect(banner.getByRole("link", { name: "Carrinho: 4 itens", exact: true })).toBeVisible();
        }

        const overflows: string[] = [];
        for (const width of PHONE_WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await settle(page);
          const report = await page.evaluate(overflowReport);
          if (report) overflows.push(`${width} px: ${report}`);
        }
        // The whole page on a phone; on a desktop, what looks different there.
        await page.setViewportSize({ width: PHONE, height: HEIGHT });
        await settle(page);
        const violations = await axeViolations(page, PHONE);
        await page.setViewportSize({ width: DESKTOP, height: HEIGHT });
        await settle(page);
        if ((await page.locator(WIDE_PARTS).count()) > 0)
          violations.push(...(await axeViolations(page, DESKTOP, WIDE_PARTS)));
        expect.soft(overflows, `${path} is wider than the phone`).toEqual([]);
        expect.soft(violations, `${path} has axe violations`).toEqual([]);
      });
    }
  });
}

/** The public pages as the server sends them (and the page cache keeps them) pass the W3C's HTML checker. */
test.describe("the public pages' HTML", () => {
  test.use({ storageState: statePath("visitor") });

  test("every public page's server HTML has no error for the W3C checker", async ({ page }) => {
    const seeded = readSeeded();
    const pages = await Promise.all(
      visits.visitor.map(async (visit) => {
        const path = visit.path(seeded);
        const response = await page.request.get(path);
        expect(response.status(), path).toBe(visit.status ?? 200);
        return { path, html: await response.text() };
      }),
    );
    expect(await htmlErrors(pages)).toEqual([]);
  });
});

/** What opens on top of a page: a confirmation and the product form's tag list, under axe on a phone. */
test.describe("open on top of a page", () => {
  test.use({ storageState: statePath("admin"), viewport: { width: PHONE, height: HEIGHT } });

  test("a confirmation dialog adds no second banner and passes axe", async ({ page }) => {
    await page.goto("/conta/redirects");
    await waitForHydratedPage(page);
    await page
      .getByRole("button", { name: /^Excluir / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Excluir redirecionamento" });
    await expect(dialog.getByRole("button", { name: "Voltar" })).toBeFocused();
    await expect(page.getByRole("banner")).toHaveCount(1);
    expect(await axeViolations(page, PHONE)).toEqual([]);
  });

  test("the product form's open tag list is inside a landmark and passes axe", async ({ page }) => {
    await page.goto("/conta/produtos/new");
    await waitForHydratedPage(page);
    // The tags in use are offered: "alimentos", "geleias artesanais" (every-page.setup.ts).
    await page.getByRole("combobox", { name: "Etiquetas" }).click();
    await expect(page.getByRole("listbox")).toBeVisible();
    expect(await axeViolations(page, PHONE)).toEqual([]);
  });
});

/** The menus a phone opens: fully on a 320 px screen, the site's whole title readable, and no axe violation. */
test.describe("the phone menus", () => {
  test.use({ storageState: statePath("customer"), viewport: { width: 320, height: HEIGHT } });

  const onScreen = (locator: Locator) =>
    locator.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return rect.left >= 0 && rect.right <= window.innerWidth && rect.width > 0;
    });

  test("the site's ☰ opens its menu with the whole title", async ({ page }) => {
    await page.goto("/");
    await waitForHydratedPage(page);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const drawer = page.getByRole("dialog", { name: LONG_TITLE });
    await expect(drawer.getByText(LONG_TITLE, { exact: true })).toBeVisible();
    expect(await onScreen(drawer)).toBe(true);
    expect(await onScreen(drawer.getByRole("link", { name: "Minha conta" }))).toBe(true);
    expect(await axeViolations(page, 320, "dialog")).toEqual([]);
  });

  test("the account's ☰ opens its menu", async ({ page }) => {
    await page.goto("/conta");
    await waitForHydratedPage(page);
    await page.getByRole("button", { name: "Abrir o menu da conta" }).click();
    const menu = page.getByRole("navigation", { name: "Minha conta" });
    await expect(menu.getByRole("link", { name: "Meus pedidos" })).toBeVisible();
    expect(await onScreen(menu)).toBe(true);
    expect(await page.evaluate(overflowReport)).toBeNull();
    expect(await axeViolations(page, 320)).toEqual([]);
  });
});
