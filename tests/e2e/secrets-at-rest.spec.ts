import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test as base, expect, login } from "./fixtures.ts";
import { setUpSite } from "./own-server.ts";
import { childEnv, freePort, type ServerProcess, spawnServer, stopServer } from "./server-process.ts";
import { OUTPUT_DIR } from "./site.ts";

/**
 * Issue 33 item 5 as an administrator meets it on /conta: the shop's provider tokens saved on a server with
 * SECRETS_KEY; the same data folder started again with another key, then with none, then with the right
 * one. One data folder through four starts of the global setup's build, on the embedded database.
 */
const SUPER = { title: "Cooperativa Segredos E2E", admin_name: "Sara Super", email: "sara@segredos.example" };
const PASSWORD = "senha-forte-de-teste-1";
const KEY = randomBytes(32).toString("base64");
const OTHER_KEY = randomBytes(32).toString("base64");
const IN_CLEAR = "Tokens e segredos guardados sem cifra";
const UNREADABLE = "Configurações que não podem ser lidas";

let site: ServerProcess | undefined;
let dataRoot = "";
let port = 0;

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use) => {
    await use(`http://127.0.0.1:${port}`);
  },
});

/** The site's server on its one data folder, with `key` as SECRETS_KEY (none when undefined). */
async function start(key: string | undefined): Promise<ServerProcess> {
  const build = process.env.E2E_SITE_DIR;
  if (!build) throw new Error("E2E_SITE_DIR is set by tests/e2e/global-setup.ts");
  const env: NodeJS.ProcessEnv = {
    ...childEnv(),
    DATA_DIR: path.join(dataRoot, "data"),
    LOG_LEVEL: "warn",
    RENDER_WORKERS: "0",
    BASE_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  delete env.SECRETS_KEY_OLD;
  if (key) env.SECRETS_KEY = key;
  else delete env.SECRETS_KEY;
  const logPath = path.join(path.resolve(import.meta.dirname, "../.."), OUTPUT_DIR, "servers", "secrets-at-rest.log");
  await fs.mkdir(path.dirname(logPath), { recursive: true });
  return spawnServer({ site: build, name: "secrets-at-rest", port, env, logPath });
}

async function restart(key: string | undefined): Promise<void> {
  if (site) await stopServer(site);
  site = await start(key);
}

test.beforeAll(async () => {
  dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), "cms-secrets-at-rest-"));
  port = await freePort();
});

test.afterAll(async () => {
  if (site) await stopServer(site);
  await fs.rm(dataRoot, { recursive: true, force: true });
});

test("an administrator is told when the shop's tokens are kept in clear or cannot be read with this server's key", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await restart(KEY);
  const token = await setUpSite(`http://127.0.0.1:${port}`, SUPER, PASSWORD);
  const saved = await fetch(`http://127.0.0.1:${port}/api/shop/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Token ${token}` },
    body: JSON.stringify({
      legal_name: "Cooperativa Segredos",
      payments: {
        provider: "mercadopago",
        mercadopago: { access_token: "APP_USR-SEGREDO-e2e", webhook_secret: "SEGREDO-webhook-e2e" },
      },
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);

  await login(page, SUPER.email, PASSWORD);
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: `Olá, ${SUPER.admin_name}` })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: IN_CLEAR })).toHaveCount(0);
  await expect(page.getByRole("note").filter({ hasText: UNREADABLE })).toHaveCount(0);

  // Another key: the token cannot be read, and the administrator is told which setting and why.
  await restart(OTHER_KEY);
  await page.goto("/conta");
  const unreadable = page.getByRole("note").filter({ hasText: UNREADABLE });
  await expect(unreadable).toContainText("Mercado Pago: access token");
  await expect(unreadable).toContainText("SECRETS_KEY ausente ou diferente");
  await expect(page.getByRole("note").filter({ hasText: IN_CLEAR })).toHaveCount(0);
  await page.goto("/conta/shop");
  await expect(page.getByRole("form", { name: "Loja" })).toBeVisible();

  // No key at all: the secrets are kept in clear from now on, and that is said too.
  await restart(undefined);
  await page.goto("/conta");
  await expect(page.getByRole("note").filter({ hasText: IN_CLEAR })).toContainText("SECRETS_KEY");
  await expect(page.getByRole("note").filter({ hasText: UNREADABLE })).toContainText("Mercado Pago: access token");

  // The right key back: the token reads again, nothing to tell.
  await restart(KEY);
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: `Olá, ${SUPER.admin_name}` })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: IN_CLEAR })).toHaveCount(0);
  await expect(page.getByRole("note").filter({ hasText: UNREADABLE })).toHaveCount(0);
});
