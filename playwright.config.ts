import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, CONFIGURED_URL, OUTPUT_DIR } from "./tests/e2e/site.ts";

/**
 * Browser tests on Debian's Chromium against the production build. The global setup builds
 * the app and starts two servers (a fresh site and a configured one) on two free ports, unless
 * E2E_FRESH_PORT and E2E_CONFIGURED_PORT name them; see tests/e2e/site.ts.
 */
const SHOP_SWITCHING =
  /([\\/]shop|shop-admin|shop-settings|account-sidebar|orders-admin|checkout|cart-coupon|tracking|public-before-hydration)\.spec\.ts$/;
/** Several server processes on one PostgreSQL database: only in the run on PostgreSQL (TEST_DATABASE_URL). */
const PROCESSES = /processes\.spec\.ts$/;
/** Every page at phone widths and under axe, on data of its own and a long site title (see below). */
const EVERY_PAGE = /every-page\.spec\.ts$/;

// The specs that switch the shop feature on and off run one after the other, once every other spec
// is done, each seeing the shop as the one before left it: the public shop's story, the sidebar's
// feature check, then the administration, which leaves the shop open with its catalogue, then /conta/shop
// before hydration and without JavaScript, which leaves its settings as it found them, then the
// orders' administration, which places orders in it and leaves it open, then the checkout's story,
// which sets the shop's shipping and Pix payment and buys with and without JavaScript, then the cart's
// coupon, which sets a Pix discount and coupons of its own and buys with them, then the tracking story,
// which sets a shop of its own, sends an order and leaves the shop open, then the public
// forms before hydration, which set a shop of their own and leave it open. A failure
// in one skips those after it, and the summary counts them as skipped. A focused run of one of them
// takes --no-deps.
//
// npm test runs the two in turn, each with servers of its own (scripts/run-tests.ts): E2E_PART=site the
// site's specs, then E2E_PART=chain the chain, which then starts without waiting for them, so a failure
// among the site's specs does not skip the chain. Without E2E_PART, one run has both, the chain after.
const part = process.env.E2E_PART;
if (part !== undefined && part !== "site" && part !== "chain") throw new Error("E2E_PART must be site or chain");
const siteProjects = [{ name: "site", testIgnore: [SHOP_SWITCHING, PROCESSES, EVERY_PAGE] }];
const chainProjects = [
  { name: "shop", testMatch: /[\\/]shop\.spec\.ts$/, dependencies: part === "chain" ? [] : ["site"] },
  { name: "sidebar", testMatch: /account-sidebar\.spec\.ts$/, dependencies: ["shop"] },
  { name: "shop-admin", testMatch: /shop-admin\.spec\.ts$/, dependencies: ["sidebar"] },
  { name: "shop-settings", testMatch: /shop-settings\.spec\.ts$/, dependencies: ["shop-admin"] },
  { name: "orders-admin", testMatch: /orders-admin\.spec\.ts$/, dependencies: ["shop-settings"] },
  { name: "checkout", testMatch: /checkout\.spec\.ts$/, dependencies: ["orders-admin"] },
  { name: "cart-coupon", testMatch: /cart-coupon\.spec\.ts$/, dependencies: ["checkout"] },
  { name: "tracking", testMatch: /tracking\.spec\.ts$/, dependencies: ["cart-coupon"] },
  { name: "public-forms", testMatch: /public-before-hydration\.spec\.ts$/, dependencies: ["tracking"] },
  // Every page once the specs sharing the configured site are done: its setup gives the site a very
  // long title (the header's hardest case), switches every feature on and opens the shop; the teardown
  // gives the title back. E2E_EVERY_PAGE_ALONE=1 runs it without the specs before it (a focused run:
  // `E2E_EVERY_PAGE_ALONE=1 npx playwright test --project=every-page`).
  {
    name: "every-page-setup",
    testMatch: /every-page\.setup\.ts$/,
    dependencies: process.env.E2E_EVERY_PAGE_ALONE ? [] : ["public-forms"],
    teardown: "every-page-teardown",
  },
  { name: "every-page", testMatch: EVERY_PAGE, dependencies: ["every-page-setup"] },
  { name: "every-page-teardown", testMatch: /every-page\.teardown\.ts$/ },
];
const embeddedDatabaseProjects = [...(part === "chain" ? [] : siteProjects), ...(part === "site" ? [] : chainProjects)];

/**
 * On PostgreSQL the browser specs whose outcome depends on the database server run again: several
 * processes on one database, the metrics of WORKERS=2, and the two stories that write the most through
 * servers of their own (a sale from quote to delivery, a WordPress import). The rest of the browser
 * suite checks what pages show and do, which is the same on either database and runs once, on the
 * embedded one; every database path under those pages runs on both in Vitest (docs/decisions/0018).
 */
const ON_POSTGRES = /[\\/](metrics|shop-selling|wordpress-import)\.spec\.ts$/;
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
