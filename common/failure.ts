import { BUSY_RETRY_SECONDS, databaseInputError, isDomainError, statusOf } from "./errors.ts";

/** What the REST API and the pages' actions answer when they refuse a request: a pt-BR message and field errors. */
export type FailureBody = { message: string; errors?: Record<string, string[]> };

export type Failure = {
  status: (typeof statusOf)[keyof typeof statusOf];
  body: FailureBody;
  /** Seconds the client should wait before trying again (a busy server), else null. */
  retryAfter: number | null;
  /** The database refused a value validation let through: worth a log line, without the SQL. */
  fromDatabase: boolean;
};

/**
 * The one mapping from a thrown error to a refusal, used by the Hono error handler (server/http/errors.ts)
 * and the form actions (app/lib/form-action.server.ts): a DomainError from a module, or a value the database
 * could not store (databaseInputError). Null for anything else, which stays a real error.
 */
export function failureOf(error: unknown): Failure | null {
  const refused = isDomainError(error) ? error : databaseInputError(error);
  if (!refused) return null;
  const body: FailureBody = { message: refused.message };
  if (refused.fieldErrors) body.errors = refused.fieldErrors;
  return {
    status: statusOf[refused.kind],
    body,
    retryAfter: refused.kind === "busy" ? BUSY_RETRY_SECONDS : null,
    fromDatabase: refused !== error,
  };
}
