import { Writable } from "node:stream";
import { type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../tests/support/with-test-services.ts";
import { createLogger } from "../logger.ts";
import type { AppEnv } from "./env.ts";
import { handleError } from "./errors.ts";

const t = withTestDatabase();

const SECRET = "senha-secreta-123";

/** A Hono app with the real error handler and logger, whose one route runs `query`; the log lines are kept. */
function appRunning(query: SQL) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ LOG_LEVEL: "info", NODE_ENV: "production" }, destination);
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("logger", logger);
    await next();
  });
  app.onError(handleError);
  app.post("/", async (c) => {
    await t.database.db.execute(query);
    return c.json({ ok: true });
  });
  return { app, lines };
}

describe("values the database refuses", () => {
  const refused: [string, SQL][] = [
    ["a NUL in text", sql`SELECT ${`nome\u0000${SECRET}`}::text`],
    ["a year past PostgreSQL's range", sql`SELECT ${"294277-01-01"}::timestamptz, ${SECRET}::text`],
    ["a malformed date", sql`SELECT ${"99999-99-99"}::timestamptz, ${SECRET}::text`],
    ["an integer out of range", sql`SELECT ${"99999999999"}::integer, ${SECRET}::text`],
  ];

  it.each(refused)("%s answers a pt-BR 400, logged with its SQLSTATE only", async (_, query) => {
    const { app, lines } = appRunning(query);
    const response = await app.request("/", { method: "POST" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Algum valor enviado não pode ser gravado. Verifique os campos e tente novamente.",
    });
    const log = lines.join("");
    expect(log).toMatch(/"code":"22[0-9A-Z]{3}"/);
    expect(log).not.toContain("SELECT");
    expect(log).not.toContain(SECRET);
  });

  it("keeps any other database failure a 500, logged without the statement or its parameters", async () => {
    const { app, lines } = appRunning(sql`SELECT 1 / ${0}::integer, ${SECRET}::text`);
    const response = await app.request("/", { method: "POST" });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Ocorreu um erro inesperado. Tente novamente mais tarde." });
    const [line] = lines.map((text) => JSON.parse(text) as { msg: string; err: unknown });
    expect(line).toMatchObject({ msg: "unhandled error", err: { code: "22012", message: "division by zero" } });
    expect(lines.join("")).not.toContain(SECRET);
  });
});
