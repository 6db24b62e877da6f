import type { ScheduledJob } from "../modules/jobs/scheduler.ts";
import type { Services } from "../services.ts";
import { runDueNotes } from "./fiscal-notes.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What runs in the background, once at a time across every process serving the site. */
export function backgroundJobs(services: Services): ScheduledJob[] {
  return [
    // Expired sessions are already refused at lookup: purging them only keeps the table small.
    { name: "purge-sessions", everyMs: 6 * HOUR, leaseMs: 10 * MINUTE, run: () => services.auth.purgeExpired() },
    // Unpaid orders past their time to pay are canceled and their stock given back.
    { name: "expire-orders", everyMs: MINUTE, leaseMs: 10 * MINUTE, run: () => services.orders.expireDue() },
    // Notas fiscais waiting to be sent, or still processing at SEFAZ (their webhook may be lost), or whose files
    // are still to copy: each note's own time (its backoff, a 429's reset) says when it is due.
    { name: "fiscal-notes", everyMs: 15 * 1000, leaseMs: 5 * MINUTE, run: () => runDueNotes(services) },
    // Each cycle's due for every owing member, made DUE_OPENS_DAYS_BEFORE its day (once per member and period
    // whatever runs twice), and each member moved to Em atraso, Suspenso or back to Ativo by her dues.
    {
      name: "member-dues",
      everyMs: 30 * MINUTE,
      leaseMs: 30 * MINUTE,
      run: async () => {
        await services.members.runDues();
      },
    },
    // The audit log keeps each entry for the settings' period (two years unless a super user chose otherwise).
    {
      name: "purge-audit",
      everyMs: DAY,
      leaseMs: HOUR,
      run: async () => {
        const { audit_retention_days } = await services.settings.security();
        return services.audit.purgeExpired(audit_retention_days);
      },
    },
  ];
}
