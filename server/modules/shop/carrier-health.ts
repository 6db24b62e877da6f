import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { accountPaths } from "../../../common/site-paths.ts";
import type { CarrierFailureView } from "../../../common/views/shop.ts";
import { MelhorEnvioError } from "../../adapters/melhor-envio/melhor-envio.ts";
import type { ShopContext } from "./context.ts";
import { CorreiosError } from "./shipping/correios.ts";
import { carrierHealth } from "./tables.ts";

// A carrier whose API fails tells the buyer only "indisponível no momento": without this, a wrong token or
// a dead contract stops sales in silence. Each quote's outcome is written here, the same for every process:
// a success ends the run of failures, a failure adds to it. A refused credential is an incident at once (it
// does not mend itself); anything else after INCIDENT_FAILURES failures in a row, so one slow answer is
// no news. The shop is e-mailed once per incident and the /conta home shows it until a quote succeeds.

export type Carrier = "correios" | "melhorenvio";

export const CARRIER_LABELS: Record<Carrier, string> = { correios: "Correios", melhorenvio: "Melhor Envio" };

/** Failures in a row that make an incident of a carrier that does not refuse the credentials. */
export const INCIDENT_FAILURES = 3;

type Failure = { kind: "unauthorized" | "unreachable"; message: string };

/** A carrier that did not answer, as a sentence begins it (the Correios are plural). */
const UNANSWERED: Record<Carrier, string> = {
  correios: "Os Correios não responderam",
  melhorenvio: "O Melhor Envio não respondeu",
};

/** What a carrier's failure means for the owner, in pt-BR. */
export function failureOf(carrier: Carrier, error: unknown): Failure {
  if (carrier === "melhorenvio" && error instanceof MelhorEnvioError && error.failure === "unauthorized")
    return {
      kind: "unauthorized",
      message: "O Melhor Envio recusou o token salvo: gere um novo no painel do Melhor Envio e salve-o na Loja.",
    };
  if (carrier === "correios" && error instanceof CorreiosError && (error.status === 401 || error.status === 403))
    return {
      kind: "unauthorized",
      message: "Os Correios recusaram o usuário, o código de acesso ou o cartão de postagem: confira-os na Loja.",
    };
  const detail = error instanceof MelhorEnvioError || error instanceof CorreiosError ? ` (${error.message})` : "";
  return { kind: "unreachable", message: `${UNANSWERED[carrier]}${detail}.` };
}

const isIncident = sql<boolean>`(${carrierHealth.lastKind} = 'unauthorized' or ${carrierHealth.failures} >= ${INCIDENT_FAILURES})`;

/** A success: the carrier's run of failures, if any, is over (and a later one is a new incident). */
export async function recordCarrierSuccess(context: ShopContext, carrier: Carrier): Promise<void> {
  await context.db
    .update(carrierHealth)
    .set({
      failures: 0,
      failingSince: null,
      lastKind: null,
      lastMessage: null,
      notifiedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(carrierHealth.provider, carrier), gt(carrierHealth.failures, 0)));
}

/**
 * A failure, counted in one statement so simultaneous quotes of several processes all count; the first to
 * see the run become an incident claims its e-mail (notified_at) and queues it on the same transaction.
 */
export async function recordCarrierFailure(context: ShopContext, carrier: Carrier, error: unknown): Promise<void> {
  const failure = failureOf(carrier, error);
  await context.transaction(async (tx) => {
    const now = new Date();
    await tx.db
      .insert(carrierHealth)
      .values({
        provider: carrier,
        failures: 1,
        failingSince: now,
        lastKind: failure.kind,
        lastMessage: failure.message,
      })
      .onConflictDoUpdate({
        target: carrierHealth.provider,
        set: {
          failures: sql`${carrierHealth.failures} + 1`,
          failingSince: sql`coalesce(${carrierHealth.failingSince}, ${now})`,
          lastKind: failure.kind,
          lastMessage: failure.message,
          updatedAt: now,
        },
      });
    const [claimed] = await tx.db
      .update(carrierHealth)
      .set({ notifiedAt: now })
      .where(and(eq(carrierHealth.provider, carrier), isNull(carrierHealth.notifiedAt), isIncident))
      .returning({ failures: carrierHealth.failures, since: carrierHealth.failingSince });
    if (!claimed) return;
    const base = tx.config.BASE_URL;
    for (const to of await tx.services.shop.ownerAddresses("carrier_failing"))
      await tx.services.mail.queue("owner-carrier-failing", to, {
        carrier: CARRIER_LABELS[carrier],
        reason: failure.message,
        failures: claimed.failures,
        since: claimed.since ?? now,
        link: base ? `${base}${accountPaths.area("shop")}` : null,
      });
  });
}

/** Every carrier failing now, oldest failure first: an incident or not yet. */
export async function carrierFailures(context: ShopContext): Promise<CarrierFailureView[]> {
  const rows = await context.db
    .select({
      provider: carrierHealth.provider,
      failures: carrierHealth.failures,
      since: carrierHealth.failingSince,
      message: carrierHealth.lastMessage,
      incident: isIncident,
    })
    .from(carrierHealth)
    .where(gt(carrierHealth.failures, 0))
    .orderBy(asc(carrierHealth.failingSince));
  return rows.map((row) => ({
    provider: row.provider,
    label: CARRIER_LABELS[row.provider],
    failures: row.failures,
    failing_since: (row.since ?? new Date()).toISOString(),
    message: row.message ?? "",
    incident: row.incident,
  }));
}
