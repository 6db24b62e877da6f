import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { type FailureBody, failureOf } from "../../common/failure.ts";
import type { AppEnv } from "./env.ts";

/** Turns any thrown error into the API's error shape; never leaks a stack trace. */
export function handleError(error: Error, c: Context<AppEnv>) {
  const failure = failureOf(error);
  if (failure) {
    if (failure.fromDatabase) c.get("logger").warn({ err: error }, "input refused by the database");
    if (failure.retryAfter !== null) c.header("Retry-After", String(failure.retryAfter));
    return c.json(failure.body, failure.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message =
      status === 413 ? "O arquivo enviado é grande demais." : status === 400 ? "Requisição inválida." : error.message;
    return c.json({ message } satisfies FailureBody, status);
  }
  c.get("logger").error({ err: error }, "unhandled error");
  return c.json({ message: "Ocorreu um erro inesperado. Tente novamente mais tarde." } satisfies FailureBody, 500);
}
