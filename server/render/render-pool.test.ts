import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentHandler } from "../http/app.ts";
import { recordQueryTimes } from "../metrics/query-time.ts";
import {
  RENDER_THREAD_YOUNG_GENERATION_MB,
  RENDERS_TO_START_WORKER,
  type RenderPool,
  startRenderPool,
  withRenderPool,
} from "./render-pool.ts";

const echoWorker = new URL("../../tests/support/echo-render-worker.ts", import.meta.url);
const pools: RenderPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

type Env = Parameters<DocumentHandler>[1];
const visitor = {
  actor: null,
  sessionToken: null,
  sessionEnded: false,
  requestId: "r",
  clientAddress: "127.0.0.1",
} as Env;
const signedIn = {
  ...visitor,
  actor: { id: 1, name: "Ana", email: "ana@example.com", role: "admin" },
  sessionToken: "t",
} as Env;

const here: DocumentHandler = async (request) => new Response(`here ${new URL(request.url).pathname}`);
const page = (path: string) => new Request(`http://site${path}`);
const text = async (response: Promise<Response>) => (await response).text();

let mainThreadBusy = false;
afterEach(() => {
  mainThreadBusy = false;
});

function newPool(
  restartDelayMs = 5_000,
  { workerModule = echoWorker, now }: { workerModule?: URL; now?: () => number } = {},
): RenderPool {
  const pool = startRenderPool({
    size: 1,
    logger: pino({ level: "silent" }),
    workerModule,
    restartDelayMs,
    mainThreadBusy: () => mainThreadBusy,
    now,
  });
  pools.push(pool);
  return pool;
}

/** Pages rendered here one after the other while the main thread is busy, which starts a worker if the pool may. */
async function busyMoment(pool: RenderPool) {
  mainThreadBusy = true;
  for (let rendered = 0; rendered < RENDERS_TO_START_WORKER; rendered++) await pool.render(page("/b"), visitor, here);
  mainThreadBusy = false;
}

/** Renders warm-up pages until one comes from the worker. */
async function untilWorkerRenders(pool: RenderPool) {
  for (let tries = 0; tries < 500; tries++) {
    if ((await text(pool.render(page("/warm"), visitor, here))).startsWith("GET")) return;
    await sleep(10);
  }
  throw new Error("the echo worker never rendered");
}

async function poolWithWorker(restartDelayMs?: number): Promise<RenderPool> {
  const pool = newPool(restartDelayMs);
  await busyMoment(pool);
  await untilWorkerRenders(pool);
  return pool;
}

describe("the render pool", () => {
  it("starts no worker while the main thread keeps up", async () => {
    const pool = newPool();
    for (const path of ["/", "/sobre", "/noticias"])
      expect(await text(pool.render(page(path), visitor, here))).toBe(`here ${path}`);
    expect(pool.size).toBe(0);
  });

  it("starts no worker for a page now and then while the main thread is busy with other requests (the page cache's hits)", async () => {
    let clock = 0;
    const pool = newPool(5_000, { now: () => clock });
    mainThreadBusy = true;
    for (let rendered = 0; rendered < 2 * RENDERS_TO_START_WORKER; rendered++) {
      expect(await text(pool.render(page("/sobre"), visitor, here))).toBe("here /sobre");
      clock += 300;
    }
    expect(pool.size).toBe(0);
    // The same pages closer together: the main thread is rendering, and a worker starts.
    for (let rendered = 0; rendered < RENDERS_TO_START_WORKER; rendered++) {
      await pool.render(page("/sobre"), visitor, here);
      clock += 100;
    }
    expect(pool.size).toBe(1);
  });

  it("adds the times of a worker's own PostgreSQL queries to the main thread's query metrics", async () => {
    const recorded: [string, number][] = [];
    recordQueryTimes((engine, seconds) => recorded.push([engine, seconds]));
    try {
      const pool = await poolWithWorker();
      expect(await text(pool.render(page("/queries"), visitor, here))).toBe("GET /queries after 0 changes");
      expect(recorded).toEqual([
        ["postgres", 0.25],
        ["postgres", 0.5],
      ]);
    } finally {
      recordQueryTimes(null);
    }
  });

  it("gives its render threads a young generation of their own size, however the process was started", async () => {
    const reportLimits = `
      import { parentPort, resourceLimits } from "node:worker_threads";
      parentPort.on("message", (job) => {
        if (job.type !== "render") return;
        const body = new TextEncoder().encode(JSON.stringify(resourceLimits)).buffer;
        parentPort.postMessage({ type: "rendered", id: job.id, status: 200, statusText: "OK", headers: [], body, postgresQuerySeconds: [] }, [body]);
      });
      parentPort.postMessage({ type: "ready" });
    `;
    const pool = newPool(5_000, { workerModule: new URL(`data:text/javascript,${encodeURIComponent(reportLimits)}`) });
    await busyMoment(pool);
    let limits: { maxYoungGenerationSizeMb?: number } = {};
    for (let tries = 0; tries < 500 && limits.maxYoungGenerationSizeMb === undefined; tries++) {
      const answer = await text(pool.render(page("/limits"), visitor, here));
      if (answer.startsWith("{")) limits = JSON.parse(answer);
      else await sleep(10);
    }
    expect(limits.maxYoungGenerationSizeMb).toBe(RENDER_THREAD_YOUNG_GENERATION_MB);
  });

  it("renders a visitor's page in a worker once the main thread is busy, and a signed-in page or a form post here", async () => {
    const pool = await poolWithWorker();
    const render = withRenderPool(pool, here);
    expect(await text(render(page("/sobre"), visitor))).toBe("GET /sobre after 0 changes");
    expect(await text(render(page("/sobre"), signedIn))).toBe("here /sobre");
    const post = new Request("http://site/contato", { method: "POST", body: "x" });
    expect(await text(render(post, visitor))).toBe("here /contato");
  });

  it("tells the workers of every change before their next page", async () => {
    const pool = await poolWithWorker();
    pool.changed();
    pool.changed();
    expect(await text(pool.render(page("/agenda"), visitor, here))).toBe("GET /agenda after 2 changes");
  });

  it("renders here once the worker has enough in hand", async () => {
    const render = withRenderPool(await poolWithWorker(), here);
    const slow = render(page("/slow"), visitor);
    const second = render(page("/noticias"), visitor);
    expect(await text(render(page("/busca"), visitor))).toBe("here /busca");
    expect(await text(second)).toBe("GET /noticias after 0 changes");
    expect(await text(slow)).toBe("GET /slow after 0 changes");
  });

  it("fails the pages a dead worker held, renders here meanwhile, and starts another on a later busy moment", async () => {
    const pool = await poolWithWorker(50);
    await expect(pool.render(page("/crash"), visitor, here)).rejects.toThrow("exited");
    expect(pool.size).toBe(0);
    expect(await text(pool.render(page("/sobre"), visitor, here))).toBe("here /sobre");
    await sleep(60);
    await busyMoment(pool);
    expect(pool.size).toBe(1);
    await untilWorkerRenders(pool);
  });

  it("waits before replacing a worker that died, so a crash loop does not take a core", async () => {
    const pool = await poolWithWorker(60_000);
    await expect(pool.render(page("/crash"), visitor, here)).rejects.toThrow("exited");
    await busyMoment(pool);
    expect(pool.size).toBe(0);
  });

  it("stops idle workers when asked, and starts one again on the next busy moment", async () => {
    const pool = await poolWithWorker();
    expect(await pool.releaseIdle()).toBe(true);
    expect(pool.size).toBe(0);
    expect(await pool.releaseIdle()).toBe(false);
    expect(await text(pool.render(page("/sobre"), visitor, here))).toBe("here /sobre");
    await busyMoment(pool);
    await untilWorkerRenders(pool);
  });

  it("keeps a worker that holds a page when idle ones are stopped", async () => {
    const pool = await poolWithWorker();
    const slow = pool.render(page("/slow"), visitor, here);
    expect(await pool.releaseIdle()).toBe(false);
    expect(await text(pool.render(page("/sobre"), visitor, here))).toBe("GET /sobre after 0 changes");
    expect(await text(slow)).toBe("GET /slow after 0 changes");
  });
});
