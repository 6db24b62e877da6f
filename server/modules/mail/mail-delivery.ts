import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Mailer } from "../../adapters/mail/mailer.ts";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "./tables.ts";

/** Waits before each new attempt, by the number of attempts already made: 1, 5, 15 min, then 1, 3, 6, 12 h. */
const RETRY_DELAYS_SECONDS = [60, 5 * 60, 15 * 60, 60 * 60, 3 * 60 * 60, 6 * 60 * 60, 12 * 60 * 60];
/** After this many refusals the e-mail is "failed": an administrator can send it back to the queue. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
const BATCH = 10;
/**
 * A claimed e-mail is not due again for this long: longer than a batch takes at the mailer's
 * timeouts, so another process never sends it twice, and short enough that one claimed by a process
 * that died is soon sent by the next.
 */
const CLAIM_SECONDS = 15 * 60;
const ERROR_LENGTH = 1000;

export type MailDeliveryDeps = {
  db: Db;
  /** Null while SMTP_URL is unset: e-mails then wait in the outbox. */
  mailer: Mailer | null;
  /** The sender, read when a batch goes out (it follows the site's title). */
  from(): Promise<string>;
  logger: Logger;
  /** How often due e-mails (retries) are looked for without a new one waking the delivery. */
  intervalMs?: number;
};

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH) || "Erro desconhecido";

/**
 * Sends the outbox's due e-mails. Each batch is claimed in a short transaction (FOR UPDATE SKIP
 * LOCKED, then pushed out of reach) and sent outside it, so no transaction waits on the network and
 * several processes on one database never send one e-mail twice. Nothing runs until `start`: the
 * render workers and the tests build services without it.
 */
export function createMailDelivery(deps: MailDeliveryDeps) {
  const { db, mailer, logger } = deps;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  async function claim(): Promise<(typeof mailOutbox.$inferSelect)[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function sendOne(sender: Mailer, from: string, row: typeof mailOutbox.$inferSelect): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      await sender.send({
        from,
        to: row.to,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
    } catch (error) {
      const delay = RETRY_DELAYS_SECONDS[row.attempts];
      const lastError = errorText(error);
      await db
        .update(mailOutbox)
        .set(
          delay === undefined
            ? { attempts, lastError, status: "failed" }
            : { attempts, lastError, nextAttemptAt: sql`now() + make_interval(secs => ${delay})` },
        )
        .where(eq(mailOutbox.id, row.id));
      logger.warn(
        { mail: row.id, attempts, err: error },
        delay === undefined ? "e-mail failed" : "e-mail refused, will retry",
      );
      return;
    }
    await db
      .update(mailOutbox)
      .set({ status: "sent", attempts, lastError: null, sentAt: sql`now()` })
      .where(eq(mailOutbox.id, row.id));
    logger.info({ mail: row.id, kind: row.kind }, "e-mail sent");
  }

  /** Sends every e-mail due now, batch after batch; answers how many it tried. */
  async function deliverDue(): Promise<number> {
    if (!mailer) return 0;
    let tried = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length > 0) {
        const from = await deps.from();
        for (const row of batch) await sendOne(mailer, from, row);
      }
      tried += batch.length;
      if (batch.length < BATCH) return tried;
    }
  }

  /** One pass at a time; a wake during a pass runs one more after it. */
  function run(): void {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDue();
      } while (again && started);
    })()
      .catch((error: unknown) => logger.error({ err: error }, "e-mail delivery failed"))
      .finally(() => {
        running = null;
      });
  }

  return {
    deliverDue,
    /** Delivers what is due now and every `intervalMs`; without SMTP, only says so. */
    start(): void {
      if (started) return;
      if (!mailer) {
        logger.warn("SMTP_URL is not set: e-mails are kept in the outbox (/conta/emails) until it is");
        return;
      }
      started = true;
      timer = setInterval(run, deps.intervalMs ?? 30_000);
      timer.unref();
      run();
    },
    /** A new e-mail was committed. */
    wake(): void {
      if (started) run();
      else if (!mailer) logger.info("e-mail kept in the outbox: SMTP_URL is not set");
    },
    /** Ends the interval and waits for the pass under way. */
    async stop(): Promise<void> {
      started = false;
      clearInterval(timer);
      await running;
    },
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
