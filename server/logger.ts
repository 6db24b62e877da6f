import { type Logger, pino } from "pino";
import type { Config } from "./config.ts";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({ level: config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL, base: { service: "cms" } });
}
