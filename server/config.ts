import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseSecretsKey } from "./kernel/secret-box.ts";

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

const secretsKey = z
  .string()
  .trim()
  .refine(
    (value) => parseSecretsKey(value) !== null,
    "must be 32 random bytes in base64 or hex, such as the output of openssl rand -base64 32",
  )
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
  /** Uploads go to this S3-compatible bucket instead of DATA_DIR/files (server/adapters/storage/). */
  S3_BUCKET: z.string().trim().optional(),
  /** The S3-compatible service's address; unset, AWS S3 itself. */
  S3_ENDPOINT: address(["http", "https"], "https://s3.sa-east-1.amazonaws.com"),
  S3_REGION: z.string().trim().default("us-east-1"),
  /** Unset, the AWS SDK looks for credentials itself (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** In place of the Correios API host chosen in /conta/shop (a proxy, or a local fake in tests). */
  CORREIOS_URL: address(["http", "https"], "https://apihom.correios.com.br"),
  /**
   * In place of Melhor Envio's host for the environment chosen in /conta/shop (https://sandbox.melhorenvio.com.br
   * or https://melhorenvio.com.br): a proxy, or a local fake in tests and the bench.
   */
  MELHOR_ENVIO_URL: address(["http", "https"], "https://sandbox.melhorenvio.com.br"),
  /**
   * In place of Focus NFe's host for the environment chosen in /conta/fiscal (https://homologacao.focusnfe.com.br
   * or https://api.focusnfe.com.br): a proxy, or a local fake in tests and the bench.
   */
  FOCUS_NFE_URL: address(["http", "https"], "https://homologacao.focusnfe.com.br"),
  /** In place of https://viacep.com.br, the CEP lookup asked first (a proxy, or a local fake in tests). */
  VIACEP_URL: address(["http", "https"], "https://viacep.com.br"),
  /** In place of https://brasilapi.com.br, the CEP lookup asked when ViaCEP cannot answer. */
  BRASILAPI_URL: address(["http", "https"], "https://brasilapi.com.br"),
  /** In place of https://api.mercadopago.com (a proxy, or a local fake in tests). */
  MERCADOPAGO_URL: address(["http", "https"], "https://api.mercadopago.com"),
  /**
   * In place of Asaas's host for the environment chosen in /conta/membros/configuracoes
   * (https://api-sandbox.asaas.com or https://api.asaas.com): a proxy, or a local fake in tests.
   */
  ASAAS_URL: address(["http", "https"], "https://api-sandbox.asaas.com"),
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
  /**
   * Hosts on a private network the WordPress import may fetch an old site's files from (an intranet
   * server, "192.168.0.10,wp.local"); any other private or local address is refused.
   */
  WORDPRESS_FILES_PRIVATE_HOSTS: z
    .string()
    .trim()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The anonymous page cache (server/http/page-cache.ts): on unless turned off. */
  PAGE_CACHE: z.enum(["on", "off"], "must be on or off").default("on"),
  /**
   * Threads that render visitors' pages in production (server/render/), per process: by default one
   * per core beyond the process's own, at most 3 (the cores shared among WORKERS); 0 renders
   * everything on the main thread.
   */
  RENDER_WORKERS: z.coerce
    .number({ error: "must be a whole number from 0 to 16" })
    .int("must be a whole number from 0 to 16")
    .min(0, "must be a whole number from 0 to 16")
    .max(16, "must be a whole number from 0 to 16")
    .optional(),
  /**
   * Processes serving the site behind one port (Node's cluster): a number, or auto for one per core.
   * More than one needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process.
   */
  WORKERS: z
    .union([z.literal("auto"), z.coerce.number()], "must be a whole number from 1 to 64, or auto")
    .transform((value) => (value === "auto" ? availableParallelism() : value))
    .pipe(
      z
        .number()
        .int("must be a whole number from 1 to 64, or auto")
        .min(1, "must be a whole number from 1 to 64, or auto")
        .max(64, "must be a whole number from 1 to 64, or auto"),
    )
    .default(1),
  /**
   * Turns on GET /metrics (Prometheus' text format, server/metrics/), answered only to
   * `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics is an unknown address like any other.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^\S{16,}$/, "must be at least 16 characters without spaces, such as the output of openssl rand -hex 32")
    .optional(),
  /**
   * The key the provider tokens and TOTP secrets are sealed with in the database (server/kernel/secret-box.ts);
   * unset, they are kept in clear and /conta says so.
   */
  SECRETS_KEY: secretsKey,
  /** The key before SECRETS_KEY, while values it sealed are sealed again under the new one at start. */
  SECRETS_KEY_OLD: secretsKey,
  LOG_LEVEL: z
    .enum(
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
      "must be fatal, error, warn, info, debug, trace or silent",
    )
    .default("info"),
});

export type Config = Omit<z.infer<typeof configSchema>, "DATA_DIR" | "RENDER_WORKERS"> & {
  DATA_DIR: string;
  RENDER_WORKERS: number;
};

export class ConfigError extends Error {}

/** Reads the environment once; every bad value is reported with its variable name. A blank variable counts as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = configSchema
    .superRefine((config, context) => {
      if (config.WORKERS > 1 && !config.DATABASE_URL) {
        context.addIssue({
          code: "custom",
          path: ["WORKERS"],
          message:
            "more than one process needs PostgreSQL: set DATABASE_URL (the embedded database belongs to one process)",
        });
      }
      const s3Settings = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
      const stray = s3Settings.filter((name) => config[name] !== undefined);
      if (!config.S3_BUCKET && stray.length > 0) {
        context.addIssue({
          code: "custom",
          path: ["S3_BUCKET"],
          message: `must be set along with ${stray.join(", ")}`,
        });
      }
      if (config.SECRETS_KEY_OLD && !config.SECRETS_KEY) {
        context.addIssue({
          code: "custom",
          path: ["SECRETS_KEY_OLD"],
          message: "must be set along with SECRETS_KEY, the key that replaces it",
        });
      }
      if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
        context.addIssue({
          code: "custom",
          path: [config.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
          message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
        });
      }
    })
    .safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const coresEach = Math.floor(availableParallelism() / result.data.WORKERS);
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    RENDER_WORKERS: result.data.RENDER_WORKERS ?? Math.min(3, Math.max(0, coresEach - 1)),
  };
}
