import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { createFairQueue } from "./fair-queue.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("fair queue", () => {
  it("runs at most its concurrency at once and starts waiting work in arrival order", async () => {
    const queue = createFairQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (id: number) =>
      queue.run("GET", async () => {
        started.push(id);
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        return id;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(work));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("starts each piece of work on a later turn of the event loop, so waiting requests are read first", async () => {
    const queue = createFairQueue(4);
    const events: string[] = [];
    const done = queue.run("GET", async () => {
      events.push("work");
    });
    setImmediate(() => events.push("loop turn"));
    await done;
    expect(events).toEqual(["loop turn", "work"]);
  });

  /** An app behind a queue of one, whose GET /slow takes two turns of the loop; `order` says what ended when. */
  function behindOneAtATime(slowEnd: string) {
    const app = new Hono<AppEnv>();
    app.use(createFairQueue(1).middleware);
    const order: string[] = [];
    app.get("/slow", async (c) => {
      await tick();
      await tick();
      order.push(slowEnd);
      return c.text("slow");
    });
    return { app, order };
  }

  it("holds requests behind the middleware until earlier ones are answered", async () => {
    const { app, order } = behindOneAtATime("slow");
    app.get("/fast", (c) => {
      order.push("fast");
      return c.text("fast");
    });
    const [slow, fast] = await Promise.all([app.request("/slow"), app.request("/fast")]);
    expect(await slow.text()).toBe("slow");
    expect(await fast.text()).toBe("fast");
    expect(order).toEqual(["slow", "fast"]);
  });

  it("lets writes through at once: they have bounds of their own", async () => {
    const { app, order } = behindOneAtATime("slow read");
    app.post("/write", (c) => {
      order.push("write");
      return c.text("written");
    });
    await Promise.all([app.request("/slow"), app.request("/write", { method: "POST" })]);
    expect(order).toEqual(["write", "slow read"]);
  });
});
