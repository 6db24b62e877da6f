/**
 * Domain errors. Modules throw these; the HTTP edge and the React Router
 * actions turn them into a status and a pt-BR message.
 */
export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "rate_limited"
  | "busy";

export class DomainError extends Error {
  /** Lets code in another bundle (the React Router build) recognise these errors without instanceof. */
  readonly domainError = true;
  readonly kind: ErrorKind;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(kind: ErrorKind, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.kind = kind;
    this.fieldErrors = fieldErrors;
  }
}

export const invalid = (message: string, fieldErrors?: Record<string, string[]>) =>
  new DomainError("invalid", message, fieldErrors);
export const unauthenticated = (message = "Faça login para continuar.") => new DomainError("unauthenticated", message);
export const forbidden = (message = "Você não tem permissão para esta ação.", fieldErrors?: Record<string, string[]>) =>
  new DomainError("forbidden", message, fieldErrors);
export const notFound = (message = "Registro não encontrado.") => new DomainError("not_found", message);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new DomainError("conflict", message, fieldErrors);
export const tooLarge = (message: string) => new DomainError("too_large", message);
export const rateLimited = (message = "Muitas tentativas. Aguarde alguns minutos e tente novamente.") =>
  new DomainError("rate_limited", message);
/** The server is at capacity for this kind of work; the client should retry after BUSY_RETRY_SECONDS. */
export const busy = (message: string) => new DomainError("busy", message);
export const BUSY_RETRY_SECONDS = 5;

export const statusOf: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  busy: 503,
};

export function isDomainError(error: unknown): error is DomainError {
  return typeof error === "object" && error !== null && "domainError" in error && error.domainError === true;
}

/**
 * SQLSTATEs of values PostgreSQL cannot store: text with NUL or outside the encoding (22021, 22P05),
 * text longer than its column (22001), numbers and dates out of range or malformed (22003, 22008,
 * 22007, 22P02). Validation refuses these first; reaching the database they still mean bad input.
 */
const INPUT_SQLSTATES = new Set(["22021", "22P05", "22001", "22003", "22008", "22007", "22P02"]);

export type DatabaseFailure = { code: string; message: string };

/**
 * The database's own error (SQLSTATE and message) behind the wrappers: Drizzle's DrizzleQueryError
 * keeps it in `cause`, on PGlite and on pg alike. Null when the error did not come from the database.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  for (let current = error, depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    // SQLSTATEs are five digits and capitals; Node's own codes (EPIPE...) have no digit.
    if ("code" in current && typeof current.code === "string" && /^(?=.*\d)[0-9A-Z]{5}$/.test(current.code)) {
      const message = "message" in current && typeof current.message === "string" ? current.message : "";
      return { code: current.code, message };
    }
    current = "cause" in current ? current.cause : null;
  }
  return null;
}

/** A database refusal caused by the values sent, as the 400 it should have been; null for anything else. */
export function databaseInputError(error: unknown): DomainError | null {
  const failure = databaseFailureOf(error);
  return failure !== null && INPUT_SQLSTATES.has(failure.code)
    ? invalid("Algum valor enviado não pode ser gravado. Verifique os campos e tente novamente.")
    : null;
}
