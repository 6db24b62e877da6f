/** Issue 10's targets, checked against one run's results and printed as one markdown table. */
import type { LighthouseFigure } from "./lighthouse.ts";
import type { Encoding, Load } from "./load.ts";
import type { BenchResults, Database, ServerRun } from "./results.ts";
import type { PageWeight } from "./weight.ts";
import type { WordpressImportOutcome } from "./wordpress-import.ts";

export const TARGETS = {
  cachedVersusHello: 0.5,
  cachedP99Ms: 20,
  /** Uncached req/s over WordPress's, at 10 and at 50 connections, by path label. */
  versusWordpress: { home: 10, page: 10, post: 10, search: 5, rest: 30 } as Record<string, number>,
  uncachedP99OverP50: 3,
  rssAfterLoadMb: { PGlite: 300, PostgreSQL: 200 } satisfies Record<Database, number>,
  /** Issue 27: the most one process on the embedded database may hold under load, to fit a 1 GB server. */
  pgliteRssPeakMb: { cacheOn: 400, cacheOff: 500 },
  startSeconds: { new: 6, existing: 3 },
  jsGzipKb: 150,
  jsFiles: 15,
  cssGzipKb: 40,
  firstVisitKb: 300,
  lighthouseScore: 95,
} as const;

const LOAD_AT = 50;
const kb = (bytes: number) => bytes / 1024;

export type Row = {
  figure: string;
  value: string;
  ratio: string;
  target: string;
  /** The targets this figure misses; null when it has no target. */
  misses: string[] | null;
};

export function cachedMisses(load: Load, hello: Load | undefined): string[] {
  const misses: string[] = [];
  if (!hello || load.result.perSecond < TARGETS.cachedVersusHello * hello.result.perSecond) misses.push("req/s");
  if (load.result.p99Ms > TARGETS.cachedP99Ms) misses.push("p99");
  return misses;
}

/** `factor` and the WordPress loads only when WordPress was measured and the path has a ratio target. */
export function uncachedMisses(loads: Load[], wordpress: Load[] | undefined, factor: number | undefined): string[] {
  const misses: string[] = [];
  if (wordpress?.some((load) => load.result.requests === 0)) misses.push("WordPress answered nothing");
  else if (factor !== undefined && wordpress) {
    const short = loads.some((load) => {
      const theirs = wordpress.find((other) => other.connections === load.connections);
      return !theirs || load.result.perSecond < factor * theirs.result.perSecond;
    });
    if (short) misses.push("vs WordPress");
  }
  const atLoad = loads.find((load) => load.connections === LOAD_AT);
  if (!atLoad || atLoad.result.p99Ms > TARGETS.uncachedP99OverP50 * atLoad.result.p50Ms) misses.push("p99/p50");
  return misses;
}

/** The peak target of a run, in MB: one process on the embedded database only. */
export function rssPeakTargetMb(run: ServerRun): number | null {
  if (run.database !== "PGlite" || run.workers > 1) return null;
  return run.pageCache ? TARGETS.pgliteRssPeakMb.cacheOn : TARGETS.pgliteRssPeakMb.cacheOff;
}

/** A cluster's memory target is each process's: its largest after load. */
export function rssMisses(run: ServerRun): string[] {
  const measured = run.workers > 1 ? Math.max(...run.rssAfterLoadByProcessMb) : run.rssAfterLoadMb;
  const misses = measured > TARGETS.rssAfterLoadMb[run.database] ? ["RSS"] : [];
  const peakTarget = rssPeakTargetMb(run);
  if (peakTarget !== null && run.rssPeakMb > peakTarget) misses.push("peak RSS");
  return misses;
}

export function startMisses(run: ServerRun): string[] {
  return run.startSeconds > TARGETS.startSeconds[run.dataFolder] ? ["start"] : [];
}

export function weightMisses(weight: PageWeight): string[] {
  const misses: string[] = [];
  if (kb(weight.jsGzipBytes) > TARGETS.jsGzipKb) misses.push("JS KB");
  if (weight.jsFiles > TARGETS.jsFiles) misses.push("JS files");
  if (kb(weight.cssGzipBytes) > TARGETS.cssGzipKb) misses.push("CSS KB");
  if (kb(weight.firstVisitBytes) > TARGETS.firstVisitKb) misses.push("first visit");
  return misses;
}

export function lighthouseMisses(figure: LighthouseFigure): string[] {
  if (figure.error) return ["no score: rerun"];
  return figure.score < TARGETS.lighthouseScore ? ["score"] : [];
}

/** 1234 -> "1234", 12.34 -> "12.3", 0.5234 -> "0.52". */
export function figure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 1) return value.toFixed(1);
  return value.toFixed(2);
}

/** ours / theirs as "12x"; "n/a" when theirs answered nothing in the run. */
const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${figure(ours / theirs)}x` : "n/a");
const byConnections = (loads: Load[]) => [...loads].sort((a, b) => a.connections - b.connections);

function loadValue(loads: Load[]): string {
  const sorted = byConnections(loads);
  const atLoad = sorted.find((load) => load.connections === LOAD_AT) ?? sorted.at(-1);
  const rates = sorted.map((load) => figure(load.result.perSecond)).join(" / ");
  const counts = sorted.map((load) => load.connections).join(" / ");
  const failures = sorted.reduce((sum, load) => sum + load.result.non2xx + load.result.timeouts, 0);
  const silent = sorted.filter((load) => load.result.requests === 0).map((load) => load.connections);
  const latency = atLoad?.result.requests
    ? `; p50 ${figure(atLoad.result.p50Ms)} ms, p99 ${figure(atLoad.result.p99Ms)} ms at ${atLoad.connections}`
    : "";
  const notes = [
    failures > 0 ? `${failures} failed requests` : "",
    silent.length > 0 ? `no answer within the run at ${silent.join(" / ")}` : "",
  ].filter(Boolean);
  return `${rates} req/s at ${counts}${latency}${notes.map((note) => `; ${note}`).join("")}`;
}

const at = (loads: Load[], connections: number) => loads.find((load) => load.connections === connections);

/** ours / theirs at each of our connection counts, "12x / 9.0x"; "?" where theirs has no such run. */
const ratiosByConnections = (ours: Load[], theirs: Load[]) =>
  byConnections(ours)
    .map((load) => {
      const other = at(theirs, load.connections);
      return other ? ratio(load.result.perSecond, other.result.perSecond) : "?";
    })
    .join(" / ");

type PathLoads = { label: string; path: string; encoding?: Encoding; loads: Load[] };

const pathKey = ({ label, encoding }: { label: string; encoding?: Encoding }) => `${label}\0${encoding?.accept ?? ""}`;

/** Loads by path and Accept-Encoding, in the order they were run. */
function byPath(loads: Load[]): PathLoads[] {
  const paths = new Map<string, PathLoads>();
  for (const load of loads) {
    const key = pathKey(load);
    const entry = paths.get(key) ?? { label: load.label, path: load.path, encoding: load.encoding, loads: [] };
    entry.loads.push(load);
    paths.set(key, entry);
  }
  return [...paths.values()];
}

/** "PostgreSQL" for one process, "PostgreSQL, WORKERS=2" for a cluster. */
const serverName = ({ database, workers }: Pick<ServerRun, "database" | "workers">) =>
  workers > 1 ? `${database}, WORKERS=${workers}` : database;

export const runName = (run: Pick<ServerRun, "database" | "workers" | "pageCache">) =>
  `${serverName(run)}, ${run.pageCache ? "cache on" : "PAGE_CACHE=off"}`;

/** The one-process run a cluster's run is compared with: the same database, and what `same` says. */
const singleRun = (runs: ServerRun[], run: ServerRun, same: (other: ServerRun) => boolean) =>
  run.workers > 1
    ? runs.find((other) => other.workers === 1 && other.database === run.database && same(other))
    : undefined;
const pathName = ({ label, path, encoding }: PathLoads) =>
  `${label} \`${path}\`${encoding ? ` (${encoding.expect}, as browsers ask)` : ""}`;

export function tableRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  const hello = at(results.hello, LOAD_AT);
  const wordpress = byPath(results.wordpress?.loads ?? []);
  // WordPress is loaded without Accept-Encoding: compared only with our answers to the same request.
  const wordpressOf = ({ label, encoding }: PathLoads) =>
    encoding ? undefined : wordpress.find((entry) => entry.label === label)?.loads;

  if (results.hello.length > 0) {
    rows.push({ figure: "bare Hono hello `/`", value: loadValue(results.hello), ratio: "", target: "", misses: null });
  }
  for (const entry of wordpress) {
    rows.push({
      figure: `WordPress ${pathName(entry)}`,
      value: loadValue(entry.loads),
      ratio: "",
      target: "",
      misses: null,
    });
  }

  const cached = results.runs.find((run) => run.database === "PGlite" && run.pageCache);
  for (const entry of byPath(cached?.loads ?? [])) {
    const { loads } = entry;
    const atLoad = at(loads, LOAD_AT);
    const theirs = wordpressOf(entry);
    const theirsAtLoad = theirs && at(theirs, LOAD_AT);
    const fromCache = atLoad?.cache === "hit";
    const ratios = [
      atLoad && hello && fromCache ? `${ratio(atLoad.result.perSecond, hello.result.perSecond)} hello` : "",
      atLoad && theirsAtLoad ? `${ratio(atLoad.result.perSecond, theirsAtLoad.result.perSecond)} WordPress` : "",
    ].filter(Boolean);
    rows.push({
      figure: `cached ${pathName(entry)}`,
      value: loadValue(loads),
      ratio: ratios.length > 0 ? `${ratios.join("; ")} at ${LOAD_AT}` : "",
      target: fromCache
        ? `>= ${TARGETS.cachedVersusHello}x hello, p99 <= ${TARGETS.cachedP99Ms} ms`
        : "none (not served from the page cache)",
      misses: fromCache && atLoad ? cachedMisses(atLoad, hello) : null,
    });
  }

  const uncached = results.runs.find((run) => run.database === "PGlite" && !run.pageCache);
  for (const entry of byPath(uncached?.loads ?? [])) {
    const { loads } = entry;
    const theirs = wordpressOf(entry);
    const factor = entry.encoding ? undefined : TARGETS.versusWordpress[entry.label];
    const atLoad = at(loads, LOAD_AT);
    const versus = theirs ? ratiosByConnections(loads, theirs) : "";
    const tail = atLoad ? `p99 = ${ratio(atLoad.result.p99Ms, atLoad.result.p50Ms)} p50` : "";
    const ratioTarget =
      factor === undefined ? "" : theirs ? `; >= ${factor}x WordPress` : `; >= ${factor}x WordPress (not measured)`;
    rows.push({
      figure: `uncached ${pathName(entry)}`,
      value: loadValue(loads),
      ratio: [versus && `${versus} WordPress`, tail].filter(Boolean).join("; "),
      target: `p99 <= ${TARGETS.uncachedP99OverP50}x p50 at ${LOAD_AT}${ratioTarget}`,
      misses: uncachedMisses(loads, theirs, theirs ? factor : undefined),
    });
  }

  // PostgreSQL's paths with one process, each followed by the same path on a cluster with its ratio to one
  // process: figures without targets, which issue 10 sets on PGlite's rows.
  for (const pageCache of [true, false]) {
    const postgres = results.runs
      .filter((run) => run.database === "PostgreSQL" && run.pageCache === pageCache)
      .sort((a, b) => a.workers - b.workers);
    for (const entry of byPath(postgres.flatMap((run) => run.loads))) {
      const ofPath = (run: ServerRun) => run.loads.filter((load) => pathKey(load) === pathKey(entry));
      for (const run of postgres) {
        const loads = ofPath(run);
        if (loads.length === 0) continue;
        const single = singleRun(results.runs, run, (other) => other.pageCache === pageCache);
        const theirs = single ? ofPath(single) : [];
        rows.push({
          figure: `${pageCache ? "cached" : "uncached"} ${pathName(entry)} (${serverName(run)})`,
          value: loadValue(loads),
          ratio: theirs.length > 0 ? `${ratiosByConnections(loads, theirs)} WORKERS=1` : "",
          target: "",
          misses: null,
        });
      }
    }
  }

  for (const run of results.runs) {
    const cluster = run.workers > 1;
    const single = singleRun(results.runs, run, (other) => other.pageCache === run.pageCache);
    const [primary = 0, ...workers] = run.rssAfterLoadByProcessMb;
    const each = cluster
      ? `; after load ${figure(primary)} MB the primary, ${workers.map(figure).join(" / ")} MB the workers`
      : "";
    rows.push({
      figure: `RSS idle / peak under load / after load (${runName(run)})`,
      value: `${figure(run.rssIdleMb)} / ${figure(run.rssPeakMb)} / ${figure(run.rssAfterLoadMb)} MB${cluster ? " in all" : ""}${each}`,
      ratio: single ? `${ratio(run.rssAfterLoadMb, single.rssAfterLoadMb)} WORKERS=1 after load` : "",
      target:
        `<= ${TARGETS.rssAfterLoadMb[run.database]} MB after load${cluster ? " per process" : ""}` +
        (rssPeakTargetMb(run) === null ? "" : `, <= ${rssPeakTargetMb(run)} MB at peak`),
      misses: rssMisses(run),
    });
  }
  for (const run of results.runs) {
    // Compared with one process's start on the same kind of data folder: new or existing.
    const single = singleRun(results.runs, run, (other) => other.dataFolder === run.dataFolder);
    rows.push({
      figure: `start on ${run.dataFolder === "new" ? "a new" : "the existing"} ${run.database === "PGlite" ? "data folder" : "database"} (${runName(run)})`,
      value: `${run.startSeconds.toFixed(2)} s`,
      ratio: single ? `${ratio(run.startSeconds, single.startSeconds)} WORKERS=1 (${runName(single)})` : "",
      target: `<= ${TARGETS.startSeconds[run.dataFolder]} s`,
      misses: startMisses(run),
    });
  }

  for (const weight of results.weights) {
    rows.push({
      figure: `page weight \`${weight.path}\``,
      value:
        `HTML ${figure(kb(weight.htmlSentBytes))} KB ${weight.htmlEncoding} (${figure(kb(weight.htmlGzipBytes))} gzip); ` +
        `JS ${weight.jsFiles} files ${figure(kb(weight.jsGzipBytes))} KB gzip; ` +
        `CSS ${weight.cssFiles} files ${figure(kb(weight.cssGzipBytes))} KB gzip; ` +
        `fonts ${weight.fontFiles} ${figure(kb(weight.fontBytes))} KB; first visit ${figure(kb(weight.firstVisitBytes))} KB`,
      ratio: "",
      target:
        `JS <= ${TARGETS.jsGzipKb} KB in <= ${TARGETS.jsFiles} files, CSS <= ${TARGETS.cssGzipKb} KB, ` +
        `first visit <= ${TARGETS.firstVisitKb} KB`,
      misses: weightMisses(weight),
    });
  }

  for (const result of results.lighthouse ?? []) {
    rows.push({
      figure: `Lighthouse mobile \`${result.path}\``,
      value: result.error
        ? `Lighthouse failed: ${result.error}`
        : `score ${result.score}, LCP ${(result.lcpMs / 1000).toFixed(1)} s, TBT ${figure(result.tbtMs)} ms, ` +
          `${figure(kb(result.transferBytes))} KB transferred`,
      ratio: "",
      target: `score >= ${TARGETS.lighthouseScore}`,
      misses: lighthouseMisses(result),
    });
  }
  if (results.wordpressImport) rows.push(...wordpressImportRows(results.wordpressImport));
  return rows;
}

/** `text`'s lines joined by " / ", cut at `length` characters. */
const oneLine = (text: string, length: number) => {
  const joined = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" / ");
  return joined.length > length ? `${joined.slice(0, length - 1)}…` : joined;
};

/**
 * The WordPress import part: its times and memory are figures without targets; what it must do (every
 * post and file created, and nothing again the second time) is checked.
 */
export function wordpressImportRows(outcome: WordpressImportOutcome): Row[] {
  const site = `${outcome.posts} posts, ${outcome.posts} images`;
  if (!outcome.ok) {
    return [
      {
        figure: `WordPress import (${site})`,
        value: `failed: ${oneLine(outcome.error, 300).replaceAll("|", "\\|")}`,
        ratio: "",
        target: "done",
        misses: ["failed"],
      },
    ];
  }
  const mb = (bytes: number) => figure(bytes / 1024 ** 2);
  const { posts, items, importSeconds } = outcome;
  return [
    {
      figure: `WordPress import preview (${site}; export ${mb(outcome.exportBytes)} MB)`,
      value: `${figure(outcome.previewSeconds)} s`,
      ratio: "",
      target: "",
      misses: null,
    },
    {
      figure: `WordPress import run (images ${mb(outcome.imageBytes)} MB, fetched from 127.0.0.1)`,
      value:
        `${figure(importSeconds)} s; ${items} items, ${figure(items / importSeconds)} items/s; ` +
        `progress polls answered within ${figure(outcome.slowestPollSeconds)} s, a request without database ` +
        `within ${figure(outcome.slowestNoDatabaseSeconds)} s` +
        (outcome.noDatabaseFailures > 0 ? ` (${outcome.noDatabaseFailures} failed)` : ""),
      ratio: "",
      target: `${posts} posts and ${posts} files created, none unfetched`,
      misses: outcome.importMisses,
    },
    {
      figure: "WordPress import again, the same file: preview / run",
      value: `${figure(outcome.againPreviewSeconds)} / ${figure(outcome.againSeconds)} s`,
      ratio: `run ${ratio(outcome.againSeconds, importSeconds)} the first`,
      target: "nothing created or updated, no file fetched",
      misses: outcome.againMisses,
    },
    {
      figure: "RSS before / peak during / after the WordPress import (PGlite, cache on)",
      value: `${figure(outcome.rssBeforeMb)} / ${figure(outcome.rssPeakMb)} / ${figure(outcome.rssAfterMb)} MB`,
      ratio: "",
      target: "",
      misses: null,
    },
  ];
}

const met = (misses: string[] | null) => {
  if (misses === null) return "";
  return misses.length === 0 ? "✅" : `❌ ${misses.join(", ")}`;
};

export function markdownTable(rows: Row[]): string {
  const lines = [
    "| figure | measured | ratio | target | met |",
    "|---|---|---|---|---|",
    ...rows.map((row) => `| ${row.figure} | ${row.value} | ${row.ratio} | ${row.target} | ${met(row.misses)} |`),
  ];
  const checked = rows.filter((row) => row.misses !== null);
  const passed = checked.filter((row) => row.misses?.length === 0);
  return `${lines.join("\n")}\n\n${passed.length} of ${checked.length} targets met.`;
}
