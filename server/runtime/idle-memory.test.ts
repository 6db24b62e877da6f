import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startIdleMemoryRelease } from "./idle-memory.ts";

/** The clock the release reads and the interval that wakes it, moved by hand. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

const stoppers: (() => void)[] = [];
afterEach(() => {
  for (const stop of stoppers.splice(0)) stop();
});

function watch(options: { released?: boolean; heap?: () => number }) {
  const calls = { release: 0, collect: 0 };
  const idle = startIdleMemoryRelease({
    release: async () => {
      calls.release++;
      return options.released ?? false;
    },
    collect: () => {
      calls.collect++;
    },
    heapBytes: options.heap ?? (() => 0),
    quietMs: 60,
    checkMs: 10,
    heapGrowthBytes: 100,
  });
  stoppers.push(idle.stop);
  return { idle, calls };
}

describe("giving memory back once requests stop", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("releases once after a quiet spell that followed requests, and not again until requests come", async () => {
    let heap = 0;
    const { idle, calls } = watch({ heap: () => heap });
    await sleep(150);
    expect(calls).toEqual({ release: 0, collect: 0 });
    idle.touch();
    heap = 1000;
    await sleep(150);
    expect(calls).toEqual({ release: 1, collect: 1 });
    await sleep(150);
    expect(calls).toEqual({ release: 1, collect: 1 });
  });

  it("waits while requests keep coming", async () => {
    const { idle, calls } = watch({ released: true });
    for (let beat = 0; beat < 15; beat++) {
      idle.touch();
      await sleep(10);
    }
    expect(calls.release).toBe(0);
    await sleep(150);
    expect(calls.release).toBe(1);
  });

  it("collects only when the heap grew or a worker was stopped", async () => {
    const unchanged = watch({ heap: () => 50 });
    unchanged.idle.touch();
    const stopped = watch({ released: true, heap: () => 50 });
    stopped.idle.touch();
    await sleep(150);
    expect(unchanged.calls).toEqual({ release: 1, collect: 0 });
    expect(stopped.calls).toEqual({ release: 1, collect: 1 });
  });
});
