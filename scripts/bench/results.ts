/** What one `npm run bench` measures; written as JSON (BENCH_OUT) and turned into the table. */
import type { LighthouseFigure } from "./lighthouse.ts";
import type { Load } from "./load.ts";
import type { PageWeight } from "./weight.ts";
import type { WordpressImportOutcome } from "./wordpress-import.ts";

export type Database = "PGlite" | "PostgreSQL";

/** One start of the production server and the load it took. */
export type ServerRun = {
  database: Database;
  /** WORKERS: 1 is one process; above, a cluster's primary and its workers, whose memory and CPU are summed. */
  workers: number;
  pageCache: boolean;
  /** "new": an empty data folder (or database); "existing": the seeded one again. */
  dataFolder: "new" | "existing";
  startSeconds: number;
  rssIdleMb: number;
  /**
   * The most resident memory while the load ran: the process's VmHWM, reset when the load starts, or for
   * a cluster the most its processes' total was when sampled (every 100 ms).
   */
  rssPeakMb: number;
  /** One process's VmHWM when the load starts: the most it held since it started (its start, the seeding). */
  rssPeakSinceStartMb?: number;
  /** Once the load is over and the server has had its quiet spell (server/runtime/idle-memory.ts). */
  rssAfterLoadMb: number;
  /** The same by process, in the same reading: the one process, or the primary first, then each worker. */
  rssAfterLoadByProcessMb: number[];
  loads: Load[];
};

export type BenchResults = {
  date: string;
  commit: string;
  machine: string;
  settings: { seconds: number; warmupSeconds: number; connections: number[]; threads: number };
  hello: Load[];
  wordpress: { base: string; loads: Load[] } | null;
  runs: ServerRun[];
  weights: PageWeight[];
  lighthouse: LighthouseFigure[] | null;
  /** The WordPress import part (BENCH_WORDPRESS_POSTS), null when skipped. */
  wordpressImport: WordpressImportOutcome | null;
};
