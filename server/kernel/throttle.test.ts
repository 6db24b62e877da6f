import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DomainError } from "../../common/errors.ts";
import { createTestDatabase } from "../../tests/support/database.ts";
import { createDatabaseThrottle, createMemoryThrottle, type Throttle, type ThrottleFactory } from "./throttle.ts";

const message = "Muitas tentativas. Aguarde.";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

beforeEach(() => {
  // Only the clock: the database driver's own timers keep running.
  vi.useFakeTimers({ now: new Date("2026-05-01T12:00:00Z"), toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const stores: [string, () => ThrottleFactory][] = [
  ["in memory (the embedded database's one process)", () => createMemoryThrottle],
  ["in the database (every process on PostgreSQL)", () => (limit) => createDatabaseThrottle(database.db, limit)],
];

describe.each(stores)("a throttle %s", (_store, factory) => {
  let limits = 0;
  /** A new limit each time, so attempts of one test never count in another's. */
  const throttleOf = ({ maxHits }: { maxHits: number }): Throttle =>
    factory()({ name: `teste-${++limits}`, maxHits, windowMs: 60_000, message });

  it("counts maxHits attempts per key within the window, then refuses with a 429 domain error", async () => {
    const throttle = throttleOf({ maxHits: 3 });
    for (let hit = 0; hit < 3; hit++) await throttle.take("a");
    const error = await throttle.take("a").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "rate_limited", message });
    await expect(throttle.take("b")).resolves.toBeUndefined();
  });

  it("lets exactly maxHits of many simultaneous attempts through", async () => {
    const throttle = throttleOf({ maxHits: 3 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => throttle.take("a")));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
  });

  it("forgets attempts older than the window, one by one", async () => {
    const throttle = throttleOf({ maxHits: 2 });
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
    const throttle = throttleOf({ maxHits: 2 });
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
    const throttle = throttleOf({ maxHits: 2 });
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

describe("the database throttle", () => {
  it("counts the attempts of every process: two throttles on one table share the limit", async () => {
    const limit = { name: "login-address", maxHits: 3, windowMs: 60_000, message };
    const first = createDatabaseThrottle(database.db, limit);
    const second = createDatabaseThrottle(database.db, limit);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).take("10.0.0.1")),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    await expect(first.take("10.0.0.1")).rejects.toThrow(message);
    await expect(second.take("10.0.0.2")).resolves.toBeUndefined();
  });
});
