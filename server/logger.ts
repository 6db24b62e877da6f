import { type DestinationStream, type Logger, pino } from "pino";
import { databaseFailureOf } from "../common/errors.ts";
import type { Config } from "./config.ts";

/**
 * Database errors are logged with their SQLSTATE and the database's message only: Drizzle's wrapper
 * carries the whole statement and its parameters (passwords, tokens, personal data) in its message.
 */
export function serializeError(error: unknown): unknown {
  const failure = databaseFailureOf(error);
  if (failure === null) return pino.stdSerializers.err(error as Error);
  return { type: error instanceof Error ? error.constructor.name : typeof error, ...failure };
}

/** `destination` is for tests; the process logs to standard output. */
export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">, destination?: DestinationStream): Logger {
  const options = {
    level: config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL,
    base: { service: "cms" },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
