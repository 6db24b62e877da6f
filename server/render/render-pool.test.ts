import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentHandler } from "../http/app.ts";
import { type RenderPool, startRenderPool, withRenderPool } from "./render-pool.ts";

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

async function readyPool(): Promise<RenderPool> {
  const pool = startRenderPool({ size: 1, logger: pino({ level: "silent" }), workerModule: echoWorker });
  pools.push(pool);
  for (let tries = 0; tries < 500; tries++) {
    const warm = pool.render(new Request("http://site/warm"), visitor);
    if (warm) {
      await warm;
      return pool;
    }
    await sleep(10);
  }
  throw new Error("the echo worker never became ready");
}

const here: DocumentHandler = async (request) => new Response(`here ${new URL(request.url).pathname}`);

describe("the render pool", () => {
  it("renders a visitor's page in a worker, and a signed-in page or a form post here", async () => {
    const render = withRenderPool(await readyPool(), here);
    expect(await (await render(new Request("http://site/sobre"), visitor)).text()).toBe("GET /sobre after 0 changes");
    expect(await (await render(new Request("http://site/sobre"), signedIn)).text()).toBe("here /sobre");
    const post = new Request("http://site/contato", { method: "POST", body: "x" });
    expect(await (await render(post, visitor)).text()).toBe("here /contato");
  });

  it("tells the workers of every change before their next page", async () => {
    const pool = await readyPool();
    pool.changed();
    pool.changed();
    const page = pool.render(new Request("http://site/agenda"), visitor);
    expect(await page?.then((response) => response.text())).toBe("GET /agenda after 2 changes");
  });

  it("renders here once the worker has enough in hand", async () => {
    const render = withRenderPool(await readyPool(), here);
    const slow = render(new Request("http://site/slow"), visitor);
    const second = render(new Request("http://site/noticias"), visitor);
    const third = await render(new Request("http://site/busca"), visitor);
    expect(await third.text()).toBe("here /busca");
    expect(await (await second).text()).toBe("GET /noticias after 0 changes");
    expect(await (await slow).text()).toBe("GET /slow after 0 changes");
  });

  it("fails the pages a stopped worker held, then renders everything here", async () => {
    const render = withRenderPool(await readyPool(), here);
    await expect(render(new Request("http://site/crash"), visitor)).rejects.toThrow("exited");
    expect(await (await render(new Request("http://site/sobre"), visitor)).text()).toBe("here /sobre");
  });
});
