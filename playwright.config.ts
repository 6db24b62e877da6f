import { defineConfig, devices } from "@playwright/test";
import {
  CHROMIUM_PATH,
  CONFIGURED_URL,
  EVERY_PAGE_URL,
  OUTPUT_DIR,
  SHOP_SITES,
  type ShopSite,
  shopSiteUrl,
} from "./tests/e2e/site.ts";

/**
 * Browser tests on Debian's Chromium against the production build. The global setup builds
 * the app and starts its servers (a fresh site, a configured one, and on the embedded database more set up
 * alike, one per shop spec and one for every page) on free ports, unless E2E_<SITE>_PORT variables name
 * them (E2E_FRESH_PORT, E2E_CONFIGURED_PORT, E2E_EVERY_PAGE_PORT, E2E_CHECKOUT_PORT...); see tests/e2e/site.ts.
 */
const SHOP_SWITCHING =
  /([\\/]shop|shop-admin|shop-settings|account-sidebar|orders-admin|checkout|cart-coupon|tracking|public-before-hydration)\.spec\.ts$/;
/** Several server processes on one PostgreSQL database: only in the run on PostgreSQL (TEST_DATABASE_URL). */
const PROCESSES = /processes\.spec\.ts$/;
/** Every page at phone widths and under axe, on data of its own and a long site title (see below). */
const EVERY_PAGE = /every-page\.spec\.ts$/;

// The specs that switch the shop feature on and off each run on a site of their own (tests/e2e/site.ts's
// SHOP_SITES), set up by the global setup as the configured one, each setting up the shop it needs: the
// public shop's story, the sidebar's feature check, the administration, /conta/shop before hydration and
// without JavaScript, the orders' administration, the checkout's story, the cart's coupon, the tracking
// story, the public forms before hydration. No project depends on another but every-page on its setup:
// Playwright runs a project's dependents only once every project of its phase is done, and a failure in
// one skips nothing else (docs/decisions/0019).
const CHAIN: Record<ShopSite, RegExp> = {
  shop: /[\\/]shop\.spec\.ts$/,
  sidebar: /account-sidebar\.spec\.ts$/,
  "shop-admin": /shop-admin\.spec\.ts$/,
  "shop-settings": /shop-settings\.spec\.ts$/,
  "orders-admin": /orders-admin\.spec\.ts$/,
  checkout: /checkout\.spec\.ts$/,
  "cart-coupon": /cart-coupon\.spec\.ts$/,
  tracking: /tracking\.spec\.ts$/,
  "public-forms": /public-before-hydration\.spec\.ts$/,
};
// The chain's specs first: each is one serial group of several minutes, started while the site's shorter
// files fill the other worker.
const chainProjects = SHOP_SITES.map((name) => ({ name, testMatch: CHAIN[name], use: { baseURL: shopSiteUrl(name) } }));
/** A story that ages its records in its database to let time pass: only in the run on PostgreSQL. */
const AGED = /members-late\.spec\.ts$/;
const siteProjects = [{ name: "site", testIgnore: [SHOP_SWITCHING, PROCESSES, EVERY_PAGE, AGED] }];
// Every page on a site of its own (EVERY_PAGE_URL): its setup gives the site a very long title (the
// header's hardest case), switches every feature on and opens the shop.
const everyPage = { baseURL: EVERY_PAGE_URL };
const everyPageProjects = [
  { name: "every-page-setup", testMatch: /every-page\.setup\.ts$/, use: everyPage },
  { name: "every-page", testMatch: EVERY_PAGE, dependencies: ["every-page-setup"], use: everyPage },
];
const embeddedDatabaseProjects = [...chainProjects, ...siteProjects, ...everyPageProjects];

/**
 * On PostgreSQL the browser specs whose outcome depends on the database server run again: several
 * processes on one database, the metrics of WORKERS=2, and the two stories that write the most through
 * servers of their own (a sale from quote to delivery, a WordPress import). A member's dues falling behind
 * runs only here: its story ages her records in its PostgreSQL database, as two months would. The rest of the browser
 * suite checks what pages show and do, which is the same on either database and runs once, on the
 * embedded one; every database path under those pages runs on both in Vitest (docs/decisions/0018).
 */
const ON_POSTGRES = /[\\/](metrics|shop-selling|wordpress-import|members-late)\.spec\.ts$/;
const postgresProjects = [
  { name: "database", testMatch: ON_POSTGRES },
  // Last and alone: its timings (a change seen within a second) are not shared with other specs.
  { name: "processes", testMatch: PROCESSES, dependencies: ["database"] },
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: OUTPUT_DIR,
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Limits for a hung test, not speed checks (those are npm run bench's): the shared 2-core CI machine
  // has run the same stories 3 to 4 times slower than a quiet one, past Playwright's 30 s and 10 s
  // defaults, so no spec needs a limit of its own below these.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: "list",
  projects: process.env.TEST_DATABASE_URL ? postgresProjects : embeddedDatabaseProjects,
  use: {
    ...devices["Desktop Chrome"],
    baseURL: CONFIGURED_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
