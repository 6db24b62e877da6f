import type { MessagePort } from "node:worker_threads";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Database } from "./client.ts";

/**
 * The embedded database belongs to the one thread that opened it. A render worker (server/render/)
 * reads it through this proxy: Drizzle's PGlite session runs unchanged over a stand-in client whose
 * queries travel to the owning thread and back. Rows come back as PGlite made them there, with the
 * same types left as text that Drizzle's session asks for (its `parsers`), so Drizzle maps them alike.
 */
type RowMode = "array" | "object";
export type ProxiedQuery = { id: number; sql: string; params: unknown[]; rowMode: RowMode; rawTypes: number[] };
export type ProxiedAnswer =
  | { id: number; result: Results<unknown> }
  | { id: number; error: { message: string; fields: Record<string, unknown> } };

const keepText = (value: string) => value;

/** On the owning thread: answers the queries that arrive on `port` with `client`. */
export function answerProxiedQueries(port: MessagePort, client: PGlite): void {
  port.on("message", async ({ id, sql, params, rowMode, rawTypes }: ProxiedQuery) => {
    const parsers = Object.fromEntries(rawTypes.map((type) => [type, keepText]));
    try {
      const result = await client.query(sql, params, { rowMode, parsers });
      port.postMessage({ id, result } satisfies ProxiedAnswer);
    } catch (error) {
      // The SQLSTATE and details travel; anything that is not plain data stays behind.
      const fields = Object.fromEntries(
        Object.entries(error instanceof Error ? error : {}).filter(([, value]) =>
          ["string", "number", "boolean"].includes(typeof value),
        ),
      );
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id, error: { message, fields } } satisfies ProxiedAnswer);
    }
  });
}

/** A database error as the owning thread saw it: same message, same SQLSTATE and details. */
class ProxiedDatabaseError extends Error {
  constructor(message: string, fields: Record<string, unknown>) {
    super(message);
    Object.assign(this, fields);
  }
}

/**
 * In a worker: the process's database over `port`, for reading. Transactions are refused: work that
 * writes runs on the owning thread, where announcements and the page cache live.
 */
export function proxiedPglite(port: MessagePort): Database {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (result: Results<unknown>) => void; reject: (error: Error) => void }>();
  port.on("message", (answer: ProxiedAnswer) => {
    const caller = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!caller) return;
    if ("result" in answer) caller.resolve(answer.result);
    else caller.reject(new ProxiedDatabaseError(answer.error.message, answer.error.fields));
  });
  // Only a waiting query keeps the worker's event loop alive.
  port.unref();

  const client = {
    query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<unknown>> {
      const id = nextId++;
      const rawTypes = Object.keys(options.parsers ?? {}).map(Number);
      const rowMode = options.rowMode ?? "object";
      return new Promise((resolve, reject) => {
        if (waiting.size === 0) port.ref();
        waiting.set(id, {
          resolve: (result) => {
            if (waiting.size === 0) port.unref();
            resolve(result);
          },
          reject: (error) => {
            if (waiting.size === 0) port.unref();
            reject(error);
          },
        });
        port.postMessage({ id, sql, params, rowMode, rawTypes } satisfies ProxiedQuery);
      });
    },
    transaction(): never {
      throw new Error("The render worker only reads: writes run on the thread that owns the database.");
    },
  };
  return {
    db: drizzlePglite({ client: client as unknown as PGlite }),
    engine: "pglite",
    migrate: async () => {},
    close: async () => port.close(),
  };
}
