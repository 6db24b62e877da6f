import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { FeatureKey, Features } from "../../common/features.ts";
import { compressAssets } from "../../scripts/compress-assets.ts";
import { FAKE_CORREIOS_DEFAULTS, startFakeCorreios } from "../support/fake-correios.ts";
import { startFakeMelhorEnvio } from "../support/fake-melhor-envio.ts";
import { OFFLINE_PROVIDERS } from "../support/offline-providers.ts";
import { startE2eCepServer } from "./fake-addresses.ts";
import { childEnv, portInUse, type ServerProcess, spawnServer, stopServer } from "./server-process.ts";
import {
  CHROMIUM_MISSING,
  CHROMIUM_PATH,
  CONFIGURED_URL,
  E2E_MELHOR_ENVIO_TOKEN,
  EVERY_PAGE_URL,
  FRESH_URL,
  OUTPUT_DIR,
  SHOP_SITES,
  SITE_ADMIN,
  shopSiteUrl,
} from "./site.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "node_modules/.bin");
const LOGS_DIR = path.join(ROOT, OUTPUT_DIR, "servers");

/** Runs a command to completion; its output goes to a log that is shown only when it fails. */
async function run(command: string, args: string[], logPath: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const log = await fs.open(logPath, "w");
  try {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...childEnv(), ...env },
      stdio: ["ignore", log.fd, log.fd],
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", resolve);
    });
    if (code !== 0) {
      const output = await fs.readFile(logPath, "utf8");
      throw new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${code}):\n${output.slice(-4000)}`);
    }
  } finally {
    await log.close();
  }
}

/**
 * Builds the app straight into `site/build` (CMS_BUILD_DIR, see react-router.config.ts), `site`
 * being the servers' own working folder, as the server reads `build/` from its working folder.
 * The project's `build/` is left alone: another test run or an `npm run build` empties it while
 * building, which would break this run's build or swap the assets under its running servers.
 * E2E_BUILD_DIR names a `site` folder kept between runs of the same source: the first run builds into
 * it, the next ones use that build (.ci/run's two databases build once).
 */
async function buildApp(workDir: string): Promise<string> {
  const kept = process.env.E2E_BUILD_DIR;
  const site = kept ? path.resolve(kept) : path.join(workDir, "site");
  // Written last: a build stopped halfway is built again.
  const done = path.join(site, "e2e-build-done");
  if (kept && existsSync(done)) return site;
  await fs.mkdir(site, { recursive: true });
  await fs.rm(path.join(site, "node_modules"), { force: true });
  await fs.symlink(path.join(ROOT, "node_modules"), path.join(site, "node_modules"));
  await fs.writeFile(path.join(site, "package.json"), JSON.stringify({ type: "module", private: true }));
  await run(path.join(BIN, "react-router"), ["build"], path.join(workDir, "build.log"), {
    CMS_BUILD_DIR: path.join(site, "build"),
  });
  // The rest of `npm run build`: the servers send these copies (tests/e2e/assets-encoding.spec.ts).
  await compressAssets(path.join(site, "build", "client"));
  await fs.writeFile(done, "");
  return site;
}

/** Output folders of earlier runs (one per port): kept a day for their traces and logs, then removed. */
async function removeOldOutput(): Promise<void> {
  const parent = path.join(ROOT, path.dirname(OUTPUT_DIR));
  for (const entry of await fs.readdir(parent).catch(() => [])) {
    const folder = path.join(parent, entry);
    const stat = await fs.stat(folder).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > 24 * 60 * 60 * 1000) await fs.rm(folder, { recursive: true, force: true });
  }
}

async function startServer(
  site: string,
  name: string,
  url: string,
  dataDir: string,
  databaseUrl: string | undefined,
  baseUrl: string | undefined,
) {
  const port = Number(new URL(url).port);
  if (await portInUse(port)) {
    throw new Error(
      `Port ${port} (${name} e2e server) is already in use: stop that process or set E2E_${name.toUpperCase()}_PORT to another port`,
    );
  }
  const env: NodeJS.ProcessEnv = {
    ...childEnv(),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // One render worker whatever the machine's cores, so visitors' pages take that path in every run.
    RENDER_WORKERS: "1",
  };
  // A site without BASE_URL shows the "site is live" notice the setup spec checks; the configured
  // site has its own address as BASE_URL, so its pages carry canonical addresses.
  delete env.BASE_URL;
  delete env.FILES_URL;
  delete env.DATABASE_URL;
  if (baseUrl) env.BASE_URL = baseUrl;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const logPath = path.join(path.dirname(dataDir), `${name}.log`);
  return spawnServer({ site, name, port, env, logPath });
}

/** The first-time setup of the configured site, through the same REST call the spec lists. */
async function setUpSite(url: string): Promise<void> {
  const response = await fetch(`${url}/api/settings/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ ...SITE_ADMIN, password_confirmation: SITE_ADMIN.password }),
  });
  if (response.status !== 201) {
    throw new Error(`Setting up the configured e2e site failed: ${response.status} ${await response.text()}`);
  }
}

/**
 * Switches features on in the configured site, through the settings call the settings screen
 * makes, signed in as its super user. The medias spec needs Biblioteca, and no spec switches it off.
 */
async function enableFeatures(url: string, keys: FeatureKey[]): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email: SITE_ADMIN.email, password: SITE_ADMIN.password }),
  });
  if (login.status !== 200) throw new Error(`Signing in to the configured e2e site failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { "content-type": "application/json", accept: "application/json", authorization: `Token ${token}` };
  const settings = (await (await fetch(`${url}/api/settings`, { headers })).json()) as { features: Features };
  for (const key of keys) settings.features[key] = { ...settings.features[key], enabled: true };
  const saved = await fetch(`${url}/api/settings`, { method: "POST", headers, body: JSON.stringify(settings) });
  if (saved.status !== 200) {
    throw new Error(
      `Enabling ${keys.join(", ")} on the configured e2e site failed: ${saved.status} ${await saved.text()}`,
    );
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on each item, at most `limit` at a time: a dozen first starts at once would starve each other. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const runner = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

/**
 * Builds the app once, then starts the production servers, each on its own new data folder (or, with
 * TEST_DATABASE_URL, its own new PostgreSQL database): a fresh site for the first-time setup spec and a
 * configured one for the rest. On the embedded database, the every-page spec and each shop spec of the
 * chain (SHOP_SITES) get a configured site of their own: one site is set up and stopped, and each starts
 * from a copy of its data folder, which spares them the database's first start and the setup. The
 * returned function is the global teardown: it stops the servers, drops the databases and removes the folders.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  await removeOldOutput();

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-e2e-"));
  const servers: ServerProcess[] = [];
  const databases: string[] = [];
  const serverUrl = process.env.TEST_DATABASE_URL;
  const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : null;
  const killAll = () => {
    for (const server of servers) server.child.kill("SIGKILL");
  };
  // If the runner dies without calling the teardown, the servers must not outlive it.
  process.once("exit", killAll);

  // The servers ask a local fake for CEPs, never ViaCEP or BrasilAPI (tests/e2e/fake-addresses.ts).
  const addresses = await startE2eCepServer();
  process.env.VIACEP_URL = addresses.url;
  process.env.BRASILAPI_URL = addresses.url;
  // And Melhor Envio's local fake, which takes E2E_MELHOR_ENVIO_TOKEN: saving a token asks Melhor Envio.
  const melhorEnvio = await startFakeMelhorEnvio({ token: E2E_MELHOR_ENVIO_TOKEN });
  process.env.MELHOR_ENVIO_URL = melhorEnvio.url;
  // And the Correios' fake, which knows the contract of FAKE_CORREIOS_DEFAULTS (shop-settings.spec.ts).
  const correios = await startFakeCorreios(FAKE_CORREIOS_DEFAULTS);
  process.env.CORREIOS_URL = correios.url;
  // The providers with no fake here answer nothing (tests/support/offline-providers.ts): a spec that
  // needs one starts a server of its own with its fake.
  process.env.MERCADOPAGO_URL = OFFLINE_PROVIDERS.MERCADOPAGO_URL;
  process.env.ASAAS_URL = OFFLINE_PROVIDERS.ASAAS_URL;

  const teardown = async () => {
    await Promise.all(servers.map(stopServer));
    await addresses.close();
    await melhorEnvio.close();
    await correios.close();
    process.off("exit", killAll);
    if (admin) {
      for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    await fs.mkdir(LOGS_DIR, { recursive: true });
    for (const server of servers) {
      await fs.copyFile(server.logPath, path.join(LOGS_DIR, `${server.name}.log`)).catch(() => {});
    }
    await fs.rm(workDir, { recursive: true, force: true });
  };

  /** A server on a data folder of its own (a copy of `from` when given, else a new empty one). */
  const start = async (name: string, url: string, baseUrl: string | undefined, from?: string) => {
    const dataDir = path.join(workDir, name);
    if (from) await fs.cp(from, dataDir, { recursive: true });
    else await fs.mkdir(dataDir);
    let ownDatabase: string | undefined;
    if (admin && serverUrl) {
      const database = `cms_e2e_${randomBytes(6).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${database}`);
      databases.push(database);
      ownDatabase = databaseUrl(serverUrl, database);
    }
    const server = await startServer(site, name, url, dataDir, ownDatabase, baseUrl);
    servers.push(server);
    return server;
  };

  let site = "";
  try {
    site = await buildApp(workDir);
    // The specs that start servers of their own (processes.spec.ts) start them from this build.
    process.env.E2E_SITE_DIR = site;
    if (admin) await admin.connect();
    const configuredSites = async () => {
      if (admin) {
        await start("configured", CONFIGURED_URL, CONFIGURED_URL);
        await setUpSite(CONFIGURED_URL);
        await enableFeatures(CONFIGURED_URL, ["medias"]);
        return;
      }
      const template = await start("template", CONFIGURED_URL, CONFIGURED_URL);
      await setUpSite(CONFIGURED_URL);
      await enableFeatures(CONFIGURED_URL, ["medias"]);
      await stopServer(template);
      servers.splice(servers.indexOf(template), 1);
      const templateDir = path.join(workDir, "template");
      const configured: [string, string][] = [
        ["configured", CONFIGURED_URL],
        ["every-page", EVERY_PAGE_URL],
        ...SHOP_SITES.map((name): [string, string] => [name, shopSiteUrl(name)]),
      ];
      await eachLimited(configured, 3, async ([name, url]) => {
        await start(name, url, url, templateDir);
      });
    };
    await Promise.all([start("fresh", FRESH_URL, undefined), configuredSites()]);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
