import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";
import { answerWorkersScrapes } from "../metrics/cluster.ts";

/** A worker that dies this soon after starting is failing to start: wait longer before the next. */
const QUICK_DEATH_MS = 5_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long stopping waits for the workers to finish their requests in flight. */
const STOP_GRACE_MS = 30_000;

/**
 * The primary of WORKERS processes (Node's cluster): it serves nothing itself. It forks the workers,
 * which share one port, starts a new one when one dies, and on SIGTERM or SIGINT passes the signal on
 * and exits once every worker has finished what it was answering. A worker asked for /metrics gets every
 * worker's numbers through it (server/metrics/cluster.ts).
 */
export function runClusterPrimary(options: { workers: number; logger: Logger }): void {
  const { logger } = options;
  let stopping = false;
  let restartDelay = 1000;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    restartDelay = lived < QUICK_DEATH_MS ? Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS) : 1000;
    logger.error({ pid: worker.process.pid, code, signal, restartInMs: restartDelay }, "worker died: starting another");
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay);
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      logger.warn("workers did not stop in time: exiting");
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  answerWorkersScrapes();

  // Workers run the server's entry itself, whatever started the primary (npm start runs scripts/start.ts).
  cluster.setupPrimary({ exec: fileURLToPath(new URL("../main.ts", import.meta.url)) });
  logger.info({ workers: options.workers }, "starting workers");
  for (let index = 0; index < options.workers; index++) fork();
}
