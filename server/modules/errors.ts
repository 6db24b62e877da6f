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
  | "rate_limited";

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

export const statusOf: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 413 | 429> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

export function isDomainError(error: unknown): error is DomainError {
  return typeof error === "object" && error !== null && "domainError" in error && error.domainError === true;
}
