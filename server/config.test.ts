import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, NODE_ENV: "development", TRUST_PROXY: false, LOG_LEVEL: "info" });
    expect(config.DATA_DIR).toBe(path.resolve("./data"));
    expect(config.BASE_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads good values, dropping a trailing slash from addresses", () => {
    const config = loadConfig({
      PORT: "8080",
      BASE_URL: " https://www.coop.com.br/ ",
      DATABASE_URL: "postgresql://cms:segredo@db:5432/cms",
      TRUST_PROXY: "1",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      BASE_URL: "https://www.coop.com.br",
      DATABASE_URL: "postgresql://cms:segredo@db:5432/cms",
      TRUST_PROXY: true,
    });
  });

  it("reads the mail server and the sender", () => {
    const config = loadConfig({
      SMTP_URL: "smtps://loja%40coop.com.br:s%2Fenha@smtp.coop.com.br:465",
      MAIL_FROM: '"Cooperativa Vale Verde" <loja@coop.com.br>',
    });
    expect(config.SMTP_URL).toBe("smtps://loja%40coop.com.br:s%2Fenha@smtp.coop.com.br:465");
    expect(config.MAIL_FROM).toBe('"Cooperativa Vale Verde" <loja@coop.com.br>');
    expect(loadConfig({ MAIL_FROM: "loja@coop.com.br" }).MAIL_FROM).toBe("loja@coop.com.br");
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });

  it("runs several processes only on PostgreSQL", () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    const postgres = { DATABASE_URL: "postgres://cms@db/cms" };
    expect(loadConfig({ ...postgres, WORKERS: "4" }).WORKERS).toBe(4);
    expect(loadConfig({ ...postgres, WORKERS: "auto" }).WORKERS).toBe(availableParallelism());
    expect(loadConfig({ WORKERS: "1" }).WORKERS).toBe(1);
    expect(errorOf({ WORKERS: "2" })).toContain("WORKERS: more than one process needs PostgreSQL: set DATABASE_URL");
    for (const value of ["0", "2.5", "muitos", "65"]) {
      expect(errorOf({ ...postgres, WORKERS: value }), value).toContain(
        "WORKERS: must be a whole number from 1 to 64, or auto",
      );
    }
  });

  it("reads the S3 bucket and refuses half of its settings", () => {
    const config = loadConfig({
      S3_BUCKET: "arquivos",
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_ACCESS_KEY_ID: "chave",
      S3_SECRET_ACCESS_KEY: "segredo",
    });
    expect(config).toMatchObject({
      S3_BUCKET: "arquivos",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "us-east-1",
    });
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(errorOf({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toContain(
      "S3_BUCKET: must be set along with S3_ENDPOINT",
    );
    const halfKeys = errorOf({ S3_BUCKET: "arquivos", S3_ACCESS_KEY_ID: "chave" });
    expect(halfKeys).toContain("S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
    const halfSecret = errorOf({ S3_BUCKET: "arquivos", S3_SECRET_ACCESS_KEY: "segredo-123" });
    expect(halfSecret).toContain("S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
    expect(halfSecret).not.toContain("segredo-123");
  });

  it("reads the secrets key, refuses one that is not 32 bytes, and an old key without a new one", () => {
    const key = "q5m0DJ8pHnI8S1k0lqRkzD0O7vJkqgB2C6y2hH0x7cU=";
    expect(loadConfig({ SECRETS_KEY: key }).SECRETS_KEY).toBe(key);
    const short = errorOf({ SECRETS_KEY: "minha-chave-secreta" });
    expect(short).toContain("SECRETS_KEY: must be 32 random bytes in base64 or hex");
    expect(short).not.toContain("minha-chave-secreta");
    expect(errorOf({ SECRETS_KEY_OLD: key })).toContain("SECRETS_KEY_OLD: must be set along with SECRETS_KEY");
  });

  it("treats a blank variable as unset", () => {
    const config = loadConfig({ PORT: "", BASE_URL: "  ", DATABASE_URL: "" });
    expect(config.PORT).toBe(3000);
    expect(config.BASE_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc", "PORT: must be a port number between 1 and 65535"],
    ["PORT", "70000", "PORT: must be a port number between 1 and 65535"],
    ["PORT", "80.5", "PORT: must be a port number between 1 and 65535"],
    ["BASE_URL", "www.coop.com.br", "BASE_URL: must be a http:// or https:// address"],
    ["BASE_URL", "ftp://coop.com.br", "BASE_URL: must be a http:// or https:// address"],
    ["DATABASE_URL", "mysql://root@db/cms", "DATABASE_URL: must be a postgres:// or postgresql:// address"],
    ["DATABASE_URL", "localhost:5432", "DATABASE_URL: must be a postgres:// or postgresql:// address"],
    ["TRUST_PROXY", "yes", "TRUST_PROXY: must be true or false"],
    ["SMTP_URL", "smtp.coop.com.br:587", "SMTP_URL: must be a smtp:// or smtps:// address"],
    ["SMTP_URL", "https://smtp.coop.com.br", "SMTP_URL: must be a smtp:// or smtps:// address"],
    ["MAIL_FROM", "Cooperativa", 'MAIL_FROM: must be an address such as "Cooperativa" <no-reply@cooperativa.com.br>'],
    ["MAIL_FROM", "Coop <sem arroba>", "MAIL_FROM: must be an address such as"],
    ["NODE_ENV", "staging", "NODE_ENV: must be development, production or test"],
  ])("refuses %s=%s naming the variable", (name, value, message) => {
    expect(errorOf({ [name]: value })).toContain(message);
  });

  it("reports every bad variable at once, without echoing secrets", () => {
    const message = errorOf({ PORT: "0", BASE_URL: "nope", DATABASE_URL: "mysql://root:segredo@db/cms" });
    expect(message).toMatch(/^Invalid environment:\n/);
    expect(message).toContain("PORT:");
    expect(message).toContain("BASE_URL:");
    expect(message).toContain("DATABASE_URL:");
    expect(message).not.toContain("segredo");
  });
});

describe("the server process", () => {
  it("exits with the configuration error before touching anything", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    const result = spawnSync(process.execPath, [path.join(root, "server/main.ts")], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: "não", DATA_DIR: "/nonexistent/cms-config-test" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT: must be a port number between 1 and 65535");
  });
});
