import { fileURLToPath } from "node:url";
import type { MessagePort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { timePgliteQueries, timePostgresQueries } from "../metrics/query-time.ts";
import { answerProxiedQueries } from "./pglite-proxy.ts";

/** The root handle or a transaction: every query builder a service needs. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The one database handle of a process, whichever engine is behind it. */
export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type PgliteSource = { dataDir?: string; loadDataDir?: Blob };

export type EmbeddedDatabase = Database & {
  /** A tarball of the data folder, used by tests to copy a migrated template cheaply. */
  dump(): Promise<Blob>;
  /** Answers the queries of a render worker's proxy (pglite-proxy.ts) arriving on `port`. */
  answerProxiedQueries(port: MessagePort): void;
};

export async function openPglite(source: PgliteSource): Promise<EmbeddedDatabase> {
  const client = await PGlite.create({
    dataDir: source.dataDir,
    loadDataDir: source.loadDataDir,
    // PGlite's default 128 MB of shared buffers cost ~150 MB of resident memory; a cooperative's site fits in 32.
    postgresqlconf: ["shared_buffers=32MB"],
    // Contrib extensions must be handed to PGlite when it starts; the migrations then create them.
    extensions: { unaccent, pg_trgm },
  });
  timePgliteQueries(client);
  const db = drizzlePglite({ client });
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    answerProxiedQueries: (port) => answerProxiedQueries(port, client),
  };
}

/** Taken while migrating: processes starting together on several machines migrate one at a time. */
const MIGRATION_LOCK = 7_340_013;

/** `maxConnections`: the process's own handle keeps up to 10; each render worker fewer (server/render/). */
export async function openPostgres(connectionString: string, { maxConnections = 10 } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection dropped by the server (restart, DROP DATABASE ... FORCE) must not crash the process;
  // the pool discards it and the next query opens a new one.
  pool.on("error", () => {});
  timePostgresQueries(pool);
  const db = drizzlePg({ client: pool });
  return {
    db,
    engine: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
