import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

const address = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .pipe(
      z.url({
        protocol: new RegExp(`^(${protocols.join("|")})$`),
        error: `must be a ${protocols.map((protocol) => `${protocol}://`).join(" or ")} address such as ${example}`,
      }),
    )
    .transform((value) => value.replace(/\/+$/, ""))
    .optional();

const PORT_RANGE = "must be a port number between 1 and 65535";

/** A bare address or a name followed by one in angle brackets. */
const MAIL_FROM_PATTERN = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const configSchema = z.object({
  PORT: z.coerce.number({ error: PORT_RANGE }).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE).default(3000),
  HOST: z.string().trim().optional(),
  BASE_URL: address(["http", "https"], "https://www.cooperativa.com.br"),
  DATA_DIR: z.string().trim().default("./data"),
  DATABASE_URL: address(["postgres", "postgresql"], "postgres://user:password@localhost:5432/cms"),
  FILES_URL: address(["http", "https"], "https://arquivos.cooperativa.com.br"),
  /** In place of the Correios API host chosen in /conta/shop (a proxy, or a local fake in tests). */
  CORREIOS_URL: address(["http", "https"], "https://apihom.correios.com.br"),
  /** In place of https://viacep.com.br, the CEP lookup asked first (a proxy, or a local fake in tests). */
  VIACEP_URL: address(["http", "https"], "https://viacep.com.br"),
  /** In place of https://brasilapi.com.br, the CEP lookup asked when ViaCEP cannot answer. */
  BRASILAPI_URL: address(["http", "https"], "https://brasilapi.com.br"),
  /** In place of https://api.mercadopago.com (a proxy, or a local fake in tests). */
  MERCADOPAGO_URL: address(["http", "https"], "https://api.mercadopago.com"),
  /** The SMTP server e-mails leave through; unset, they wait in the outbox (server/modules/mail/). */
  SMTP_URL: address(["smtp", "smtps"], "smtp://usuario:senha@smtp.cooperativa.com.br:587"),
  /** The sender of every e-mail; by default the site's title at no-reply@ the BASE_URL's domain. */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_PATTERN, 'must be an address such as "Cooperativa" <no-reply@cooperativa.com.br>')
    .optional(),
  NODE_ENV: z
    .enum(["development", "production", "test"], "must be development, production or test")
    .default("development"),
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"], "must be true or false")
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /** The anonymous page cache (server/http/page-cache.ts): on unless turned off. */
  PAGE_CACHE: z.enum(["on", "off"], "must be on or off").default("on"),
  /**
   * Threads that render visitors' pages in production (server/render/): by default one per core
   * beyond the first, at most 3; 0 renders everything on the main thread.
   */
  RENDER_WORKERS: z.coerce
    .number({ error: "must be a whole number from 0 to 16" })
    .int("must be a whole number from 0 to 16")
    .min(0, "must be a whole number from 0 to 16")
    .max(16, "must be a whole number from 0 to 16")
    .default(Math.min(3, availableParallelism() - 1)),
  LOG_LEVEL: z
    .enum(
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
      "must be fatal, error, warn, info, debug, trace or silent",
    )
    .default("info"),
});

export type Config = Omit<z.infer<typeof configSchema>, "DATA_DIR"> & { DATA_DIR: string };

export class ConfigError extends Error {}

/** Reads the environment once; every bad value is reported with its variable name. A blank variable counts as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = configSchema.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
