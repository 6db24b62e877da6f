/**
 * `npm run bench`: issue 10's figures in one table, with its targets and ratios. Needs wrk and a current
 * production build (`npm run build`, which stamps build/ with its sources as `npm start` does). The bench
 * builds nothing: it stops with that advice when `npm start` would build. In one run,
 * on loopback only:
 *   - a bare Hono "hello" (scripts/bench/hello-server.ts), the floor for the page cache;
 *   - the production server started as `npm start` starts it (`node scripts/start.ts`, serving in that
 *     process: the one whose RSS is read) on a fresh data folder, seeded through the REST API with the
 *     WordPress comparison site (scripts/bench/content.json, from ../shared/bench/): start time, RSS idle,
 *     at its peak under load (the process's VmHWM, reset as the load starts, so no peak between two
 *     samples is missed; a cluster's total sampled every 100 ms) and after load (once the server's quiet
 *     spell let it give memory back), wrk
 *     at 10 and 50 connections on home, a page, a post, the news list, search and the REST list, without
 *     Accept-Encoding as the WordPress runs; then home, the page and the post again with
 *     `Accept-Encoding: gzip, deflate, br` as browsers send it, checked to come back as brotli (rows
 *     "(br, as browsers ask)"); page weight and Lighthouse (mobile) on each public page;
 *   - the same server restarted on that folder with PAGE_CACHE=off: start time, RSS, the same load
 *     (without the brotli rows);
 *   - optionally PostgreSQL (below): the same two runs on a new database, then the same two again on that
 *     database with WORKERS=2 (Node's cluster: a primary that serves nothing and two workers sharing the
 *     port), whose RSS is the sum over the primary and its workers, and whose CPU, read to wait until the
 *     server is idle, is theirs together too; the table gives each PostgreSQL path both ways, and the
 *     WORKERS=2 rows their ratio to WORKERS=1;
 *   - optionally WordPress (below);
 *   - orders placed per second (scripts/bench/orders.ts): 20 customers confirming orders at once through the
 *     REST checkout, with a coupon on every other order, on a new data folder and, with BENCH_DATABASE_URL, on
 *     a new PostgreSQL database: its rows at the table's end;
 *   - a WordPress import (scripts/bench/wordpress-import.ts): a generated export of BENCH_WORDPRESS_POSTS news, each
 *     with its own image fetched from a static server on 127.0.0.1, imported through the REST API on a new
 *     data folder (the server started with WORDPRESS_FILES_PRIVATE_HOSTS=127.0.0.1): the preview, the run
 *     (its progress printed as it goes), the same file again (which must change nothing) and the server's
 *     RSS, in the table's last rows;
 *   - last, apart from the table, a library import, the shop, and the WordPress import of the hostile exports
 *     of issue 33 (scripts/bench/wordpress-hostile.ts, generated there): posts of shortcodes and markup that
 *     patterns would read back and forth, elements nested millions deep (21 and 93 MB), and a large export
 *     imported twice in a row, each with the server's peak RSS and the longest wait of a request meanwhile.
 * Environment:
 *   BENCH_SECONDS=5, BENCH_WARMUP=2   measured and warm-up seconds of each wrk run
 *   BENCH_OUT                         the raw results as JSON (default /tmp/cms-bench-<time>.json)
 *   BENCH_DATABASE_URL                a PostgreSQL server: the same runs on a fresh database cms_bench_<random>,
 *                                     then with WORKERS=2, dropped at the end
 *                                     (e.g. postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_WORDPRESS                   WordPress from ../shared/bench/wordpress/setup.sh (http://127.0.0.1:18080):
 *                                     its equivalent paths under the same load, and the ratios
 *   BENCH_LIGHTHOUSE=0                skips Lighthouse
 *   BENCH_IMPORT_ENTRIES=5000         BibTeX entries of the import part (0 skips it)
 *   BENCH_SHOP_PRODUCTS=10000         products of the shop part (0 skips it): the shop's list, a product page and
 *                                     a quote, one request at a time with PAGE_CACHE=off, then a cart quoted again
 *                                     with Melhor Envio's fake answering after 50 ms (scripts/bench/shop.ts)
 *   BENCH_WORDPRESS_POSTS=1000        posts (and as many images) of the WordPress import part (0 skips it)
 *   BENCH_WORDPRESS_HOSTILE_MB=99     size of the large export of the hostile WordPress imports ("off" skips the part,
 *                                     0 the large export alone); BENCH_ONLY=hostile runs that part alone
 *   BENCH_FLAG_ROUNDS=3               rounds of the V8 options' part (0 skips it): the server as `npm start` runs
 *                                     it, without each of its node options in turn and without any, on the
 *                                     seeded data folder, servers alternated (scripts/bench/node-flags.ts)
 *   BENCH_ORDERS_BUYERS=20            customers confirming at once in the orders part (0 skips it), each for
 *                                     BENCH_SECONDS after two orders of warm-up
 *   BENCH_ONLY=orders                 the orders part alone, in about a minute per database: its rows as a table
 *   BENCH_FISCAL_NOTES=500            orders whose notas fiscais are issued on payment against Focus NFe's fake
 *                                     answering after 200 ms, with visitors' pages timed meanwhile (0 skips it;
 *                                     scripts/bench/fiscal-notes.ts); BENCH_ONLY=fiscal runs that part alone
 *   BENCH_MEMBERS=10000               members whose dues one turn of the job runner makes, with visitors' pages
 *                                     timed meanwhile (0 skips it; scripts/bench/member-dues.ts); BENCH_ONLY=members
 *                                     runs that part alone
 * Only the memory part (issue 27: the peak under load on the embedded database, with the page cache and
 * with PAGE_CACHE=off), in about 8 minutes: BENCH_LIGHTHOUSE=0 BENCH_IMPORT_ENTRIES=0 BENCH_SHOP_PRODUCTS=0
 * BENCH_WORDPRESS_POSTS=0 npm run bench (hello and page weight still run: they take seconds).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { SettingsView } from "../common/views/settings.ts";
import { IDLE_MEMORY } from "../server/runtime/idle-memory.ts";
import { cleanupAll, cleanupOnSignals, interrupted, temporaryFolder } from "./bench/cleanup.ts";
import { benchFiscalNotes, type FiscalNotesFigure, fiscalNotesRows, startBenchFocusNfe } from "./bench/fiscal-notes.ts";
import { importScenario } from "./bench/import.ts";
import { chromiumInstalled, lighthousePages } from "./bench/lighthouse.ts";
import { BROWSER_ENCODING, type LoadSettings, loadTargets, type Target } from "./bench/load.ts";
import { benchMemberDues, type MemberDuesFigure, memberDuesRows } from "./bench/member-dues.ts";
import { benchNodeFlags, flagLines, flagVariants } from "./bench/node-flags.ts";
import { benchOrders, type OrdersFigure, ordersRows } from "./bench/orders.ts";
import { temporaryDatabase } from "./bench/postgres.ts";
import { rssByProcessMb, sampleRssPeak, totalRssMb, waitIdle } from "./bench/proc.ts";
import type { BenchResults, Database, ServerRun } from "./bench/results.ts";
import { apiClient, content, seed } from "./bench/seed.ts";
import {
  type AppServerOptions,
  npmStartCommand,
  type RunningServer,
  staleBuild,
  startAppServer,
  startHelloServer,
} from "./bench/server.ts";
import { measureMelhorEnvioQuote, measureShop, seedShop, shopLines, startBenchMelhorEnvio } from "./bench/shop.ts";
import { figure, markdownTable, runName, tableRows } from "./bench/table.ts";
import { type PageWeight, pageWeigher } from "./bench/weight.ts";
import { benchHostileWordpressImports } from "./bench/wordpress-hostile.ts";
import { benchWordpressImport } from "./bench/wordpress-import.ts";
import { prepareWrk, wrkInstalled } from "./bench/wrk.ts";

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(1);
}

function seconds(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) fail(`${name} must be a number of seconds, not ${process.env[name]}`);
  return value;
}

const options = {
  seconds: seconds("BENCH_SECONDS", 5),
  warmupSeconds: seconds("BENCH_WARMUP", 2),
  out: process.env.BENCH_OUT || `/tmp/cms-bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  wordpress: process.env.BENCH_WORDPRESS?.replace(/\/+$/, "") || null,
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  lighthouse: process.env.BENCH_LIGHTHOUSE !== "0",
  importEntries: Number(process.env.BENCH_IMPORT_ENTRIES ?? 5000),
  shopProducts: Number(process.env.BENCH_SHOP_PRODUCTS ?? 10_000),
  wordpressPosts: Number(process.env.BENCH_WORDPRESS_POSTS ?? 1000),
  wordpressHostileMb:
    process.env.BENCH_WORDPRESS_HOSTILE_MB === "off" ? null : Number(process.env.BENCH_WORDPRESS_HOSTILE_MB ?? 99),
  flagRounds: Number(process.env.BENCH_FLAG_ROUNDS ?? 3),
  ordersBuyers: Number(process.env.BENCH_ORDERS_BUYERS ?? 20),
  only: process.env.BENCH_ONLY || null,
  fiscalNotes: Number(process.env.BENCH_FISCAL_NOTES ?? 500),
  members: Number(process.env.BENCH_MEMBERS ?? 10_000),
};
const CONNECTIONS = [10, 50];
const THREADS = 2;
/** The V8 options' part loads each path at this many connections only, to keep its rounds short. */
const FLAG_CONNECTIONS = 50;
/** The processes of the cluster run on PostgreSQL, as issue 13 asks. */
const CLUSTER_WORKERS = 2;

const projectRoot = path.resolve(import.meta.dirname, "..");
const stale = staleBuild(projectRoot);
if (stale) fail(stale);
if (!wrkInstalled()) fail("wrk not found: install it with apt-get install -y wrk");
if (options.seconds === 0) fail("BENCH_SECONDS must be more than 0");
if (options.only !== null && !["orders", "fiscal", "members", "hostile"].includes(options.only))
  fail(`BENCH_ONLY takes "orders", "fiscal", "members" or "hostile", not ${options.only}`);

/** Our paths for content.json's site; agenda and library only when the seed switched them on. */
function ourTargets(features: SettingsView["features"]): Target[] {
  const news = features.posts.url;
  return [
    { label: "home", path: "/" },
    { label: "page", path: `/${content.bench.page_slug}` },
    { label: "post", path: `${news}/${content.bench.post_slug}` },
    { label: "news", path: news },
    { label: "search", path: "/busca?q=cooperativa" },
    ...(features.events.enabled ? [{ label: "agenda", path: features.events.url }] : []),
    ...(features.medias.enabled ? [{ label: "library", path: features.medias.url }] : []),
    { label: "rest", path: "/api/posts?per_page=10" },
  ];
}

/**
 * A stopped worker's memory goes back to the system some seconds after its thread ends (8-9 s here,
 * with or without V8's memory reducer; Node frees the isolate later than the thread's exit).
 */
const STOPPED_WORKER_RETURN_MS = 12_000;

const isPublicPage = (target: Target) => !target.path.startsWith("/api/");

/** The pages the page cache is timed on as browsers ask for them too, each right after its plain run. */
const BROWSER_PAGES = ["home", "page", "post"];

const withBrowserEncoding = (targets: Target[]): Target[] =>
  targets.flatMap((target) =>
    BROWSER_PAGES.includes(target.label) ? [target, { ...target, encoding: BROWSER_ENCODING }] : [target],
  );

async function measuredRun(
  load: LoadSettings,
  database: Database,
  server: RunningServer,
  run: { pageCache: boolean; workers: number; dataFolder: ServerRun["dataFolder"]; targets: Target[] },
): Promise<ServerRun> {
  const { processes } = server;
  await waitIdle(processes);
  const rssIdleMb = await totalRssMb(processes);
  const name = runName({ database, ...run });
  const peak = await sampleRssPeak(processes);
  const loads = await loadTargets(load, { name, base: server.base, targets: run.targets, processes });
  const { peakMb: rssPeakMb, sinceStartMb } = await peak.stop();
  // What the server keeps once the burst is over: after a quiet spell it stops its render workers and
  // collects (server/runtime/idle-memory.ts).
  await waitIdle(processes);
  await sleep(IDLE_MEMORY.quietMs + IDLE_MEMORY.checkMs + STOPPED_WORKER_RETURN_MS);
  const rssAfterLoadByProcessMb = await rssByProcessMb(processes);
  const rssAfterLoadMb = rssAfterLoadByProcessMb.reduce((sum, mb) => sum + mb, 0);
  const byProcess = processes.tree ? ` (${rssAfterLoadByProcessMb.map(figure).join(" + ")}, primary first)` : "";
  console.error(
    `[${name}] start ${server.startSeconds.toFixed(2)} s, RSS ${rssIdleMb.toFixed(0)} MB idle, ${rssPeakMb.toFixed(0)} MB at peak under load, ${rssAfterLoadMb.toFixed(0)} MB after load${byProcess}` +
      (sinceStartMb === null ? "" : `; before the load, ${sinceStartMb.toFixed(0)} MB at most since it started`),
  );
  return {
    database,
    workers: run.workers,
    pageCache: run.pageCache,
    dataFolder: run.dataFolder,
    startSeconds: server.startSeconds,
    rssIdleMb,
    rssPeakMb,
    ...(sinceStartMb === null ? {} : { rssPeakSinceStartMb: sinceStartMb }),
    rssAfterLoadMb,
    rssAfterLoadByProcessMb,
    loads,
  };
}

/**
 * A new data folder (or database) with the page cache on, seeded and measured, then the same folder
 * restarted with PAGE_CACHE=off. Page weight, Lighthouse and the cached pages as browsers ask for them
 * (brotli), when asked, on the first (what visitors get).
 */
async function benchDatabase(
  load: LoadSettings,
  database: Database,
  server: Omit<AppServerOptions, "pageCache">,
  extras: { weights: boolean; lighthouse: boolean; browserEncoding: boolean },
) {
  const cachedServer = await startAppServer({ ...server, pageCache: true });
  const site = await seed(cachedServer.base);
  const targets = ourTargets(site.settings.features);
  const pages = targets.filter(isPublicPage).map((target) => target.path);
  const cached = await measuredRun(load, database, cachedServer, {
    pageCache: true,
    workers: 1,
    dataFolder: "new",
    targets: extras.browserEncoding ? withBrowserEncoding(targets) : targets,
  });
  const weights: PageWeight[] = [];
  if (extras.weights) {
    const weigh = pageWeigher(cachedServer.base);
    for (const page of pages) weights.push(await weigh(page));
  }
  const lighthouse = extras.lighthouse ? await lighthousePages(cachedServer.base, pages) : null;
  await cachedServer.stop();

  const uncachedServer = await startAppServer({ ...server, pageCache: false });
  const uncached = await measuredRun(load, database, uncachedServer, {
    pageCache: false,
    workers: 1,
    dataFolder: "existing",
    targets,
  });
  await uncachedServer.stop();
  return { runs: [cached, uncached], weights, lighthouse, targets };
}

/** The database benchDatabase seeded, served by a cluster of `workers`: the page cache on, then PAGE_CACHE=off. */
async function benchCluster(
  load: LoadSettings,
  database: Database,
  server: Omit<AppServerOptions, "pageCache" | "workers">,
  workers: number,
  targets: Target[],
): Promise<ServerRun[]> {
  const runs: ServerRun[] = [];
  for (const pageCache of [true, false]) {
    const running = await startAppServer({ ...server, pageCache, workers });
    runs.push(await measuredRun(load, database, running, { pageCache, workers, dataFolder: "existing", targets }));
    await running.stop();
  }
  return runs;
}

/** The orders part on a new data folder, then on a new PostgreSQL database when there is one. */
async function benchOrdersPart(): Promise<OrdersFigure[]> {
  const figures: OrdersFigure[] = [];
  const run = async (database: Database, server: Omit<AppServerOptions, "pageCache">) => {
    const running = await startAppServer({ ...server, pageCache: true });
    try {
      const measured = await benchOrders(running.base, database, {
        buyers: options.ordersBuyers,
        seconds: options.seconds,
      });
      console.error(`[orders, ${database}] ${ordersRows([measured])[0]?.value}`);
      figures.push(measured);
    } finally {
      await running.stop();
    }
  };
  const dataDir = await temporaryFolder("cms-bench-orders-");
  await run("PGlite", { dataDir: dataDir.path });
  await dataDir.remove();
  if (options.databaseUrl) {
    const postgres = await temporaryDatabase(options.databaseUrl);
    const files = await temporaryFolder("cms-bench-orders-pg-");
    await run("PostgreSQL", { dataDir: files.path, databaseUrl: postgres.url });
    await files.remove();
  }
  return figures;
}

/** The notas fiscais part on a new data folder, then on a new PostgreSQL database when there is one. */
async function benchFiscalPart(): Promise<FiscalNotesFigure[]> {
  const figures: FiscalNotesFigure[] = [];
  const run = async (database: Database, server: Omit<AppServerOptions, "pageCache">) => {
    const focus = await startBenchFocusNfe();
    const running = await startAppServer({
      ...server,
      pageCache: true,
      ownBaseUrl: true,
      env: { FOCUS_NFE_URL: focus.url },
    });
    try {
      const measured = await benchFiscalNotes(running.base, database, focus, options.fiscalNotes);
      console.error(
        `[fiscal, ${database}] ${fiscalNotesRows([measured])
          .map((row) => row.value)
          .join("; ")}`,
      );
      figures.push(measured);
    } finally {
      await running.stop();
      await focus.close();
    }
  };
  const dataDir = await temporaryFolder("cms-bench-fiscal-");
  await run("PGlite", { dataDir: dataDir.path });
  await dataDir.remove();
  if (options.databaseUrl) {
    const postgres = await temporaryDatabase(options.databaseUrl);
    const files = await temporaryFolder("cms-bench-fiscal-pg-");
    await run("PostgreSQL", { dataDir: files.path, databaseUrl: postgres.url });
    await files.remove();
  }
  return figures;
}

/** The members' dues part on a new data folder, then on a new PostgreSQL database when there is one. */
async function benchMembersPart(): Promise<MemberDuesFigure[]> {
  const figures: MemberDuesFigure[] = [];
  const run = async (database: Database, server: Omit<AppServerOptions, "pageCache">) => {
    const running = await startAppServer({ ...server, pageCache: true });
    try {
      const measured = await benchMemberDues(running.base, database, options.members);
      console.error(
        `[members, ${database}] ${memberDuesRows([measured])
          .map((row) => row.value)
          .join("; ")}`,
      );
      figures.push(measured);
    } finally {
      await running.stop();
    }
  };
  const dataDir = await temporaryFolder("cms-bench-members-");
  await run("PGlite", { dataDir: dataDir.path });
  await dataDir.remove();
  if (options.databaseUrl) {
    const postgres = await temporaryDatabase(options.databaseUrl);
    const files = await temporaryFolder("cms-bench-members-pg-");
    await run("PostgreSQL", { dataDir: files.path, databaseUrl: postgres.url });
    await files.remove();
  }
  return figures;
}

function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: projectRoot, encoding: "utf8" }).trim();
    const changed = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: projectRoot,
      encoding: "utf8",
    }).trim();
    return changed ? `${head} + uncommitted changes` : head;
  } catch {
    return "unknown (not a git checkout)";
  }
}

async function main() {
  const loadBefore = os.loadavg()[0] ?? 0;
  if (options.only === "fiscal") {
    const figures = await benchFiscalPart();
    console.log(`\n## npm run bench, the notas fiscais part alone (BENCH_ONLY=fiscal), commit ${commit()}\n`);
    console.log(`${os.cpus().length} CPUs, Node ${process.version}, load average ${loadBefore.toFixed(1)} at start\n`);
    console.log(markdownTable(fiscalNotesRows(figures)));
    await fs.writeFile(options.out, `${JSON.stringify({ fiscal: figures }, null, 2)}\n`);
    console.log(`\nraw results: ${options.out}`);
    return;
  }
  if (options.only === "members") {
    const figures = await benchMembersPart();
    console.log(`\n## npm run bench, the members' dues part alone (BENCH_ONLY=members), commit ${commit()}\n`);
    console.log(`${os.cpus().length} CPUs, Node ${process.version}, load average ${loadBefore.toFixed(1)} at start\n`);
    console.log(markdownTable(memberDuesRows(figures)));
    await fs.writeFile(options.out, `${JSON.stringify({ members: figures }, null, 2)}\n`);
    console.log(`\nraw results: ${options.out}`);
    return;
  }
  if (options.only === "hostile") {
    const figures = await benchHostileWordpressImports(options.wordpressHostileMb ?? 99);
    console.log(`\n## npm run bench, the hostile WordPress exports alone (BENCH_ONLY=hostile), commit ${commit()}\n`);
    console.log(`${os.cpus().length} CPUs, Node ${process.version}, load average ${loadBefore.toFixed(1)} at start\n`);
    await fs.writeFile(options.out, `${JSON.stringify({ wordpressHostile: figures }, null, 2)}\n`);
    console.log(`raw results: ${options.out}`);
    return;
  }
  if (options.only === "orders") {
    const figures = await benchOrdersPart();
    console.log(`\n## npm run bench, the orders part alone (BENCH_ONLY=orders), commit ${commit()}\n`);
    console.log(`${os.cpus().length} CPUs, Node ${process.version}, load average ${loadBefore.toFixed(1)} at start\n`);
    console.log(markdownTable(ordersRows(figures)));
    await fs.writeFile(options.out, `${JSON.stringify({ orders: figures }, null, 2)}\n`);
    console.log(`\nraw results: ${options.out}`);
    return;
  }
  const work = await temporaryFolder("cms-bench-");
  const load: LoadSettings = {
    wrk: await prepareWrk(work.path),
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    connections: CONNECTIONS,
  };

  const hello = await startHelloServer();
  const helloLoads = await loadTargets(load, {
    name: "hello",
    base: hello.base,
    targets: [{ label: "hello", path: "/" }],
    processes: hello.processes,
  });
  await hello.stop();

  const wordpress = options.wordpress
    ? {
        base: options.wordpress,
        loads: await loadTargets(load, {
          name: "WordPress",
          base: options.wordpress,
          targets: Object.entries(content.bench.wordpress_paths).map(([label, target]) => ({ label, path: target })),
        }),
      }
    : null;

  const lighthouse = options.lighthouse && chromiumInstalled();
  if (options.lighthouse && !lighthouse) console.error("bench: no /usr/bin/chromium, Lighthouse skipped");
  const dataDir = await temporaryFolder("cms-bench-data-");
  const pglite = await benchDatabase(
    load,
    "PGlite",
    { dataDir: dataDir.path },
    { weights: true, lighthouse, browserEncoding: true },
  );

  const runs = [...pglite.runs];
  if (options.databaseUrl) {
    const postgres = await temporaryDatabase(options.databaseUrl);
    const files = await temporaryFolder("cms-bench-pg-files-");
    console.error(`bench: PostgreSQL database ${postgres.name}`);
    const server = { dataDir: files.path, databaseUrl: postgres.url };
    const measured = await benchDatabase(
      load,
      "PostgreSQL",
      server,
      // Page weight, Lighthouse and the brotli rows on PGlite only: the cache's answers do not depend on the database.
      { weights: false, lighthouse: false, browserEncoding: false },
    );
    runs.push(...measured.runs);
    runs.push(...(await benchCluster(load, "PostgreSQL", server, CLUSTER_WORKERS, measured.targets)));
  }

  const orders = options.ordersBuyers > 0 ? await benchOrdersPart() : [];
  const fiscal = options.fiscalNotes > 0 ? await benchFiscalPart() : [];
  const memberDues = options.members > 0 ? await benchMembersPart() : [];
  const wordpressImport = options.wordpressPosts > 0 ? await benchWordpressImport(options.wordpressPosts) : null;

  const cpus = os.cpus();
  const results: BenchResults = {
    date: new Date().toISOString(),
    commit: commit(),
    // Other work on the machine moves every figure: the load average says how busy it was.
    machine:
      `${cpus.length} CPUs (${cpus[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 1024 ** 3)} GB, ` +
      `Node ${process.version}, load average ${loadBefore.toFixed(1)} at start and ${(os.loadavg()[0] ?? 0).toFixed(1)} at end`,
    settings: {
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      connections: CONNECTIONS,
      threads: THREADS,
    },
    hello: helloLoads,
    wordpress,
    runs,
    weights: pglite.weights,
    lighthouse: pglite.lighthouse,
    wordpressImport,
  };
  const rows = [
    ...tableRows(results),
    ...ordersRows(orders),
    ...fiscalNotesRows(fiscal),
    ...memberDuesRows(memberDues),
  ];
  await fs.writeFile(
    options.out,
    `${JSON.stringify({ ...results, orders, fiscal, members: memberDues, rows }, null, 2)}\n`,
  );

  console.log(`\n## npm run bench, ${results.date}, commit ${results.commit}\n`);
  console.log(
    `${results.machine}; wrk -t${THREADS} --latency, ${options.warmupSeconds} s warm-up then ${options.seconds} s per path ` +
      `and connection count, without Accept-Encoding except in the rows "(br, as browsers ask)", which send ` +
      `"${BROWSER_ENCODING.accept}"; load generator and servers share the machine.` +
      (wordpress ? ` WordPress: ${wordpress.base}.` : " WordPress: not measured (BENCH_WORDPRESS)."),
  );
  console.log(`\n${markdownTable(rows)}`);
  console.log(`\nraw results: ${options.out}`);

  if (options.flagRounds > 0) {
    console.log("\n## What each of npm start's node options costs (apart from the table)\n");
    const npmStart = npmStartCommand();
    const variants = flagVariants(npmStart.nodeOptions, Object.keys(npmStart.env));
    const byLabel = (label: string) => pglite.targets.filter((target) => target.label === label);
    const flags = await benchNodeFlags(
      { ...load, connections: [FLAG_CONNECTIONS] },
      {
        dataDir: dataDir.path,
        variants,
        rounds: options.flagRounds,
        cachedTarget: byLabel("page")[0] ?? { label: "page", path: `/${content.bench.page_slug}` },
        uncachedTargets: ["home", "page", "post", "news", "search"].flatMap(byLabel),
      },
    );
    console.log(
      `The cached page and the uncached pages at ${FLAG_CONNECTIONS} connections, each server started for its load; ` +
        "the percentages against the first row.\n",
    );
    console.log(flagLines(flags.summaries, options.flagRounds).join("\n"));
    await fs.writeFile(options.out.replace(/\.json$/, "-flags.json"), `${JSON.stringify(flags, null, 2)}\n`);
  }

  if (options.importEntries > 0) {
    console.log("\n## Library import (apart from the table)\n");
    const server = await startAppServer({ dataDir: dataDir.path, pageCache: true });
    const token = await apiClient(server.base).login();
    await importScenario(server.base, token, options.importEntries);
    console.log(`RSS after import: ${(await totalRssMb(server.processes)).toFixed(0)} MB`);
    await server.stop();
  }

  if (options.shopProducts > 0) {
    console.log(`\n## The shop with ${options.shopProducts} products, PAGE_CACHE=off (apart from the table)\n`);
    const shopData = await temporaryFolder("cms-bench-shop-");
    const melhorEnvio = await startBenchMelhorEnvio();
    const server = await startAppServer({
      dataDir: shopData.path,
      pageCache: false,
      env: { MELHOR_ENVIO_URL: melhorEnvio.url },
    });
    await seed(server.base);
    const api = apiClient(server.base);
    await api.login();
    const started = performance.now();
    const sample = await seedShop(api, options.shopProducts);
    console.log(`${options.shopProducts} products written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    console.log("\n| request, one at a time | measured | target | met |\n|---|---|---|---|");
    const figures = await measureShop(server.base, sample);
    figures.push(await measureMelhorEnvioQuote(api, server.base, sample, melhorEnvio));
    console.log(shopLines(figures).join("\n"));
    await server.stop();
    await melhorEnvio.close();
    await shopData.remove();
  }

  if (options.wordpressHostileMb !== null) {
    console.log("\n## The WordPress import of hostile exports, issue 33 items 6 and 7 (apart from the table)\n");
    await benchHostileWordpressImports(options.wordpressHostileMb);
  }
}

cleanupOnSignals();
try {
  await main();
} catch (error) {
  if (!interrupted()) {
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
