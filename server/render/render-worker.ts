/**
 * A render worker: renders visitors' pages (anonymous GET and HEAD) with its own React Router and
 * services, on the second core. It reads the database the main thread owns (pglite-proxy.ts) or its own
 * PostgreSQL connections, and never writes. Started by render-pool.ts.
 */
import path from "node:path";
import { parentPort, threadId, workerData } from "node:worker_threads";
import type { ServerBuild } from "react-router";
import { createFileStorage } from "../adapters/storage/from-config.ts";
import { loadConfig } from "../config.ts";
import { type Database, openPostgres } from "../db/client.ts";
import { proxiedPglite } from "../db/pglite-proxy.ts";
import { createDocumentHandler } from "../http/document.ts";
import { createLogger } from "../logger.ts";
import { recordQueryTimes } from "../metrics/query-time.ts";
import { createServices } from "../services.ts";
import type { FromWorker, RenderWorkerData, ToWorker } from "./protocol.ts";

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs as a worker thread (render-pool.ts)");
const { databasePort } = workerData as RenderWorkerData;

const config = loadConfig();
const logger = createLogger(config).child({ thread: "render" });
const database: Database = databasePort
  ? proxiedPglite(databasePort)
  : await openPostgres(config.DATABASE_URL ?? "", { maxConnections: 4 });
const storage = createFileStorage(config);
const buildServices = () => createServices({ config, database, storage, logger });
// Every cache lives in the services: a change on the main thread builds them afresh.
let services = buildServices();
const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const handle = createDocumentHandler(build, "production");

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
// Its own PostgreSQL queries' times go to the main thread's metrics with each page (protocol.ts).
const postgresQuerySeconds: number[] = [];
if (!databasePort) recordQueryTimes((_engine, seconds) => postgresQuerySeconds.push(seconds));
const takeQueryTimes = () => ({ postgresQuerySeconds: postgresQuerySeconds.splice(0) });

port.on("message", async (message: ToWorker) => {
  if (message.type === "changed") {
    services = buildServices();
    return;
  }
  const { id, url, method, headers, requestId, clientAddress, sessionEnded } = message;
  const started = performance.now();
  try {
    const response = await handle(new Request(url, { method, headers }), {
      services,
      logger: services.logger.child({ requestId }),
      requestId,
      clientAddress,
      actor: null,
      sessionToken: null,
      sessionEnded,
      crossSiteWrite: false,
    });
    const body = response.body ? await response.arrayBuffer() : null;
    // Says which thread made the page (the browser's network panel shows it; tests check it).
    const timing = `render;desc="worker ${threadId}";dur=${(performance.now() - started).toFixed(1)}`;
    const answer = {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers, ["Server-Timing", timing]] satisfies [string, string][],
    };
    send({ type: "rendered", id, ...answer, body, ...takeQueryTimes() }, body ? [body] : []);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    send({ type: "failed", id, message: failure.message, stack: failure.stack, ...takeQueryTimes() });
  }
});
send({ type: "ready" });
