/** Where the browser tests find their two servers and the configured site's first administrator. */

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_MISSING = `Chromium was not found at ${CHROMIUM_PATH}; the browser tests need it. Install it with: apt-get install -y chromium`;

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

/** A site that was never set up (its data folder or database starts empty). */
export const FRESH_URL = `http://127.0.0.1:${port("E2E_FRESH_PORT", 3301)}`;
/** A site set up once by the global setup; specs add their own data through the REST API. */
export const CONFIGURED_URL = `http://127.0.0.1:${port("E2E_CONFIGURED_PORT", 3302)}`;

export const SITE_ADMIN = {
  title: "Cooperativa E2E",
  admin_name: "Sara Super",
  email: "sara.super@example.com",
  password: "segredo-e2e-1",
};
