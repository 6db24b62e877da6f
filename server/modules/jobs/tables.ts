import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The background work every process schedules (session purge, unpaid-order expiry): one row per job.
 * A process runs a due job only after leasing its row, so one process runs it at a time whichever are
 * up; a lease left by a process that died mid-job runs out and the job is taken again.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  /** The process holding the lease: host and pid. */
  leasedBy: text("leased_by"),
  runs: integer("runs").notNull().default(0),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastError: text("last_error"),
});
