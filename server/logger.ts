import { isMainThread } from "node:worker_threads";
import { type DestinationStream, type Logger, pino } from "pino";
import { databaseFailureOf } from "../common/errors.ts";
import type { Config } from "./config.ts";
import { currentRequest } from "./kernel/request-context.ts";

/**
 * Database errors are logged with their SQLSTATE and the database's message only: Drizzle's wrapper
 * carries the whole statement and its parameters (passwords, tokens, personal data) in its message.
 */
export function serializeError(error: unknown): unknown {
  const failure = databaseFailureOf(error);
  if (failure === null) return pino.stdSerializers.err(error as Error);
  return { type: error instanceof Error ? error.constructor.name : typeof error, ...failure };
}

/**
 * Every line written while a request is handled names it (server/kernel/request-context.ts), whichever
 * logger wrote it: a service's, a background step's, React Router's. A line that names it already, in
 * its fields or through a request's child logger (server/http/app.ts), is left alone, so that the key
 * never appears twice in one line.
 */
function requestIdOfLine(fields: object, _level: number, logger: Logger): { requestId?: string } {
  const request = currentRequest();
  if (!request || "requestId" in fields || "requestId" in logger.bindings()) return {};
  return { requestId: request.id };
}

/**
 * `destination` is for tests; the process logs to standard output. The main thread writes its lines
 * without waiting for each one: a line per request, written and waited for one by one, costs a
 * page-cache hit a third of its time, while lines that arrive during a write go out together with
 * the next one. pino writes what is left before the process exits.
 */
export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">, destination?: DestinationStream): Logger {
  const options = {
    level: config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL,
    base: { service: "cms" },
    serializers: { err: serializeError },
    mixin: requestIdOfLine,
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: !isMainThread }));
}
