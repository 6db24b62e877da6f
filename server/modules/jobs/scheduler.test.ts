import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, resetDatabase } from "../../../tests/support/database.ts";
import { type ScheduledJob, startScheduler } from "./scheduler.ts";
import { scheduledJobs } from "./tables.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(() => resetDatabase(database));

const logger = pino({ level: "silent" });
const HOUR = 60 * 60 * 1000;

/** A scheduler that only runs when the test ticks it (its own timer is far off). */
const schedulerOf = (processName: string, jobs: ScheduledJob[]) =>
  startScheduler({ db: database.db, logger, jobs, processName, tickMs: HOUR });

const rowOf = async (name: string) => {
  const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row;
};

const makeDue = (name: string) =>
  database.db.update(scheduledJobs).set({ nextRunAt: sql`now()` }).where(eq(scheduledJobs.name, name));

describe("the scheduler", () => {
  it("runs a due job in one process of several asking at once, and again once it is due again", async () => {
    const ranBy: string[] = [];
    const job = (who: string): ScheduledJob => ({
      name: "purge-sessions",
      everyMs: HOUR,
      leaseMs: 60_000,
      run: async () => ranBy.push(who),
    });
    const first = schedulerOf("a:1", [job("a")]);
    const second = schedulerOf("b:2", [job("b")]);
    await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    await Promise.all([first.tick(), second.tick()]);
    expect(ranBy).toHaveLength(1);
    const afterFirst = await rowOf("purge-sessions");
    expect(afterFirst).toMatchObject({ runs: 1, leaseUntil: null, lastError: null });
    expect(afterFirst?.nextRunAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);

    await makeDue("purge-sessions");
    await Promise.all([first.tick(), second.tick()]);
    expect(ranBy).toHaveLength(2);
    expect((await rowOf("purge-sessions"))?.runs).toBe(2);
    await Promise.all([first.stop(), second.stop()]);
  });

  it("takes a job again once the lease of a process that died mid-run is over, and only then", async () => {
    let releaseStuck = () => {};
    const stuck = new Promise<void>((resolve) => {
      releaseStuck = resolve;
    });
    const ranBy: string[] = [];
    const job = (who: string, run: () => Promise<void>): ScheduledJob => ({
      name: "expire-orders",
      everyMs: HOUR,
      // Long enough that a busy machine still ticks the survivor inside it.
      leaseMs: 2_000,
      run: async () => {
        ranBy.push(who);
        await run();
      },
    });
    const dying = schedulerOf("morre:1", [job("morre", () => stuck)]);
    const survivor = schedulerOf("fica:2", [job("fica", async () => {})]);
    const dyingTick = dying.tick();
    await expect.poll(() => ranBy).toEqual(["morre"]);
    await survivor.tick();
    expect(ranBy).toEqual(["morre"]);
    expect(await rowOf("expire-orders")).toMatchObject({ leasedBy: "morre:1", runs: 0 });

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await survivor.tick();
    expect(ranBy).toEqual(["morre", "fica"]);
    expect(await rowOf("expire-orders")).toMatchObject({ leasedBy: "fica:2", runs: 1, leaseUntil: null });

    // The first process's run ends after all: it no longer holds the lease and records nothing.
    releaseStuck();
    await dyingTick;
    expect(await rowOf("expire-orders")).toMatchObject({ leasedBy: "fica:2", runs: 1 });
    await survivor.stop();
  });

  it("records a failed run and tries it again within a minute", async () => {
    const scheduler = schedulerOf("a:1", [
      {
        name: "expire-orders",
        everyMs: HOUR,
        leaseMs: 60_000,
        run: async () => {
          throw new Error("banco fora do ar");
        },
      },
    ]);
    await scheduler.tick();
    const row = await rowOf("expire-orders");
    expect(row).toMatchObject({ runs: 1, lastError: "banco fora do ar", leaseUntil: null });
    expect(row?.nextRunAt.getTime()).toBeLessThan(Date.now() + 61_000);
    await scheduler.stop();
  });
});
