// A nota fiscal's life on an order, as an explicit state machine: what each step may lead to, so that a webhook
// repeated or arriving out of order (the provider retries for 24 hours) and a poll after it never move a note
// backwards, and a rejected note is the only one sent again.
import type { ProviderNoteStatus } from "../../adapters/fiscal/fiscal-provider.ts";

export const noteStates = ["waiting", "processing", "authorized", "rejected", "denied", "cancelled"] as const;
export type NoteState = (typeof noteStates)[number];

/** What the owner and the buyer read for each state. */
export const NOTE_STATE_LABELS: Record<NoteState, string> = {
  waiting: "Aguardando envio",
  processing: "Processando",
  authorized: "Autorizada",
  rejected: "Rejeitada",
  denied: "Denegada",
  cancelled: "Cancelada",
};

export type NoteEvent =
  /** The provider took the note (its 202): SEFAZ will answer. */
  | { type: "sent" }
  /** The provider told how the note stands (a webhook or a poll). */
  | { type: "reported"; status: ProviderNoteStatus }
  /** The provider refused what was just sent, before SEFAZ saw it (its answer to our own send). */
  | { type: "refused" }
  /** The owner fixed what SEFAZ rejected and asks for the note again. */
  | { type: "reissue" };

const REPORTED: Record<ProviderNoteStatus, NoteState> = {
  processing: "processing",
  authorized: "authorized",
  rejected: "rejected",
  denied: "denied",
  cancelled: "cancelled",
};

/**
 * Where each state may go. Denied is final (its number and XML are SEFAZ's); so is cancelled. A waiting note is
 * never rejected by a report: it waits because it has not been sent (again) yet, so a rejection reported then is
 * an earlier send's, left at the provider under the same reference; only the provider's refusal of our own send
 * rejects it.
 */
const ALLOWED: Record<NoteState, readonly NoteState[]> = {
  waiting: ["processing", "authorized", "denied"],
  processing: ["authorized", "rejected", "denied"],
  rejected: ["waiting", "processing", "authorized", "denied"],
  authorized: ["cancelled"],
  denied: [],
  cancelled: [],
};

/**
 * The state after `event`, or null when the event changes nothing: the same state reported again, or a
 * report that would move the note backwards (an old "processando" after "autorizado").
 */
export function nextNoteState(current: NoteState, event: NoteEvent): NoteState | null {
  if (event.type === "refused") return current === "waiting" ? "rejected" : null;
  const target = event.type === "sent" ? "processing" : event.type === "reissue" ? "waiting" : REPORTED[event.status];
  if (target === current) return null;
  if (event.type === "reissue" && current !== "rejected") return null;
  return ALLOWED[current].includes(target) ? target : null;
}

/** A note the job runner still asks the provider about (its webhook may have been lost). */
export function isUnsettled(state: NoteState): boolean {
  return state === "waiting" || state === "processing";
}

/** The waits between two polls of a note still processing: short at first, then at most every six hours. */
const POLL_BACKOFF_SECONDS = [60, 120, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600] as const;

/**
 * Seconds until the `attempt`-th poll (0: the first after sending), never sooner than the provider asked
 * (a 429's Rate-Limit-Reset).
 */
export function pollDelaySeconds(attempt: number, retryAfterSeconds = 0): number {
  const index = Math.min(Math.max(Math.floor(attempt), 0), POLL_BACKOFF_SECONDS.length - 1);
  return Math.max(POLL_BACKOFF_SECONDS[index] ?? 6 * 3600, retryAfterSeconds);
}

/** Denied and cancelled: nothing the provider reports can change them any more. */
export function isFinal(state: NoteState): boolean {
  return ALLOWED[state].length === 0;
}
