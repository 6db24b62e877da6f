import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { makeImage } from "../../server/modules/uploads/test-images.ts";
import { type FakeS3Server, startFakeS3Server } from "../support/fake-s3-server.ts";
import { childEnv, freePort, type ServerProcess, spawnServer, stopServer } from "./server-process.ts";

/**
 * Issue 13's story: two server processes (as on two machines) on one PostgreSQL database and one
 * S3-compatible bucket, then one server of WORKERS=2. Runs with TEST_DATABASE_URL (playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { admin_name: "Ana Souza", email: "ana@coop.example", password: "senha-forte-de-teste-1" };

let workDir: string;
let bucket: FakeS3Server;
let admin: pg.Client;
let databaseName: string;
let databaseUrl: string;
const servers: ServerProcess[] = [];
let first: ServerProcess;
let second: ServerProcess;
/** Signed in once: the login test below uses up this address's tries. */
let token: string;

async function startSiteServer(name: string, extra: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const site = process.env.E2E_SITE_DIR;
  if (!site) throw new Error("E2E_SITE_DIR is set by tests/e2e/global-setup.ts");
  const dataDir = path.join(workDir, name);
  await fs.mkdir(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...childEnv(),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    S3_BUCKET: bucket.bucket,
    S3_ENDPOINT: bucket.endpoint,
    S3_REGION: bucket.region,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    LOG_LEVEL: "info",
    RENDER_WORKERS: "0",
    ...extra,
  };
  delete env.BASE_URL;
  delete env.FILES_URL;
  const server = await spawnServer({
    site,
    name,
    port: await freePort(),
    env,
    logPath: path.join(workDir, `${name}.log`),
  });
  servers.push(server);
  return server;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(response.status).toBe(200);
  return (await json<{ token: string }>(response)).token;
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

async function jobRow(name: string) {
  const result = await admin.query<{ runs: number; leased_by: string | null }>(
    "SELECT runs, leased_by FROM scheduled_jobs WHERE name = $1",
    [name],
  );
  return result.rows[0];
}

test.beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("processes.spec.ts runs with TEST_DATABASE_URL (see playwright.config.ts)");
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-processes-"));
  bucket = await startFakeS3Server();
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  databaseName = `cms_e2e_processes_${randomBytes(5).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  // Both start at once, as after a deploy: they migrate one at a time (an advisory lock).
  [first, second] = await Promise.all([startSiteServer("primeiro"), startSiteServer("segundo")]);
  const setup = await fetch(`${first.url}/api/settings/setup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title: "Cooperativa Dois Processos", ...ADMIN, password_confirmation: ADMIN.password }),
  });
  expect(setup.status).toBe(201);
  token = await signIn(first);
  // From here on the test reads the site's own database (its scheduled_jobs).
  await admin.end();
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
});

test.afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await admin?.end().catch(() => {});
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && databaseName) {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await cleanup.end();
  }
  await bucket?.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

test("an edit made through one process shows through the other within a second, cached pages included", async () => {
  // The second process keeps the home page in its page cache: a matching ETag gets a 304.
  const before = await fetch(`${second.url}/`);
  expect(titleOf(await before.text())).toContain("Cooperativa Dois Processos");
  const etag = before.headers.get("etag");
  expect(etag).toBeTruthy();
  expect((await fetch(`${second.url}/`, { headers: { "if-none-match": etag ?? "" } })).status).toBe(304);

  const headers = { "content-type": "application/json", authorization: `Token ${token}` };
  const settings = await json<Record<string, unknown>>(await fetch(`${first.url}/api/settings`));
  const saved = await fetch(`${first.url}/api/settings`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...settings, title: "Cooperativa Renomeada" }),
  });
  expect(saved.status).toBe(200);
  const savedAt = Date.now();

  await expect
    .poll(async () => titleOf(await (await fetch(`${second.url}/`)).text()), { timeout: 1000, intervals: [50] })
    .toContain("Cooperativa Renomeada");
  expect(Date.now() - savedAt).toBeLessThan(1000);
  const stale = await fetch(`${second.url}/`, { headers: { "if-none-match": etag ?? "" } });
  expect(stale.status).toBe(200);
  expect((await json<{ title: string }>(await fetch(`${second.url}/api/settings`))).title).toBe(
    "Cooperativa Renomeada",
  );
});

test("the login limit counts the tries made on both processes", async () => {
  const attempt = (server: ServerProcess) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ninguem@coop.example", password: "senha-errada-123" }),
    });
  for (let index = 0; index < 10; index++) {
    expect((await attempt(index % 2 === 0 ? first : second)).status).toBe(401);
  }
  for (const server of [first, second]) {
    const refused = await attempt(server);
    expect(refused.status).toBe(429);
    expect((await json<{ message: string }>(refused)).message).toContain("Muitas tentativas de login");
  }
});

test("an image uploaded through one process is served by the other, from the bucket", async () => {
  const form = new FormData();
  const image = await makeImage("png", 640, 480);
  form.append("file", new File([new Uint8Array(image)], "colheita.png", { type: "image/png" }));
  const objectsBefore = bucket.objectCount();
  const uploaded = await fetch(`${first.url}/api/uploads/images`, {
    method: "POST",
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { url, thumb } = await json<{ url: string; thumb: string }>(uploaded);
  expect(bucket.objectCount()).toBe(objectsBefore + 3);
  await expect(fs.readdir(path.join(workDir, "primeiro", "files"))).rejects.toThrow();

  const served = await fetch(`${second.url}${url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  expect((await fetch(`${second.url}${thumb}`)).status).toBe(200);
});

test("a background job runs once while both are up, and once more after one is killed", async () => {
  await expect.poll(async () => (await jobRow("purge-sessions"))?.runs, { timeout: 15_000 }).toBe(1);
  // Both look for due jobs every 5 s: two more looks each, and still one run.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const ran = await jobRow("purge-sessions");
  expect(ran?.runs).toBe(1);

  const byPid = new Map(servers.map((server) => [String(server.child.pid), server]));
  const ranIn = byPid.get(ran?.leased_by?.split(":").at(-1) ?? "");
  expect(ranIn === first || ranIn === second).toBe(true);
  const survivor = ranIn === first ? second : first;
  ranIn?.child.kill("SIGKILL");
  // Six hours later, as far as the job knows.
  await admin.query("UPDATE scheduled_jobs SET next_run_at = now() WHERE name = 'purge-sessions'");
  await expect.poll(async () => (await jobRow("purge-sessions"))?.runs, { timeout: 15_000 }).toBe(2);
  expect((await jobRow("purge-sessions"))?.leased_by).toMatch(new RegExp(`:${survivor.child.pid}$`));
  first = survivor;
});

test("stopping answers the request in flight, then exits cleanly", async () => {
  const { port } = new URL(first.url);
  const body = JSON.stringify({ name: "Rui", email: "rui@coop.example", message: "Mensagem lenta." });
  // A request whose body is still arriving when the stop signal comes.
  const answered = new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/contacts/contact",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 10));
    setTimeout(() => request.end(body.slice(10)), 1500);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = stopServer(first);
  expect(await answered).toBe(201);
  expect(await exited).toBe(0);
  await expect(fetch(`${first.url}/api/health`)).rejects.toThrow();
});

test("WORKERS=2 serves one port from two processes and replaces one that dies", async () => {
  const cluster = await startSiteServer("cluster", { WORKERS: "2" });
  const workersOf = async () => {
    const children = await fs.readFile(`/proc/${cluster.child.pid}/task/${cluster.child.pid}/children`, "utf8");
    return children.trim().split(/\s+/).filter(Boolean);
  };
  await expect.poll(async () => (await workersOf()).length).toBe(2);
  const [doomed] = await workersOf();
  process.kill(Number(doomed), "SIGKILL");
  await expect
    .poll(
      async () => {
        const workers = await workersOf();
        return workers.length === 2 && !workers.includes(doomed ?? "");
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  for (let index = 0; index < 10; index++) {
    const home = await fetch(`${cluster.url}/`);
    expect(home.status).toBe(200);
    expect(titleOf(await home.text())).toContain("Cooperativa Renomeada");
  }
  expect(await stopServer(cluster)).toBe(0);
});
