import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DomainError } from "../../common/errors.ts";
import { createThrottle } from "./throttle.ts";

const message = "Muitas tentativas. Aguarde.";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-05-01T12:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createThrottle", () => {
  it("counts maxHits attempts per key within the window, then refuses with a 429 domain error", async () => {
    const throttle = createThrottle({ maxHits: 3, windowMs: 60_000, message });
    for (let hit = 0; hit < 3; hit++) await throttle.take("a");
    const error = await throttle.take("a").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "rate_limited", message });
    await expect(throttle.take("b")).resolves.toBeUndefined();
  });

  it("lets exactly maxHits of many simultaneous attempts through", async () => {
    const throttle = createThrottle({ maxHits: 3, windowMs: 60_000, message });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => throttle.take("a")));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
  });

  it("forgets attempts older than the window, one by one", async () => {
    const throttle = createThrottle({ maxHits: 2, windowMs: 60_000, message });
    await throttle.take("a");
    vi.advanceTimersByTime(30_000);
    await throttle.take("a");
    await expect(throttle.take("a")).rejects.toThrow(message);
    vi.advanceTimersByTime(30_000);
    await throttle.take("a");
    await expect(throttle.take("a")).rejects.toThrow(message);
    vi.advanceTimersByTime(60_000);
    await expect(throttle.take("a")).resolves.toBeUndefined();
  });

  it("does not count refused attempts, so a flood does not extend the block past the window", async () => {
    const throttle = createThrottle({ maxHits: 2, windowMs: 60_000, message });
    await throttle.take("a");
    await throttle.take("a");
    for (let second = 0; second < 59; second++) {
      vi.advanceTimersByTime(1_000);
      await expect(throttle.take("a")).rejects.toThrow(message);
    }
    vi.advanceTimersByTime(1_000);
    await expect(throttle.take("a")).resolves.toBeUndefined();
  });

  it("giveBack uncounts the latest attempt of a key only", async () => {
    const throttle = createThrottle({ maxHits: 2, windowMs: 60_000, message });
    await throttle.take("a");
    await throttle.take("a");
    await throttle.take("b");
    await throttle.giveBack("a");
    await throttle.take("a");
    await expect(throttle.take("a")).rejects.toThrow(message);
    await throttle.take("b");
    await expect(throttle.take("b")).rejects.toThrow(message);
    await throttle.giveBack("unknown");
  });
});
