import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

export type DatabaseEngine = "pglite" | "postgres";
type QueryTimeRecorder = (engine: DatabaseEngine, seconds: number) => void;

/**
 * Where each query's time goes: the metrics once /metrics is on (server/metrics/metrics.ts), nowhere
 * before. Process-wide, like the database handles it measures: those are opened before the metrics,
 * and by scripts and tests that never have any.
 */
let recorder: QueryTimeRecorder | null = null;

export function recordQueryTimes(next: QueryTimeRecorder | null): void {
  recorder = next;
}

/** Records a query timed in another thread: a render worker's, on its own PostgreSQL connections. */
export function recordQueryTime(engine: DatabaseEngine, seconds: number): void {
  recorder?.(engine, seconds);
}

function timed<T>(engine: DatabaseEngine, run: () => Promise<T>): Promise<T> {
  const record = recorder;
  if (!record) return run();
  const started = performance.now();
  return run().finally(() => record(engine, (performance.now() - started) / 1000));
}

function timeTransactionQueries(tx: Transaction): Transaction {
  const query = tx.query.bind(tx);
  tx.query = <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
    timed("pglite", () => query<T>(sql, params, options));
  return tx;
}

/** Times every query Drizzle (and a render worker's proxy) sends to the embedded database, in transactions too. */
export function timePgliteQueries(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
    timed("pglite", () => query<T>(sql, params, options));
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => callback(timeTransactionQueries(tx)));
}

type ClientQuery = (this: pg.PoolClient, ...args: unknown[]) => unknown;

/**
 * Times every query on the pool's connections: `pool.query` and a transaction's queries both end in
 * one connection's `query`, as a promise or with a callback (the pool's own way of calling it).
 */
export function timePostgresQueries(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const connection = client as unknown as { query: ClientQuery };
    const query = connection.query;
    connection.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const record = recorder;
      if (!record) return query.apply(this, args);
      const started = performance.now();
      const done = () => record("postgres", (performance.now() - started) / 1000);
      const callback = args.at(-1);
      if (typeof callback === "function") {
        args[args.length - 1] = (...results: unknown[]) => {
          done();
          return callback(...results);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args);
      return result instanceof Promise ? result.finally(done) : result;
    };
  });
}
