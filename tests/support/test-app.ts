import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { createFileStorage } from "../../server/adapters/storage/from-config.ts";
import { loadConfig } from "../../server/config.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createTestDatabase, resetDatabase } from "./database.ts";
import { OFFLINE_PROVIDERS } from "./offline-providers.ts";

export type ApiResponse = { status: number; headers: Headers; body: unknown; json<T = Record<string, unknown>>(): T };

type RequestOptions = { body?: unknown; token?: string; headers?: Record<string, string>; form?: FormData };

export const SUPER = {
  title: "Cooperativa Teste",
  admin_name: "Ana Super",
  email: "ana@example.com",
  password: "segredo123",
};

/** The real HTTP app on a fresh test database, driven without a network socket. */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-files-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...OFFLINE_PROVIDERS, ...env });
  // The data folder's files, or the bucket the S3_* settings of `env` name.
  const storage = createFileStorage(config);
  let services: Services = createServices({ config, database, storage, logger: pino({ level: "silent" }) });
  let app = createHttpApp(services);

  async function request(method: string, url: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    if (options.token) headers.authorization = `Token ${options.token}`;
    const response = await app.request(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed, json: <T>() => parsed as T };
  }

  async function login(email: string, password: string): Promise<string> {
    const response = await request("POST", "/api/auth/login", { body: { email, password } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.json<{ token: string }>().token;
  }

  /** Runs the first-time setup and returns the super user's token. */
  async function setupSite(): Promise<string> {
    const response = await request("POST", "/api/settings/setup", {
      body: { ...SUPER, password_confirmation: SUPER.password },
    });
    if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${JSON.stringify(response.body)}`);
    return login(SUPER.email, SUPER.password);
  }

  /** Creates a user with the given role (as the super user) and returns their token. */
  async function createUser(
    role: "user" | "admin" | "super",
    superToken: string,
    email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
  ) {
    const password = "senha-forte-1";
    const response = await request("POST", "/api/users", {
      token: superToken,
      body: { name: `Pessoa ${role}`, email, role, password },
    });
    if (response.status !== 201)
      throw new Error(`create user failed: ${response.status} ${JSON.stringify(response.body)}`);
    const user = response.json<{ id: number }>();
    return { id: user.id, email, password, token: await login(email, password) };
  }

  return {
    get app() {
      return app;
    },
    get services() {
      return services;
    },
    database,
    dataDir,
    request,
    login,
    setupSite,
    createUser,
    /** Back to a site that was never set up, with fresh in-memory caches and throttles. */
    async reset() {
      await resetDatabase(database);
      services = createServices({ config, database, storage, logger: pino({ level: "silent" }) });
      app = createHttpApp(services);
    },
    async close() {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
