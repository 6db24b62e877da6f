import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, statusOf } from "../modules/errors.ts";
import type { AppEnv } from "./env.ts";

export type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** Turns any thrown error into the API's error shape; never leaks a stack trace. */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof DomainError) {
    const body: ErrorBody = { message: error.message };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    return c.json(body, statusOf[error.kind]);
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
