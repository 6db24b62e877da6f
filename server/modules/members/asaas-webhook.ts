// Asaas's webhook for the members' dues (POST /api/members/asaas/webhook, public): checked by its
// asaas-access-token against the saved token, each event kept once by its id, then its charge read from Asaas
// and applied to its due (asaas-charges.ts). The answer never waits for more than that one read: when Asaas
// cannot be read, the event is kept unprocessed, answered 200 (Asaas pauses a webhook after 15 failures in a
// row) and taken up again by the job runner.
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { type DuesCharge, type DuesProvider, DuesProviderError } from "../../adapters/dues/dues-provider.ts";
import { applyCharge, dueForCharge } from "./asaas-charges.ts";
import type { MembersContext } from "./context.ts";
import { asaasClientOf, type MemberSettingsService } from "./member-settings.ts";
import { memberAsaasEvents } from "./tables.ts";

/** The webhook's read of the charge waits at most this long: Asaas waits on the answer. */
const WEBHOOK_READ_MS = 5_000;
/** Events left unprocessed, taken up by the job runner's turn once this old (a delivery may still be at it). */
const RETRY_AFTER_MS = 60_000;
const RETRIES_PER_TURN = 100;
/** Processed events are kept this long: Asaas redelivers within days, never months later. */
const KEEP_EVENTS_DAYS = 180;

export const WEBHOOK_UNAUTHORIZED = "Aviso do Asaas sem o token de autenticação configurado nos associados.";
export const WEBHOOK_MALFORMED = "O aviso do Asaas não é um JSON no formato documentado.";

export type WebhookAnswer =
  | { status: 200; body: { received: true } }
  | { status: 400 | 401; body: { message: string } };

type EventRow = typeof memberAsaasEvents.$inferSelect;

const RECEIVED: WebhookAnswer = { status: 200, body: { received: true } };

export function createAsaasWebhook(context: MembersContext, memberSettings: MemberSettingsService) {
  const { db } = context;

  /** The event's charge read from Asaas and applied to its due, the event marked done in the same transaction. */
  async function process(client: DuesProvider, row: EventRow): Promise<void> {
    let charge: DuesCharge;
    try {
      charge = await client.charge(row.chargeId);
    } catch (error) {
      if (!(error instanceof DuesProviderError)) throw error;
      const gone = error.status === 404;
      await db
        .update(memberAsaasEvents)
        .set({
          attempts: sql`${memberAsaasEvents.attempts} + 1`,
          ...(gone ? { processedAt: new Date(), outcome: "charge not found" } : {}),
        })
        .where(eq(memberAsaasEvents.id, row.id));
      if (!gone) context.logger.warn({ event: row.eventId, err: error }, "Asaas event kept to retry: charge not read");
      return;
    }
    await context.transaction(async (tx) => {
      const [held] = await tx.db.select().from(memberAsaasEvents).where(eq(memberAsaasEvents.id, row.id)).for("update");
      // Another delivery of it, or the job runner, got there first.
      if (!held || held.processedAt !== null) return;
      const dueId = await dueForCharge(tx, charge);
      const outcome = dueId === null ? "no due" : await applyCharge(tx, dueId, charge);
      await tx.db
        .update(memberAsaasEvents)
        .set({ processedAt: new Date(), outcome, attempts: held.attempts + 1 })
        .where(eq(memberAsaasEvents.id, row.id));
    });
  }

  return {
    async receive(request: { headers: Headers; body: string }): Promise<WebhookAnswer> {
      const { payments } = await memberSettings.stored();
      const client = asaasClientOf(payments, context.config, WEBHOOK_READ_MS);
      // Heard while a token is saved, Asaas on or not: charges made before it was switched off still get paid.
      const token = payments.asaas.webhook_token;
      if (!client || token === "") return { status: 401, body: { message: WEBHOOK_UNAUTHORIZED } };
      const reading = client.readWebhook(request, token);
      if (reading.kind === "unauthorized") return { status: 401, body: { message: WEBHOOK_UNAUTHORIZED } };
      if (reading.kind === "malformed") return { status: 400, body: { message: WEBHOOK_MALFORMED } };
      if (reading.kind === "ignored") return RECEIVED;
      const { event } = reading;
      const [inserted] = await db
        .insert(memberAsaasEvents)
        .values({ eventId: event.eventId, event: event.name, chargeId: event.chargeId })
        .onConflictDoNothing()
        .returning();
      const row =
        inserted ?? (await db.select().from(memberAsaasEvents).where(eq(memberAsaasEvents.eventId, event.eventId)))[0];
      if (row && row.processedAt === null) await process(client, row);
      return RECEIVED;
    },

    /** The job runner's turn: the events left unprocessed retried, and the old processed ones forgotten. */
    async retryEvents(now = new Date()): Promise<number> {
      const { payments } = await memberSettings.stored();
      const client = asaasClientOf(payments, context.config);
      await db
        .delete(memberAsaasEvents)
        .where(lt(memberAsaasEvents.processedAt, new Date(now.getTime() - KEEP_EVENTS_DAYS * 86_400_000)));
      if (!client) return 0;
      const pending = await db
        .select()
        .from(memberAsaasEvents)
        .where(
          and(
            isNull(memberAsaasEvents.processedAt),
            lt(memberAsaasEvents.receivedAt, new Date(now.getTime() - RETRY_AFTER_MS)),
          ),
        )
        .orderBy(asc(memberAsaasEvents.id))
        .limit(RETRIES_PER_TURN);
      for (const row of pending)
        await process(client, row).catch((error: unknown) =>
          context.logger.error({ err: error, event: row.eventId }, "Asaas event not applied"),
        );
      return pending.length;
    },
  };
}
