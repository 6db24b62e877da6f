import { existsSync } from "node:fs";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import type { ServerBuild } from "react-router";
import { createFileStorage } from "./adapters/storage/from-config.ts";
import { serveBackupRequests } from "./backup/backup-socket.ts";
import { backupContents } from "./backup/manifest.ts";
import type { Config } from "./config.ts";
import { type Database, openPostgres } from "./db/client.ts";
import { DataDirLockError, lockDataDir } from "./db/data-dir-lock.ts";
import { openPgliteFolder } from "./db/pglite-template.ts";
import { openPostgresChangeFeed } from "./db/postgres-change-feed.ts";
import { backgroundJobs } from "./flows/background-jobs.ts";
import { assetAnswers, createHttpApp, createSitePageCache } from "./http/app.ts";
import { compressAnswers } from "./http/compress-answers.ts";
import { createDocumentHandler } from "./http/document.ts";
import { createHttpServer } from "./http/http-server.ts";
import { createNodeListener } from "./http/node-listener.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { createLogger } from "./logger.ts";
import { startScheduler } from "./modules/jobs/scheduler.ts";
import { type RenderPool, startRenderPool, withRenderPool } from "./render/render-pool.ts";
import { startIdleMemoryRelease } from "./runtime/idle-memory.ts";
import { pinTickRecordShape } from "./runtime/tick-record-shape.ts";
import { createServices } from "./services.ts";

/**
 * A build file of a compressible type may be sent compressed to some browsers and not to others:
 * its plain answer says so too, so a shared cache never hands it to a browser that could take the
 * smaller one. serveStatic adds Vary itself only when it sends a compressed copy.
 */
const varyOnEncoding: MiddlewareHandler = async (c, next) => {
  await next();
  const compressible = c.res.ok && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get("Content-Type") ?? "");
  if (compressible && !c.res.headers.has("Content-Encoding")) c.header("Vary", "Accept-Encoding", { append: true });
};

/** How long stopping waits for the requests in flight before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** One process serving the site (or one of WORKERS): server/main.ts starts it. */
export async function serve(config: Config): Promise<void> {
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

  // Before the database: its extensions must not find nextTick's record shape unused (see the module).
  pinTickRecordShape();
  const embedded = config.DATABASE_URL ? null : await openPgliteFolder(path.join(config.DATA_DIR, "db"));
  const database: Database = embedded ?? (await openPostgres(config.DATABASE_URL ?? ""));
  await database.migrate();

  const storage = createFileStorage(config);
  // On PostgreSQL other processes may serve the site: each tells the others what it changed.
  const changeFeed = config.DATABASE_URL ? await openPostgresChangeFeed(config.DATABASE_URL, logger) : undefined;
  const services = createServices({ config, database, storage, logger, changeFeed });
  // Before any request: what is still stored in clear (or under SECRETS_KEY_OLD) is sealed under SECRETS_KEY.
  await services.secrets.sealStored();
  // `npm run backup` asks the server that holds the data folder for a consistent copy (after the lock:
  // it removes a socket file left by a server that died).
  const backupRequests = embedded
    ? await serveBackupRequests({
        dataDir: config.DATA_DIR,
        database,
        storage,
        logger,
        onWritten: ({ by, output, manifest }) =>
          services.transaction((tx) =>
            tx.audit.record({
              actor: null,
              actorName: by,
              action: "backup.created",
              recordLabel: path.basename(output),
              details: { Arquivo: output, Conteúdo: backupContents(manifest) },
            }),
          ),
      })
    : null;
  // GET /metrics (server/metrics/) only with a token to ask for it: otherwise prom-client is never loaded.
  const metrics = config.METRICS_TOKEN
    ? (await import("./metrics/metrics.ts")).startMetrics({ db: database.db })
    : null;
  // Each mail is claimed by one process (FOR UPDATE SKIP LOCKED); the other jobs by a lease.
  const mailDelivery = services.mail.startDelivery();
  const scheduler = startScheduler({
    db: database.db,
    logger,
    jobs: backgroundJobs(services),
    onRun: metrics?.jobRan,
  });

  const server = createHttpServer();
  let build: ServerBuild | (() => Promise<ServerBuild>);
  const root = new Hono();

  if (loadingBuild) {
    build = await loadingBuild;
    root.use("*", securityHeaders(config.BASE_URL));
    const assets = assetAnswers(metrics, config.TRUST_PROXY);
    for (const files of ["/assets/*", "/favicon.svg"]) root.use(files, assets);
    root.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    // Only the build's own files: a page's address never costs a look at the disk. They are sent as
    // the build compressed them (scripts/compress-assets.ts): brotli, else gzip, as the browser asks.
    const buildFiles = serveStatic({ root: "./build/client", precompressed: true });
    for (const files of ["/assets/*", "/favicon.svg"]) root.use(files, varyOnEncoding, buildFiles);
    // A file this build does not have (a page of an earlier deploy asking for its chunks) is a short
    // 404, never a page rendered; the browser's ChunkReload (app/components/chunk-reload.tsx) takes over.
    root.all("/assets/*", (c) => c.text("Arquivo não encontrado.", 404));
    // After the build's files, which it must not compress again: the pages the page cache does not
    // keep (anyone signed in, PAGE_CACHE=off) and the API's answers. It leaves alone any answer that
    // already has a Content-Encoding, as the page cache's have.
    root.use("*", compressAnswers());
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

  const renderHere = createDocumentHandler(build, production ? "production" : "development");
  // Visitors' pages render on the other cores (server/render/) while the main thread is busy.
  let renderPool: RenderPool | null = null;
  if (production && config.RENDER_WORKERS > 0) {
    renderPool = startRenderPool({
      size: config.RENDER_WORKERS,
      logger,
      answerQueries: embedded ? (port) => embedded.answerProxiedQueries(port) : undefined,
    });
    services.onEveryChange(() => renderPool?.changed());
  }
  const pageCache = createSitePageCache(services);
  metrics?.watch({ pageCache, renderPool });
  const app = createHttpApp(
    services,
    renderPool ? withRenderPool(renderPool, renderHere) : renderHere,
    pageCache,
    metrics,
  );
  root.route("/", app);
  const honoListener = getRequestListener(root.fetch);
  let logHits = () => {};
  if (production) {
    const node = await createNodeListener({
      app: honoListener,
      pageCache,
      baseUrl: config.BASE_URL,
      logger,
      metrics,
      trustProxy: config.TRUST_PROXY,
    });
    logHits = node.logHits;
    // Once a burst is over, the render workers stop and the heap it grew is given back.
    const idleMemory = startIdleMemoryRelease({
      release: async () => (await renderPool?.releaseIdle()) ?? false,
      logger,
    });
    server.on("request", (request, response) => {
      idleMemory.touch();
      node.listener(request, response);
    });
  }

  server.listen(config.PORT, config.HOST, () => {
    // The jobs due wait until requests are answered.
    void scheduler.tick();
    logger.info({ port: config.PORT, host: config.HOST ?? "*", database: database.engine }, "listening");
    if (!config.BASE_URL)
      logger.warn(
        "BASE_URL is not set: set the site's domain and the BASE_URL environment variable; until then no password reset e-mail is sent and order e-mails go without links",
      );
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logHits();
    // No new connections; the requests in flight are answered (for SHUTDOWN_GRACE_MS at most) and
    // idle keep-alive connections close, so a restart or deploy drops nothing a browser was waiting for.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idleAgain = setInterval(() => server.closeIdleConnections(), 100);
    const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await drained;
    clearInterval(idleAgain);
    clearTimeout(forced);
    // Reset links asked for in the last moments are written after their answers went out.
    await services.auth.resetRequestsSettled();
    // The redirects' hits counted since their last write.
    await services.redirects.flushHits();
    await scheduler.stop();
    await renderPool?.close();
    await mailDelivery.stop();
    await changeFeed?.close();
    await backupRequests?.close();
    await database.close().catch(() => {});
    releaseLock();
    process.exit(0);
  };
  process.on("exit", releaseLock);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
