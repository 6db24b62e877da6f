// What the shop asks of a provider of notas fiscais (one that holds the A1 certificate, signs the XML and talks
// to SEFAZ): send a drafted note under our reference, read how it stands, cancel it, correct it, fetch its
// files, and hear about its changes by a webhook. Focus NFe is one (focus-nfe-client.ts); another, such as
// NFE.io, is one more file implementing FiscalProvider.
import type { NoteDraft } from "../../modules/fiscal/note-draft.ts";

/** A note's state at the provider, in our words (Focus NFe: processando_autorizacao, autorizado, ...). */
export type ProviderNoteStatus = "processing" | "authorized" | "rejected" | "denied" | "cancelled";

/** A webhook's request as read: without our secret, not a note of the documented shape, or a note's report. */
export type WebhookReading = { kind: "unauthorized" } | { kind: "malformed" } | { kind: "note"; note: ProviderNote };

export type ProviderNote = {
  reference: string;
  status: ProviderNoteStatus;
  /** SEFAZ's own code and text (100 "Autorizado o uso da NF-e", 598, 302...), when SEFAZ has answered. */
  sefazStatus: string | null;
  sefazMessage: string | null;
  accessKey: string | null;
  number: string | null;
  series: string | null;
  /** Where the provider keeps its files: paths to fetch with `download`. */
  xmlPath: string | null;
  danfePath: string | null;
  cancellationXmlPath: string | null;
  correctionXmlPath: string | null;
  correctionPdfPath: string | null;
  /** The number of the carta de correção those two paths are of (the provider keeps only the latest's). */
  correctionNumber: number | null;
};

export type FiscalFailure =
  /** The token is wrong or of the other environment. */
  | "unauthorized"
  /** The token may not do this (another company's CNPJ, a plan without it). */
  | "forbidden"
  /** The provider named what is wrong with the request (`details`). */
  | "invalid"
  /** No note under this reference. */
  | "not_found"
  /** The note is still being processed: nothing to do until it is done. */
  | "processing"
  /** Cancelling or correcting a note that is not authorised (or past the window to cancel it). */
  | "not_authorized"
  /** Too many requests: wait `retryAfterSeconds`. */
  | "rate_limited"
  /** No answer in time, a 5xx, or an answer that is not what the documentation says. */
  | "unreachable";

export class FiscalProviderError extends Error {
  readonly failure: FiscalFailure;
  readonly status: number | undefined;
  /** The provider's own list of what is wrong, as it wrote it. */
  readonly details: readonly string[];
  /** For "rate_limited": when to ask again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    failure: FiscalFailure,
    message: string,
    options: { status?: number; details?: readonly string[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "FiscalProviderError";
    this.failure = failure;
    this.status = options.status;
    this.details = options.details ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export interface FiscalProvider {
  /** Sends the note; the answer is normally "processing", the result coming by webhook or `find`. */
  issue(draft: NoteDraft, signal?: AbortSignal): Promise<ProviderNote>;
  find(reference: string, signal?: AbortSignal): Promise<ProviderNote>;
  cancel(reference: string, justification: string, signal?: AbortSignal): Promise<ProviderNote>;
  correct(reference: string, correction: string, signal?: AbortSignal): Promise<ProviderNote>;
  /** One of the note's files, by the path the provider gave. */
  download(path: string, signal?: AbortSignal): Promise<Uint8Array>;
  /** Asks the provider to tell `url` of every change of the company's notes, sending `secret` with each. */
  registerWebhook(input: { cnpj: string; url: string; secret: string }, signal?: AbortSignal): Promise<void>;
  /** A webhook's request: its secret (as the provider sends it) compared in constant time first, then its note. */
  readWebhook(request: { headers: Headers; body: string }, secret: string): WebhookReading;
  /** Whether the token is accepted (a read that costs nothing). */
  checkToken(signal?: AbortSignal): Promise<void>;
}
