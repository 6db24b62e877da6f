import type { MessagePort } from "node:worker_threads";
import { MessageChannel, Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { DocumentHandler } from "../http/app.ts";
import type { FromWorker, RenderJob, RenderWorkerData, ToWorker } from "./protocol.ts";

/** Pages a worker holds before the main thread takes the next one itself. */
const WORKER_BACKLOG = 2;

type Lane = {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  waiting: Map<number, { resolve: (response: Response) => void; reject: (error: Error) => void }>;
};

/**
 * Render workers (render-worker.ts) for visitors' pages, so rendering uses the other cores while this
 * thread keeps HTTP, the page cache, every write and the embedded database. A page goes to the worker
 * with the least work in hand; while none is ready (at start) or if one fails, `render` answers null
 * and the caller renders it here, so a page is never lost to a worker.
 */
export function startRenderPool(options: {
  size: number;
  logger: Logger;
  /** Serves a worker's queries on the embedded database; absent on PostgreSQL, where each worker connects. */
  answerQueries?: (port: MessagePort) => void;
  /** The worker's module: render-worker.ts, or a stand-in in tests. */
  workerModule?: URL;
}) {
  const workerModule = options.workerModule ?? new URL("./render-worker.ts", import.meta.url);
  let nextId = 0;
  const lanes: Lane[] = [];

  function start(): Lane {
    const channel = options.answerQueries ? new MessageChannel() : null;
    if (channel) options.answerQueries?.(channel.port1);
    const data: RenderWorkerData = { databasePort: channel?.port2 ?? null };
    const worker = new Worker(workerModule, {
      workerData: data,
      transferList: channel ? [channel.port2] : [],
    });
    const lane: Lane = { worker, ready: false, dead: false, waiting: new Map() };
    worker.on("message", (message: FromWorker) => {
      if (message.type === "ready") {
        lane.ready = true;
        return;
      }
      const caller = lane.waiting.get(message.id);
      lane.waiting.delete(message.id);
      if (!caller) return;
      if (message.type === "rendered") {
        const { status, statusText, headers, body } = message;
        caller.resolve(new Response(body, { status, statusText, headers }));
      } else {
        const error = new Error(message.message);
        error.stack = message.stack;
        caller.reject(error);
      }
    });
    const stop = (error: Error) => {
      if (lane.dead) return;
      lane.dead = true;
      channel?.port1.close();
      options.logger.error({ err: error }, "render worker stopped; its pages render on the main thread");
      for (const caller of lane.waiting.values()) caller.reject(error);
      lane.waiting.clear();
    };
    worker.on("error", stop);
    worker.on("exit", (code) => stop(new Error(`render worker exited with ${code}`)));
    return lane;
  }

  for (let index = 0; index < options.size; index++) lanes.push(start());

  const post = (lane: Lane, message: ToWorker) => lane.worker.postMessage(message);

  return {
    /** The page from a worker, or null when none can take it (the caller renders it itself). */
    render(request: Request, env: Parameters<DocumentHandler>[1]): Promise<Response> | null {
      const lane = lanes
        .filter((candidate) => candidate.ready && !candidate.dead)
        .sort((a, b) => a.waiting.size - b.waiting.size)[0];
      // The main thread renders too, once every worker has enough in hand to stay busy.
      if (!lane || lane.waiting.size >= WORKER_BACKLOG) return null;
      const id = nextId++;
      const job: RenderJob = {
        type: "render",
        id,
        url: request.url,
        method: request.method,
        headers: [...request.headers],
        requestId: env.requestId,
        clientAddress: env.clientAddress,
        sessionEnded: env.sessionEnded,
      };
      return new Promise((resolve, reject) => {
        lane.waiting.set(id, { resolve, reject });
        post(lane, job);
      });
    },

    /** A committed change: every worker drops its caches before its next page. */
    changed() {
      for (const lane of lanes) if (!lane.dead) post(lane, { type: "changed" });
    },

    /** Stops the workers; pages still in their hands fail. */
    async close() {
      const closing = new Error("the server is stopping");
      for (const lane of lanes) {
        lane.dead = true;
        for (const caller of lane.waiting.values()) caller.reject(closing);
        lane.waiting.clear();
      }
      await Promise.all(lanes.map((lane) => lane.worker.terminate()));
    },
  };
}

export type RenderPool = ReturnType<typeof startRenderPool>;

/**
 * Renders what a visitor may share (an anonymous GET or HEAD) in the pool, anything else with `local`:
 * signed-in pages and every form post stay on the main thread, beside the sessions and the writes.
 */
export function withRenderPool(pool: RenderPool, local: DocumentHandler): DocumentHandler {
  return (request, env) => {
    const shared = (request.method === "GET" || request.method === "HEAD") && !env.actor && !env.sessionToken;
    return (shared ? pool.render(request, env) : null) ?? local(request, env);
  };
}
