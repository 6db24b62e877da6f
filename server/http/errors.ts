import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { BUSY_RETRY_SECONDS, DomainError, databaseInputError, statusOf } from "../../common/errors.ts";
import type { AppEnv } from "./env.ts";

export type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** Turns any thrown error into the API's error shape; never leaks a stack trace. */
export function handleError(error: Error, c: Context<AppEnv>) {
  const refused = error instanceof DomainError ? error : databaseInputError(error);
  if (refused) {
    if (refused !== error) c.get("logger").warn({ err: error }, "input refused by the database");
    const body: ErrorBody = { message: refused.message };
    if (refused.fieldErrors) body.errors = refused.fieldErrors;
    if (refused.kind === "busy") c.header("Retry-After", String(BUSY_RETRY_SECONDS));
    return c.json(body, statusOf[refused.kind]);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message =
      status === 413 ? "O arquivo enviado é grande demais." : status === 400 ? "Requisição inválida." : error.message;
    return c.json({ message } satisfies ErrorBody, status);
  }
  c.get("logger").error({ err: error }, "unhandled error");
  return c.json({ message: "Ocorreu um erro inesperado. Tente novamente mais tarde." } satisfies ErrorBody, 500);
}
