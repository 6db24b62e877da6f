import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { childEnv, freePort, type ServerProcess, spawnServer, stopServer } from "./server-process.ts";
import { OUTPUT_DIR } from "./site.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A spec's own server, and how to stop it and drop what it stored; on PostgreSQL, its database's address
 * (a story may age its records there, as time passing would).
 */
export type OwnServer = { server: ServerProcess; databaseUrl: string | null; close(): Promise<void> };

async function onPostgres(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A server of a spec's own, for stories that change the site beyond what the shared servers may see (an
 * import, a shop's payment settings, an outside service's fake): started from the global setup's build,
 * on its own data folder, or with TEST_DATABASE_URL its own PostgreSQL database, at its own port, which is
 * also its BASE_URL. `env` adds to the test run's environment. Its log is test-results/…/servers/<name>.log.
 */
export async function startOwnServer(name: string, env: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const build = process.env.E2E_SITE_DIR;
  if (!build) throw new Error("E2E_SITE_DIR is set by tests/e2e/global-setup.ts");
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `cms-${name}-`));
  const serverEnv: NodeJS.ProcessEnv = {
    ...childEnv(),
    DATA_DIR: path.join(workDir, "data"),
    LOG_LEVEL: "info",
    RENDER_WORKERS: "1",
    ...env,
  };
  delete serverEnv.FILES_URL;
  delete serverEnv.DATABASE_URL;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = serverUrl ? `cms_e2e_${name.replace(/\W/g, "_")}_${randomBytes(5).toString("hex")}` : null;
  if (serverUrl && databaseName) {
    await onPostgres(serverUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    serverEnv.DATABASE_URL = url.toString();
  }
  await fs.mkdir(serverEnv.DATA_DIR as string, { recursive: true });
  const logPath = path.join(ROOT, OUTPUT_DIR, "servers", `${name}.log`);
  await fs.mkdir(path.dirname(logPath), { recursive: true });
  const port = await freePort();
  serverEnv.BASE_URL = `http://127.0.0.1:${port}`;
  const server = await spawnServer({ site: build, name, port, env: serverEnv, logPath });
  return {
    server,
    databaseUrl: serverEnv.DATABASE_URL ?? null,
    async close() {
      await stopServer(server);
      if (serverUrl && databaseName)
        await onPostgres(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}

/** The first-time setup of a server through its REST call; answers the super user's API token. */
export async function setUpSite(
  url: string,
  superUser: { title: string; admin_name: string; email: string },
  password: string,
): Promise<string> {
  const json = { "content-type": "application/json", accept: "application/json" };
  const setup = await fetch(`${url}/api/settings/setup`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ ...superUser, password, password_confirmation: password }),
  });
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}: ${await setup.text()}`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: superUser.email, password }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}
