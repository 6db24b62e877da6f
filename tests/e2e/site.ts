/** Where the browser tests find their servers and the configured sites' first administrator. */

import { execFileSync } from "node:child_process";

/**
 * Debian's build of Chromium's headless shell (the "old headless" Playwright itself prefers): the browser
 * tests ran 30% faster on it than on the full browser in its new headless mode (docs/decisions/0023).
 */
export const CHROMIUM_PATH = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_MISSING = `Chromium's headless shell was not found at ${CHROMIUM_PATH}; the browser tests need it. Install it with: apt-get install -y chromium-headless-shell`;

/**
 * The specs that switch the shop on and off (playwright.config.ts's chain), each with a site of its own
 * set up as the configured one, so that they run beside each other and beside the site's specs.
 */
export const SHOP_SITES = [
  "shop",
  "sidebar",
  "shop-admin",
  "shop-settings",
  "orders-admin",
  "checkout",
  "cart-coupon",
  "tracking",
  "public-forms",
] as const;
export type ShopSite = (typeof SHOP_SITES)[number];

const portVariable = (site: string) => `E2E_${site.toUpperCase().replace(/-/g, "_")}_PORT`;
const PORT_VARIABLES = ["fresh", "configured", "every-page", ...SHOP_SITES].map(portVariable);

/**
 * As many ports as there are servers, free right now, from the system (listening on port 0). A child
 * process does the listening because this module's values are needed synchronously, when Playwright
 * loads its config.
 */
function freePorts(): number[] {
  const script = `
    const net = require("node:net");
    const servers = Array.from({ length: ${PORT_VARIABLES.length} }, () => net.createServer());
    let pending = servers.length;
    for (const server of servers) server.listen(0, "127.0.0.1", () => {
      if (--pending > 0) return;
      console.log(servers.map((s) => s.address().port).join(" "));
      for (const s of servers) s.close();
    });
  `;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim().split(" ").map(Number);
}

/**
 * Ports not given in the environment are picked once, by the first process that loads this
 * module (Playwright's runner, through its config), and written to its environment: the worker
 * processes it starts inherit them and find the same servers. Fixed defaults would make two runs
 * on one machine fight over the same ports.
 */
const missing = PORT_VARIABLES.filter((name) => !process.env[name]);
if (missing.length > 0) {
  const given = PORT_VARIABLES.map((name) => Number(process.env[name]));
  const free = freePorts().filter((candidate) => !given.includes(candidate));
  missing.forEach((name, index) => {
    process.env[name] = String(free[index]);
  });
}

function port(name: string): number {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

/** A site that was never set up (its data folder or database starts empty). */
export const FRESH_URL = `http://127.0.0.1:${port("E2E_FRESH_PORT")}`;
/** A site set up once by the global setup; specs add their own data through the REST API. */
export const CONFIGURED_URL = `http://127.0.0.1:${port("E2E_CONFIGURED_PORT")}`;
/** Set up as the configured site, for every page under axe with its very long title, beside the rest. */
export const EVERY_PAGE_URL = `http://127.0.0.1:${port(portVariable("every-page"))}`;
/** The site of one of the chain's specs (SHOP_SITES). */
export const shopSiteUrl = (site: ShopSite) => `http://127.0.0.1:${port(portVariable(site))}`;

/**
 * This run's output (traces of failed tests, the servers' logs), in a folder of its own: Playwright
 * empties its output folder when a run starts, which would break the traces of a run still going.
 */
export const OUTPUT_DIR = `test-results/e2e/${port("E2E_CONFIGURED_PORT")}`;

export const SITE_ADMIN = {
  title: "Cooperativa E2E",
  admin_name: "Sara Super",
  email: "sara.super@example.com",
  password: "segredo-e2e-1",
};

/** The token the shared servers' Melhor Envio fake (global-setup.ts) takes; any other is refused. */
export const E2E_MELHOR_ENVIO_TOKEN = "token-e2e-do-melhor-envio";
