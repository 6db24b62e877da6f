import os from "node:os";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";
import { scheduledJobs } from "./tables.ts";

/** Background work run every `everyMs` by one process at a time, whichever processes are up. */
export type ScheduledJob = {
  name: string;
  everyMs: number;
  /** How long a run may take before another process may take the job again (its process died). */
  leaseMs: number;
  run(): Promise<unknown>;
};

export type SchedulerOptions = {
  db: Db;
  logger: Logger;
  jobs: readonly ScheduledJob[];
  /** How often this process looks for due jobs. */
  tickMs?: number;
  /** Names this process in `leased_by` (host and pid by default). */
  processName?: string;
  /** Told of each run this process made, and whether it failed (server/metrics/). */
  onRun?: (job: string, failed: boolean) => void;
};

/** A failed run is tried again this soon, or at its usual time if that comes first. */
const RETRY_FAILED_MS = 60_000;

/**
 * Each process looks for due jobs every few seconds and runs one only after leasing its row in
 * scheduled_jobs with one UPDATE: of several processes asking at once, one gets the row. The lease
 * ends when the run does; a process that dies mid-run leaves its lease to run out, and the job is
 * taken again by whichever process asks next. Times are the database's, so machines' clocks may differ.
 */
export function startScheduler(options: SchedulerOptions): { tick(): Promise<void>; stop(): Promise<void> } {
  const { db, logger, jobs } = options;
  const me = options.processName ?? `${os.hostname()}:${process.pid}`;
  let running: Promise<void> | null = null;
  let stopped = false;
  let registered = false;

  const interval = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

  async function register(): Promise<void> {
    if (registered) return;
    await db
      .insert(scheduledJobs)
      .values(jobs.map((job) => ({ name: job.name })))
      .onConflictDoNothing();
    registered = true;
  }

  async function lease(job: ScheduledJob): Promise<boolean> {
    const taken = await db
      .update(scheduledJobs)
      .set({ leaseUntil: interval(job.leaseMs), leasedBy: me, lastStartedAt: sql`now()` })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, sql`now()`),
          or(isNull(scheduledJobs.leaseUntil), lt(scheduledJobs.leaseUntil, sql`now()`)),
        ),
      )
      .returning({ name: scheduledJobs.name });
    return taken.length > 0;
  }

  async function runLeased(job: ScheduledJob): Promise<void> {
    let failure: string | null = null;
    try {
      await job.run();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      logger.error({ err: error, job: job.name }, "scheduled job failed");
    }
    options.onRun?.(job.name, failure !== null);
    // Only while the lease is still this process's: past it, another may be running the job already.
    await db
      .update(scheduledJobs)
      .set({
        runs: sql`${scheduledJobs.runs} + 1`,
        nextRunAt: interval(failure ? Math.min(job.everyMs, RETRY_FAILED_MS) : job.everyMs),
        leaseUntil: null,
        lastFinishedAt: sql`now()`,
        lastError: failure,
      })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.leasedBy, me)));
  }

  async function tickOnce(): Promise<void> {
    await register();
    for (const job of jobs) {
      if (stopped) return;
      if (await lease(job)) await runLeased(job);
    }
  }

  const tick = (): Promise<void> => {
    running ??= tickOnce()
      .catch((error: unknown) => logger.error({ err: error }, "scheduler could not look for due jobs"))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), options.tickMs ?? 5_000);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
