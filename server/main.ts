import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { ServerBuild } from "react-router";
import { createLocalStorage } from "./adapters/storage/local-storage.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { type Database, openPostgres } from "./db/client.ts";
import { DataDirLockError, lockDataDir } from "./db/data-dir-lock.ts";
import { openPgliteFolder } from "./db/pglite-template.ts";
import { createHttpApp, createSitePageCache } from "./http/app.ts";
import { createDocumentHandler } from "./http/document.ts";
import { createNodeListener } from "./http/node-listener.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { createLogger } from "./logger.ts";
import { createServices } from "./services.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config);
  // The data folder is claimed first: a second process on it is refused before anything else is checked.
  let releaseLock = () => {};
  if (!config.DATABASE_URL) {
    try {
      releaseLock = lockDataDir(config.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockError) fail(error.message);
      throw error;
    }
  }
  const production = config.NODE_ENV === "production";
  const buildPath = path.resolve("build/server/index.js");
  if (production && !existsSync(buildPath)) {
    fail(`No build at ${buildPath}: run \`npm run build\` first (npm start does it).`);
  }
  // Loaded while the database opens: PGlite compiles its WebAssembly off the main thread meanwhile.
  const loadingBuild = production ? (import(buildPath) as Promise<ServerBuild>) : undefined;
  loadingBuild?.catch(() => {});

  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPgliteFolder(path.join(config.DATA_DIR, "db"));
  await database.migrate();

  const storage = createLocalStorage(path.join(config.DATA_DIR, "files"), config.FILES_URL);
  const services = createServices({ config, database, storage, logger });
  const purgeSessions = () =>
    services.auth.purgeExpired().catch((error: unknown) => logger.error({ err: error }, "session purge failed"));
  setInterval(purgeSessions, 6 * 60 * 60 * 1000).unref();

  const server = http.createServer();
  let build: ServerBuild | (() => Promise<ServerBuild>);
  const root = new Hono();

  if (loadingBuild) {
    build = await loadingBuild;
    root.use("*", securityHeaders(config.BASE_URL));
    root.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    root.use("*", compress());
    // Only the build's own files: a page's address never costs a look at the disk.
    root.use("/assets/*", serveStatic({ root: "./build/client" }));
    root.use("/favicon.svg", serveStatic({ root: "./build/client" }));
  } else {
    const { createServer } = await import("vite");
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server } },
      appType: "custom",
    });
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    server.on("request", (req, res) => {
      vite.middlewares(req, res, () => honoListener(req, res));
    });
  }

  const pageCache = createSitePageCache(services);
  const app = createHttpApp(
    services,
    createDocumentHandler(build, production ? "production" : "development"),
    pageCache,
  );
  root.route("/", app);
  const honoListener = getRequestListener(root.fetch);
  if (production) {
    server.on("request", await createNodeListener({ app: honoListener, pageCache, baseUrl: config.BASE_URL, logger }));
  }

  server.listen(config.PORT, config.HOST, () => {
    // Expired sessions are already refused at lookup: purging them can wait until requests are answered.
    void purgeSessions();
    logger.info({ port: config.PORT, host: config.HOST ?? "*", database: database.engine }, "listening");
    if (!config.BASE_URL)
      logger.warn("BASE_URL is not set: set the site's domain and the BASE_URL environment variable");
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    await database.close().catch(() => {});
    releaseLock();
    process.exit(0);
  };
  process.on("exit", releaseLock);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
