import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../modules/users/tables.ts";
import { type EmbeddedDatabase, migrationsFolder, openPglite } from "./client.ts";
import { migratedTemplate, openPgliteFolder, templatePath } from "./pglite-template.ts";

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

let dir: string;
let cache: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-template-"));
  cache = path.join(dir, "cache");
  await migratedTemplate(cache);
}, 120_000);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The rows of a raw query, as PGlite answers it. */
const query = async <Row>(database: EmbeddedDatabase, statement: SQL) =>
  ((await database.db.execute(statement)) as { rows: Row[] }).rows;

const appliedMigrations = async (database: EmbeddedDatabase) =>
  (await query<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0]?.n;

/** Row counts of every table of the site's schema, by table. */
async function rowCounts(database: EmbeddedDatabase): Promise<Record<string, number>> {
  const tables = await query<{ tablename: string }>(
    database,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await query<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(tablename)}`,
    );
    counts[tablename] = row?.n ?? -1;
  }
  return counts;
}

const addUser = (database: EmbeddedDatabase, email: string) =>
  database.db.insert(users).values({ name: "Maria", email, passwordHash: "x", role: "super" });

describe("a new PGlite data folder", () => {
  it("is cached under a name made of the migrations, on first use", () => {
    expect(fs.readdirSync(cache)).toEqual([path.basename(templatePath(cache))]);
  });

  it("clears other versions' templates and copies abandoned half-written, never one being written", async () => {
    const other = path.join(dir, "other-cache");
    fs.mkdirSync(other);
    const named = (name: string) => path.join(other, name);
    fs.writeFileSync(named("pglite-template-0123.tar"), "old version");
    fs.writeFileSync(named("pglite-template-0123.tar.99-dead.partial"), "crashed writer");
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    fs.utimesSync(named("pglite-template-0123.tar.99-dead.partial"), anHourAgo, anHourAgo);
    fs.writeFileSync(named("pglite-template-0123.tar.98-busy.partial"), "another process, writing now");
    await migratedTemplate(other);
    expect(fs.readdirSync(other).sort()).toEqual(
      [path.basename(templatePath(other)), "pglite-template-0123.tar.98-busy.partial"].sort(),
    );
  }, 120_000);

  it("starts from the template: every migration applied, an empty site, and it takes writes", async () => {
    const folder = path.join(dir, "first");
    const database = await openPgliteFolder(folder, cache);
    try {
      expect(fs.existsSync(path.join(folder, "PG_VERSION"))).toBe(true);
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      const counts = await rowCounts(database);
      expect(Object.keys(counts)).toEqual(expect.arrayContaining(["settings", "users", "sessions", "medias"]));
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(journal.entries.length);

      await addUser(database, "maria@coop.org.br");
      // The search configuration and the extensions the migrations made, loaded in the copy.
      const [search] = await query<{ vector: string; similar: boolean }>(
        database,
        sql`SELECT to_tsvector('pt_unaccent', 'Notícias da Cooperação')::text AS vector,
                   similarity('cooperativa', 'cooperativas') > 0.5 AS similar`,
      );
      expect(search).toEqual({ vector: "'cooperaca':3 'notic':1", similar: true });
    } finally {
      await database.close();
    }

    const reopened = await openPgliteFolder(folder, cache);
    try {
      expect((await reopened.db.select({ n: count() }).from(users))[0]?.n).toBe(1);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it("copies the cached template again, with nothing another site wrote", async () => {
    const file = templatePath(cache);
    const before = fs.statSync(file);
    const first = await openPgliteFolder(path.join(dir, "site-a"), cache);
    await addUser(first, "joana@coop.org.br");
    await first.close();

    const second = await openPgliteFolder(path.join(dir, "site-b"), cache);
    try {
      expect(Object.values(await rowCounts(second)).every((n) => n === 0)).toBe(true);
      await addUser(second, "joana@coop.org.br");
    } finally {
      await second.close();
    }
    const after = fs.statSync(file);
    expect([after.mtimeMs, after.size]).toEqual([before.mtimeMs, before.size]);
  }, 60_000);

  it("still gets every migration when the template lacks some: the server migrates after opening", async () => {
    const stale = path.join(dir, "stale-cache");
    const bare = await openPglite({});
    const dump = Buffer.from(await (await bare.dump()).arrayBuffer());
    await bare.close();
    fs.mkdirSync(stale);
    fs.writeFileSync(templatePath(stale), dump);

    const database = await openPgliteFolder(path.join(dir, "from-stale"), stale);
    try {
      expect(await query(database, sql`SELECT 1 FROM pg_tables WHERE tablename = 'users'`)).toHaveLength(0);
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      await addUser(database, "ana@coop.org.br");
    } finally {
      await database.close();
    }
  }, 60_000);
});
