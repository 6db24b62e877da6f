import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { migrationsFolder } from "../../db/client.ts";

const t = withTestApp();

describe("health and API edges", () => {
  it("reports ok with the database engine in use", async () => {
    const response = await t.request("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: t.database.engine });
  });

  it("is ready once the database has every migration of the code, and says so when one is missing", async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    const ready = await t.request("GET", "/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: t.database.engine, migrations: journal.entries.length });

    const newest = journal.entries.at(-1)?.when ?? 0;
    await t.database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest}`);
    try {
      const behind = await t.request("GET", "/api/ready");
      expect(behind.status).toBe(503);
      expect(behind.json()).toEqual({ message: "O banco de dados não tem todas as migrações desta versão." });
      // Alive all the same: a process is not restarted for its database.
      expect((await t.request("GET", "/api/health")).status).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('restaurada', ${newest})`,
      );
    }
    expect((await t.request("GET", "/api/ready")).status).toBe(200);

    // A later version migrated the database: this one steps aside until it is upgraded too.
    await t.database.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('futura', 9999999999999)`,
    );
    try {
      const older = await t.request("GET", "/api/ready");
      expect(older.status).toBe(503);
      expect(older.json()).toEqual({
        message: "O banco de dados já foi atualizado por uma versão mais nova do sistema.",
      });
    } finally {
      await t.database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'futura'`);
    }
  });

  it("answers an unknown /api path with a JSON 404 in Portuguese", async () => {
    for (const [method, path] of [
      ["GET", "/api/nada-aqui"],
      ["POST", "/api/menus/1/extra"],
      ["DELETE", "/api/settings"],
    ] as const) {
      const response = await t.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.json()).toEqual({ message: "Endereço da API não encontrado." });
    }
  });

  it("answers a malformed JSON body with 400, not 500", async () => {
    const response = await t.request("POST", "/api/contacts/contact", { body: '{"name": "Ana",' });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ message: "O corpo da requisição não é um JSON válido." });
  });

  it("refuses a body that is not a JSON object", async () => {
    for (const body of ["[1,2]", '"texto"', "42"]) {
      const response = await t.request("POST", "/api/auth/login", { body });
      expect(response.status, body).toBe(400);
      expect(response.json()).toEqual({ message: "Envie os dados como um objeto JSON." });
    }
  });

  it("refuses an id that is not a positive integer with 400", async () => {
    const token = await t.setupSite();
    for (const id of ["abc", "1.5", "-3", "0", "1e3", "99999999999"]) {
      const response = await t.request("GET", `/api/contacts/${id}`, { token });
      expect(response.status, id).toBe(400);
      expect(response.json()).toEqual({ message: "Identificador inválido." });
    }
  });

  it("answers a missing record with 404 and a Portuguese message", async () => {
    const token = await t.setupSite();
    const response = await t.request("GET", "/api/contacts/12345", { token });
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ message: "Mensagem não encontrada." });
  });

  it("treats a malformed session cookie as signed out instead of failing", async () => {
    const response = await t.request("GET", "/api/profile", { headers: { cookie: "cms_session=%E0%A4%A" } });
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ message: "Faça login para continuar." });
  });

  it("refuses a body over the size limit with 413", async () => {
    const response = await t.request("POST", "/api/contacts/contact", {
      body: JSON.stringify({ name: "A", email: "a@example.com", message: "x".repeat(26 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.json()).toEqual({ message: "O arquivo enviado é grande demais." });
  });

  it("gives every answer a request id of its own", async () => {
    // Without TRUST_PROXY a client's id is never kept (behind a trusted proxy: server/http/request-id.test.ts).
    const response = await t.request("GET", "/api/health", { headers: { "x-request-id": "proxy-abc-123" } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await t.request("GET", "/api/health", { headers: { "x-request-id": 'abc 123" level=fatal' } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await t.request("GET", "/api/nada");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
