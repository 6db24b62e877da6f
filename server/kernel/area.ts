import type { Hono } from "hono";
import type { Logger } from "pino";
import type { FileStorage } from "../adapters/storage/file-storage.ts";
import type { AreaName } from "../area-names.ts";
import type { Database, Db } from "../db/client.ts";
import type { AppEnv } from "../http/env.ts";
import type { Operation } from "../http/openapi/operation.ts";
import type { ServicesConfig, ServicesOf } from "../services.ts";
import type { AreaEvent, Listen } from "./events.ts";
import type { PublicReads } from "./public-reads.ts";
import type { SecretBox } from "./secret-box.ts";
import type { ThrottleFactory } from "./throttle.ts";

/** What an area's process-wide state is built from (once per process, on the process's own handle). */
export type PlatformDeps = {
  config: ServicesConfig;
  database: Database;
  storage: FileStorage;
  logger: Logger;
  /** Makes a rate limit counted where every process serving the site counts (kernel/throttle.ts). */
  throttle: ThrottleFactory;
  /** Seals and opens the secrets an area keeps (SECRETS_KEY: kernel/secret-box.ts). */
  secretBox: SecretBox;
};

/**
 * What an area's service is built from: once for the process, and again for each transaction. `Uses`
 * names the areas whose services it may call (its `uses`, server/areas.ts), by default every area: a
 * flow's or a test's view.
 */
export type ServiceContext<Uses extends AreaName = AreaName> = PlatformDeps & {
  /** The process's handle, or the caller's transaction. */
  db: Db;
  /**
   * True when `db` is a transaction. Process-wide caches must then be bypassed: they were filled
   * outside it, and on the embedded database a query on the process's handle would wait for this
   * very transaction to end.
   */
  inTransaction: boolean;
  /** The process's answers to visitors' reads (public-reads.ts); read them through `publicReader`. */
  publicReads: PublicReads;
  /** The services of the areas it uses, on this same handle, so their work commits or rolls back with its own. */
  services: ServicesOf<Uses>;
  /** Tells the other areas what changed; delivered once the work is committed. */
  announce(event: AreaEvent): void;
  /**
   * Runs `work` atomically: inside the caller's transaction when there is one (a savepoint), else in a
   * new one. `work` gets the context on that transaction: its `db` for the area's own queries, every
   * area's `services` on it, and an `announce` that waits for the commit.
   */
  transaction<T>(work: (tx: ServiceContext<Uses>) => Promise<T>): Promise<T>;
};

/** REST routes mounted at `base` ("/api/pages", "/files"), described by their OpenAPI operations. */
export type AreaRoutes = { base: string; routes: Hono<AppEnv>; operations: readonly Operation[] };

/**
 * One area of the product (settings, pages, library, orders...): the areas it uses, its service, the
 * state its service shares across transactions (caches), what it listens to, and its REST routes.
 * Registered once in server/areas.ts; its tables live beside it in tables.ts.
 */
export type Area<Service, State, Uses extends AreaName> = {
  /**
   * The areas whose services this one calls (its own name too when it calls itself on a transaction's
   * handle). Its context sees only these; the areas' graph has no cycles (server/areas.test.ts), and work
   * that needs areas which do not use each other is a flow's (server/flows/).
   */
  uses: readonly Uses[];
  /**
   * Built once per process: caches and queues every transaction's service shares. `services` are the
   * process's own; use them lazily (inside a cache's loader), as they are not all built yet.
   */
  state?(deps: PlatformDeps & { services: ServicesOf<Uses> }): State;
  /** Built for the process's handle and for each transaction: keep it cheap (closures only). */
  service?(context: ServiceContext<Uses>, state: State): Service;
  /** Reacts to other areas' announcements, e.g. drops a cache. */
  listen?(on: Listen, state: State): void;
  routes?: readonly AreaRoutes[];
};

export function defineArea<Service = undefined, State = undefined, Uses extends AreaName = never>(
  area: Area<Service, State, Uses>,
): Area<Service, State, Uses> {
  return area;
}

/** The service an area's definition builds (never for an area with routes only). */
export type ServiceOf<A> = A extends Area<infer Service, infer _State, infer _Uses> ? Service : never;
