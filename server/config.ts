import path from "node:path";
import { z } from "zod";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .url({ protocol: new RegExp(`^(${protocols.join("|")})$`) })
        .transform((value) => value.replace(/\/+$/, ""))
        .optional(),
    )
    .optional();

const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).optional(),
  BASE_URL: optionalUrl(["http", "https"]),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  FILES_URL: optionalUrl(["http", "https"]),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = Omit<z.infer<typeof configSchema>, "DATA_DIR"> & { DATA_DIR: string };

export class ConfigError extends Error {}

/** Reads the environment once; every bad value is reported with its variable name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
