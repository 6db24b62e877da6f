import { performance } from "node:perf_hooks";
import type { MessagePort } from "node:worker_threads";
import { MessageChannel, Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { DocumentHandler } from "../http/app.ts";
import { recordQueryTime } from "../metrics/query-time.ts";
import type { FromWorker, RenderJob, RenderWorkerData, ToWorker } from "./protocol.ts";

/** Pages a worker holds before the main thread takes the next one itself. */
const WORKER_BACKLOG = 2;

/** The main thread counts as busy when its event loop worked this share of the last half second. */
const BUSY_SHARE = 0.5;
const BUSY_WINDOW_MS = 500;

/**
 * Whether the main thread's event loop has been mostly working lately (Node's event loop utilization).
 * The sign that a worker would help: on the embedded database a render never yields, so pages never
 * overlap there, however many are waiting.
 */
function eventLoopBusy(): () => boolean {
  let since = performance.eventLoopUtilization();
  let busy = false;
  return () => {
    const window = performance.eventLoopUtilization(since);
    if (window.idle + window.active >= BUSY_WINDOW_MS) {
      busy = window.utilization >= BUSY_SHARE;
      since = performance.eventLoopUtilization();
    }
    return busy;
  };
}

/**
 * Pages the main thread must have rendered itself within the last BUSY_WINDOW_MS before a worker starts.
 * With the page cache on, the main thread is busy answering hits and renders a page only now and then
 * (a miss, an expiry): a worker would then cost its memory (~100 MB at rest, more under load) for nothing.
 */
export const RENDERS_TO_START_WORKER = 3;

/** Whether the main thread has been rendering pages itself lately, not merely serving other requests. */
function renderingOften(now: () => number = () => performance.now()) {
  const recent: number[] = [];
  return {
    rendered() {
      recent.push(now());
      if (recent.length > RENDERS_TO_START_WORKER) recent.shift();
    },
    often() {
      const oldest = recent[0];
      return recent.length === RENDERS_TO_START_WORKER && oldest !== undefined && now() - oldest <= BUSY_WINDOW_MS;
    },
  };
}

/**
 * A render thread's V8 young generation, in MB: three semi-spaces of 16 MB, as `npm start` gives every
 * thread with --max-semi-space-size (docs/decisions/0016). Set here too so that a server started without
 * those flags keeps its render threads as small; V8's default on a large machine is 64 MB semi-spaces
 * (192 MB), which a render thread fills before each scavenge.
 */
export const RENDER_THREAD_YOUNG_GENERATION_MB = 48;

/** After a worker dies, how long before another is started in its place (a crash loop costs a core). */
const RESTART_DELAY_MS = 5_000;

type Lane = {
  worker: Worker;
  ready: boolean;
  /** Stopped on purpose (idle, or the server stopping): its exit is not a failure. */
  retiring: boolean;
  waiting: Map<number, { resolve: (response: Response) => void; reject: (error: Error) => void }>;
};

/**
 * Render workers (render-worker.ts) for visitors' pages, so rendering uses the other cores while this
 * thread keeps HTTP, the page cache, every write and the embedded database. The pool is elastic: a
 * worker starts when the main thread is busy and has rendered RENDERS_TO_START_WORKER pages itself in the
 * last half second (a quiet site, or one whose page cache answers, never pays for one), up to `size`;
 * `releaseIdle` stops them once the burst is over (each holds ~100 MB at rest),
 * and one that died is replaced on the next busy moment. A page goes to the worker with the least work
 * in hand; while none can take it, the main thread renders it, so a page is never lost to a worker.
 */
export function startRenderPool(options: {
  size: number;
  logger: Logger;
  /** Serves a worker's queries on the embedded database; absent on PostgreSQL, where each worker connects. */
  answerQueries?: (port: MessagePort) => void;
  /** The worker's module: render-worker-entry.ts, or a stand-in in tests. */
  workerModule?: URL;
  restartDelayMs?: number;
  /** Whether the main thread is busy enough for a worker to help (tests set it). */
  mainThreadBusy?: () => boolean;
  /** The clock that tells how recent the main thread's renders are (tests set it). */
  now?: () => number;
}) {
  const workerModule = options.workerModule ?? new URL("./render-worker-entry.ts", import.meta.url);
  const restartDelayMs = options.restartDelayMs ?? RESTART_DELAY_MS;
  let nextId = 0;
  let lanes: Lane[] = [];
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  let closed = false;
  const mainThreadBusy = options.mainThreadBusy ?? eventLoopBusy();
  const rendering = renderingOften(options.now);

  function start(): Lane {
    const channel = options.answerQueries ? new MessageChannel() : null;
    if (channel) options.answerQueries?.(channel.port1);
    const data: RenderWorkerData = { databasePort: channel?.port2 ?? null };
    const worker = new Worker(workerModule, {
      workerData: data,
      transferList: channel ? [channel.port2] : [],
      resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_GENERATION_MB },
    });
    const lane: Lane = { worker, ready: false, retiring: false, waiting: new Map() };
    worker.on("message", (message: FromWorker) => {
      if (message.type === "ready") {
        lane.ready = true;
        return;
      }
      for (const seconds of message.postgresQuerySeconds) recordQueryTime("postgres", seconds);
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
    let ended = false;
    const end = (error: Error) => {
      if (ended) return;
      ended = true;
      lanes = lanes.filter((other) => other !== lane);
      channel?.port1.close();
      if (!lane.retiring) {
        lastFailureAt = performance.now();
        options.logger.error({ err: error }, "render worker stopped; the main thread renders until another starts");
      }
      for (const caller of lane.waiting.values()) caller.reject(error);
      lane.waiting.clear();
    };
    worker.on("error", end);
    worker.on("exit", (code) => end(new Error(`render worker exited with ${code}`)));
    return lane;
  }

  /** One more worker, if the pool has room, none is still starting and none died a moment ago. */
  function grow() {
    const starting = lanes.some((lane) => !lane.ready);
    const sinceFailure = performance.now() - lastFailureAt;
    if (closed || starting || lanes.length >= options.size || sinceFailure < restartDelayMs) return;
    lanes.push(start());
  }

  function toWorker(request: Request, env: Parameters<DocumentHandler>[1]): Promise<Response> | null {
    const lane = lanes.filter((candidate) => candidate.ready).sort((a, b) => a.waiting.size - b.waiting.size)[0];
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
      lane.worker.postMessage(job satisfies ToWorker);
    });
  }

  async function retire(retired: Lane[], error: Error) {
    lanes = lanes.filter((lane) => !retired.includes(lane));
    for (const lane of retired) {
      lane.retiring = true;
      for (const caller of lane.waiting.values()) caller.reject(error);
      lane.waiting.clear();
    }
    await Promise.all(retired.map((lane) => lane.worker.terminate()));
  }

  return {
    /** The page from a worker, or rendered by `here` when none can take it. */
    render(request: Request, env: Parameters<DocumentHandler>[1], here: DocumentHandler): Promise<Response> {
      const fromWorker = toWorker(request, env);
      if (fromWorker) return fromWorker;
      rendering.rendered();
      if (mainThreadBusy() && rendering.often()) grow();
      return here(request, env);
    },

    /** Workers running or starting. */
    get size() {
      return lanes.length;
    },

    /** Pages handed to the workers and not yet answered (server/metrics/). */
    get waiting() {
      return lanes.reduce((pages, lane) => pages + lane.waiting.size, 0);
    },

    /** A committed change: every worker drops its caches before its next page. */
    changed() {
      for (const lane of lanes) lane.worker.postMessage({ type: "changed" } satisfies ToWorker);
    },

    /** Stops the workers that hold no page (the burst is over); true if any was stopped. */
    async releaseIdle(): Promise<boolean> {
      const idle = lanes.filter((lane) => lane.waiting.size === 0);
      await retire(idle, new Error("render worker stopped while idle"));
      return idle.length > 0;
    },

    /** Stops the workers; pages still in their hands fail. */
    async close() {
      closed = true;
      await retire(lanes, new Error("the server is stopping"));
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
    return shared ? pool.render(request, env, local) : local(request, env);
  };
}
