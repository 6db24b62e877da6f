import { describe, expect, it } from "vitest";
import { BROWSER_ENCODING, type Load } from "./load.ts";
import type { BenchResults, ServerRun } from "./results.ts";
import {
  cachedMisses,
  figure,
  lighthouseMisses,
  markdownTable,
  rssMisses,
  startMisses,
  tableRows,
  uncachedMisses,
  weightMisses,
  wordpressImportRows,
} from "./table.ts";
import type { PageWeight } from "./weight.ts";

function load(label: string, path: string, connections: number, perSecond: number, p50Ms = 1, p99Ms = 2): Load {
  return {
    label,
    path,
    connections,
    cache: "hit",
    result: {
      requests: perSecond * 5,
      seconds: 5,
      perSecond,
      p50Ms,
      p99Ms,
      maxMs: p99Ms,
      non2xx: 0,
      socketErrors: 0,
      timeouts: 0,
      kbPerResponse: 10,
    },
  };
}

function run(overrides: Partial<ServerRun>): ServerRun {
  const rssAfterLoadMb = overrides.rssAfterLoadMb ?? 150;
  return {
    database: "PGlite",
    workers: 1,
    pageCache: true,
    dataFolder: "new",
    startSeconds: 1,
    rssIdleMb: 100,
    rssPeakMb: 400,
    rssAfterLoadMb,
    rssAfterLoadByProcessMb: [rssAfterLoadMb],
    loads: [],
    ...overrides,
  };
}

const weight = (overrides: Partial<PageWeight> = {}): PageWeight => ({
  path: "/",
  htmlEncoding: "br",
  htmlSentBytes: 8 * 1024,
  htmlGzipBytes: 10 * 1024,
  jsFiles: 15,
  jsGzipBytes: 150 * 1024,
  cssFiles: 1,
  cssGzipBytes: 40 * 1024,
  fontFiles: 1,
  fontBytes: 20 * 1024,
  firstVisitBytes: 300 * 1024,
  ...overrides,
});

describe("target checks", () => {
  const hello = load("hello", "/", 50, 10_000);

  it("cached: at least half of hello's req/s and p99 <= 20 ms, both bounds included", () => {
    expect(cachedMisses(load("home", "/", 50, 5000, 1, 20), hello)).toEqual([]);
    expect(cachedMisses(load("home", "/", 50, 4999, 1, 20.1), hello)).toEqual(["req/s", "p99"]);
    expect(cachedMisses(load("home", "/", 50, 9000), undefined)).toEqual(["req/s"]);
  });

  it("uncached: the factor over WordPress at every connection count, and p99 <= 3x p50 at 50", () => {
    const wordpress = [load("page", "/sobre/", 10, 30), load("page", "/sobre/", 50, 25)];
    const ours = [load("page", "/sobre", 10, 300, 100, 300), load("page", "/sobre", 50, 250, 100, 300)];
    expect(uncachedMisses(ours, wordpress, 10)).toEqual([]);
    const slowAtTen = [load("page", "/sobre", 10, 299), load("page", "/sobre", 50, 1000, 100, 301)];
    expect(uncachedMisses(slowAtTen, wordpress, 10)).toEqual(["vs WordPress", "p99/p50"]);
    // Without WordPress (or a ratio target) only the tail counts.
    expect(uncachedMisses(slowAtTen, undefined, undefined)).toEqual(["p99/p50"]);
    expect(uncachedMisses([load("news", "/noticias", 10, 1)], undefined, undefined)).toEqual(["p99/p50"]);
  });

  it("uncached: a WordPress run without a single answer is no comparison, whatever our rate", () => {
    const silent = [
      load("home", "/", 10, 4),
      { ...load("home", "/", 50, 0), result: { ...load("home", "/", 50, 0).result, requests: 0 } },
    ];
    const ours = [load("home", "/", 10, 300, 100, 200), load("home", "/", 50, 300, 100, 200)];
    expect(uncachedMisses(ours, silent, 10)).toEqual(["WordPress answered nothing"]);
  });

  it("memory per database, start per data folder, page weight and Lighthouse", () => {
    expect(rssMisses(run({ rssAfterLoadMb: 300 }))).toEqual([]);
    expect(rssMisses(run({ rssAfterLoadMb: 201, database: "PostgreSQL" }))).toEqual(["RSS"]);
    // The peak under load: 400 MB with the page cache, 500 MB without, one process on the embedded database.
    expect(rssMisses(run({ rssPeakMb: 401 }))).toEqual(["peak RSS"]);
    expect(rssMisses(run({ rssPeakMb: 500, pageCache: false }))).toEqual([]);
    expect(rssMisses(run({ rssPeakMb: 501, pageCache: false, rssAfterLoadMb: 301 }))).toEqual(["RSS", "peak RSS"]);
    expect(rssMisses(run({ rssPeakMb: 900, database: "PostgreSQL" }))).toEqual([]);
    // A cluster: each process within 200 MB, whatever their sum; one over it misses.
    const cluster = { database: "PostgreSQL", workers: 2, rssAfterLoadMb: 390 } as const;
    expect(rssMisses(run({ ...cluster, rssAfterLoadByProcessMb: [60, 200, 130] }))).toEqual([]);
    expect(rssMisses(run({ ...cluster, rssAfterLoadByProcessMb: [60, 130, 200.5] }))).toEqual(["RSS"]);
    expect(startMisses(run({ startSeconds: 6, dataFolder: "new" }))).toEqual([]);
    expect(startMisses(run({ startSeconds: 3.01, dataFolder: "existing" }))).toEqual(["start"]);
    expect(weightMisses(weight())).toEqual([]);
    expect(
      weightMisses(
        weight({ jsFiles: 16, jsGzipBytes: 151 * 1024, cssGzipBytes: 41 * 1024, firstVisitBytes: 301 * 1024 }),
      ),
    ).toEqual(["JS KB", "JS files", "CSS KB", "first visit"]);
    expect(lighthouseMisses({ path: "/", score: 95, lcpMs: 2000, tbtMs: 100, transferBytes: 1 })).toEqual([]);
    expect(lighthouseMisses({ path: "/", score: 94, lcpMs: 2000, tbtMs: 100, transferBytes: 1 })).toEqual(["score"]);
    expect(
      lighthouseMisses({
        path: "/",
        score: 0,
        lcpMs: Number.NaN,
        tbtMs: Number.NaN,
        transferBytes: 1,
        error: "NO_LCP",
      }),
    ).toEqual(["no score: rerun"]);
  });

  it("formats figures with the precision their size needs", () => {
    expect([figure(4321.6), figure(12.34), figure(0.5234), figure(Number.POSITIVE_INFINITY)]).toEqual([
      "4322",
      "12.3",
      "0.52",
      "Infinity",
    ]);
  });
});

describe("tableRows", () => {
  const results: BenchResults = {
    date: "2026-11-23T00:00:00.000Z",
    commit: "abc1234",
    machine: "2 CPUs",
    settings: { seconds: 5, warmupSeconds: 2, connections: [10, 50], threads: 2 },
    hello: [load("hello", "/", 10, 9000), load("hello", "/", 50, 10_000)],
    wordpress: {
      base: "http://127.0.0.1:18080",
      loads: [
        load("search", "/?s=cooperativa", 10, 20, 400, 900),
        load("search", "/?s=cooperativa", 50, 20, 2000, 3000),
      ],
    },
    runs: [
      run({
        loads: [
          load("search", "/busca?q=cooperativa", 10, 6000),
          load("search", "/busca?q=cooperativa", 50, 6000, 3, 25),
          { ...load("search", "/busca?q=cooperativa", 10, 5000), encoding: BROWSER_ENCODING },
          { ...load("search", "/busca?q=cooperativa", 50, 5500, 2, 10), encoding: BROWSER_ENCODING },
          { ...load("rest", "/api/posts?per_page=10", 10, 400), cache: null },
          { ...load("rest", "/api/posts?per_page=10", 50, 400), cache: null },
        ],
      }),
      run({
        pageCache: false,
        dataFolder: "existing",
        startSeconds: 3.5,
        loads: [
          load("search", "/busca?q=cooperativa", 10, 120, 50, 100),
          load("search", "/busca?q=cooperativa", 50, 90, 50, 140),
        ],
      }),
    ],
    weights: [weight({ path: "/sobre", jsFiles: 50 })],
    lighthouse: [{ path: "/sobre", score: 96, lcpMs: 1800, tbtMs: 120, transferBytes: 250 * 1024 }],
    wordpressImport: null,
  };
  const rows = tableRows(results);
  const row = (start: string) => {
    const found = rows.find((candidate) => candidate.figure.startsWith(start));
    if (!found) throw new Error(`no row ${start}`);
    return found;
  };

  it("gives each cached page its ratio to hello and WordPress and checks the cache targets", () => {
    const search = row("cached search");
    expect(search.ratio).toBe("0.60x hello; 300x WordPress at 50");
    expect(search.misses).toEqual(["p99"]);
    expect(search.value).toBe("6000 / 6000 req/s at 10 / 50; p50 3.0 ms, p99 25.0 ms at 50");
  });

  it("gives the cached pages as browsers ask for them rows of their own, next to the plain ones", () => {
    const figures = rows.map((candidate) => candidate.figure);
    const plain = figures.indexOf("cached search `/busca?q=cooperativa`");
    expect(figures[plain + 1]).toBe("cached search `/busca?q=cooperativa` (br, as browsers ask)");
    const brotli = row("cached search `/busca?q=cooperativa` (br");
    expect(brotli.value).toBe("5000 / 5500 req/s at 10 / 50; p50 2.0 ms, p99 10.0 ms at 50");
    // The same target as the plain row; no WordPress ratio, since WordPress is loaded without Accept-Encoding.
    expect(brotli.target).toBe(row("cached search").target);
    expect(brotli.ratio).toBe("0.55x hello at 50");
    expect(brotli.misses).toEqual([]);
    expect(rows.filter((candidate) => candidate.figure.startsWith("uncached search"))).toHaveLength(1);
  });

  it("holds no target for what the page cache did not answer", () => {
    expect(row("cached rest").misses).toBeNull();
    expect(row("cached rest").target).toMatch(/not served from the page cache/);
    expect(row("cached rest").ratio).toBe("");
  });

  it("compares uncached paths with WordPress at each connection count", () => {
    const search = row("uncached search");
    expect(search.ratio).toBe("6.0x / 4.5x WordPress; p99 = 2.8x p50");
    expect(search.target).toBe("p99 <= 3x p50 at 50; >= 5x WordPress");
    expect(search.misses).toEqual(["vs WordPress"]);
  });

  it("gives no ratio, and says so, when WordPress answered nothing within a run", () => {
    const silentAtFifty = { ...load("home", "/", 50, 0), result: { ...load("home", "/", 50, 0).result, requests: 0 } };
    const silentRows = tableRows({
      ...results,
      wordpress: { base: "http://127.0.0.1:18080", loads: [load("home", "/", 10, 4), silentAtFifty] },
      runs: [run({ loads: [load("home", "/", 10, 5000), load("home", "/", 50, 5000)] })],
    });
    const find = (start: string) => silentRows.find((candidate) => candidate.figure.startsWith(start));
    expect(find("WordPress home")?.value).toBe("4.0 / 0.00 req/s at 10 / 50; no answer within the run at 50");
    expect(find("cached home")?.ratio).toBe("0.50x hello; n/a WordPress at 50");
  });

  it("checks start, memory, weight and Lighthouse, and counts the targets met", () => {
    expect(row("start on the existing data folder").misses).toEqual(["start"]);
    expect(row("RSS idle / peak under load / after load (PGlite, cache on)")).toMatchObject({
      value: "100 / 400 / 150 MB",
      target: "<= 300 MB after load, <= 400 MB at peak",
    });
    expect(row("page weight `/sobre`").misses).toEqual(["JS files"]);
    expect(row("Lighthouse mobile `/sobre`").misses).toEqual([]);
    expect(row("Lighthouse mobile `/sobre`").value).toBe("score 96, LCP 1.8 s, TBT 120 ms, 250 KB transferred");
    const table = markdownTable(rows);
    expect(table).toContain("| cached search `/busca?q=cooperativa` |");
    expect(table).toContain("| cached search `/busca?q=cooperativa` (br, as browsers ask) |");
    // cached search plain and br, uncached search, 2 RSS, 2 starts, weight, Lighthouse: 9 checked; 4 miss.
    expect(table).toMatch(/5 of 9 targets met\.$/);
  });
});

describe("tableRows with PostgreSQL and WORKERS=2", () => {
  const home = (connections: number, perSecond: number, cache: string | null = "hit") => ({
    ...load("home", "/", connections, perSecond),
    cache,
  });
  const postgres = (overrides: Partial<ServerRun>) => run({ database: "PostgreSQL", ...overrides });
  const results: BenchResults = {
    date: "2026-11-24T00:00:00.000Z",
    commit: "abc1234",
    machine: "2 CPUs",
    settings: { seconds: 5, warmupSeconds: 2, connections: [10, 50], threads: 2 },
    hello: [load("hello", "/", 50, 10_000)],
    wordpress: null,
    runs: [
      run({ loads: [home(10, 6000), home(50, 6000)] }),
      postgres({ loads: [home(10, 6000), home(50, 5000)], rssAfterLoadMb: 150 }),
      postgres({
        pageCache: false,
        dataFolder: "existing",
        startSeconds: 2,
        rssAfterLoadMb: 170,
        loads: [home(10, 400, null), home(50, 500, null)],
      }),
      postgres({
        workers: 2,
        dataFolder: "existing",
        startSeconds: 2.5,
        rssIdleMb: 250,
        rssPeakMb: 900,
        rssAfterLoadMb: 330,
        rssAfterLoadByProcessMb: [50, 140, 140],
        loads: [home(10, 9000), home(50, 9000)],
      }),
      postgres({
        workers: 2,
        pageCache: false,
        dataFolder: "existing",
        startSeconds: 4,
        rssAfterLoadMb: 470,
        rssAfterLoadByProcessMb: [50, 210, 210],
        loads: [home(10, 700, null), home(50, 900, null)],
      }),
    ],
    weights: [],
    lighthouse: null,
    wordpressImport: null,
  };
  const rows = tableRows(results);
  const figures = rows.map((row) => row.figure);
  const row = (name: string) => {
    const found = rows.find((candidate) => candidate.figure === name);
    if (!found) throw new Error(`no row ${name}`);
    return found;
  };

  it("gives each PostgreSQL path with one process, then with WORKERS=2 and its ratio to one process", () => {
    const cached = figures.indexOf("cached home `/` (PostgreSQL)");
    expect(figures.slice(cached, cached + 4)).toEqual([
      "cached home `/` (PostgreSQL)",
      "cached home `/` (PostgreSQL, WORKERS=2)",
      "uncached home `/` (PostgreSQL)",
      "uncached home `/` (PostgreSQL, WORKERS=2)",
    ]);
    expect(row("cached home `/` (PostgreSQL)")).toMatchObject({ ratio: "", target: "", misses: null });
    expect(row("cached home `/` (PostgreSQL, WORKERS=2)")).toEqual({
      figure: "cached home `/` (PostgreSQL, WORKERS=2)",
      value: "9000 / 9000 req/s at 10 / 50; p50 1.0 ms, p99 2.0 ms at 50",
      ratio: "1.5x / 1.8x WORKERS=1",
      target: "",
      misses: null,
    });
    expect(row("uncached home `/` (PostgreSQL, WORKERS=2)").ratio).toBe("1.8x / 1.8x WORKERS=1");
    // PGlite's rows stay as they were: the cached path with its targets, once.
    expect(figures.filter((figure) => figure.startsWith("cached home"))).toEqual([
      "cached home `/`",
      "cached home `/` (PostgreSQL)",
      "cached home `/` (PostgreSQL, WORKERS=2)",
    ]);
    expect(row("cached home `/`").misses).toEqual([]);
  });

  it("gives a cluster's memory in all and by process, checked per process", () => {
    expect(row("RSS idle / peak under load / after load (PostgreSQL, cache on)")).toMatchObject({
      value: "100 / 400 / 150 MB",
      ratio: "",
      target: "<= 200 MB after load",
      misses: [],
    });
    expect(row("RSS idle / peak under load / after load (PostgreSQL, WORKERS=2, cache on)")).toEqual({
      figure: "RSS idle / peak under load / after load (PostgreSQL, WORKERS=2, cache on)",
      value: "250 / 900 / 330 MB in all; after load 50.0 MB the primary, 140 / 140 MB the workers",
      ratio: "2.2x WORKERS=1 after load",
      target: "<= 200 MB after load per process",
      misses: [],
    });
    const uncached = row("RSS idle / peak under load / after load (PostgreSQL, WORKERS=2, PAGE_CACHE=off)");
    expect(uncached.ratio).toBe("2.8x WORKERS=1 after load");
    expect(uncached.misses).toEqual(["RSS"]);
  });

  it("times a cluster's start against one process's on the existing database", () => {
    expect(row("start on the existing database (PostgreSQL, WORKERS=2, cache on)")).toMatchObject({
      value: "2.50 s",
      ratio: "1.3x WORKERS=1 (PostgreSQL, PAGE_CACHE=off)",
      misses: [],
    });
    expect(row("start on the existing database (PostgreSQL, WORKERS=2, PAGE_CACHE=off)").misses).toEqual(["start"]);
    expect(row("start on a new database (PostgreSQL, cache on)").ratio).toBe("");
  });

  it("counts the cluster's memory and start among the targets", () => {
    // PGlite's cached home, 5 RSS and 5 starts: 11 checked; the cluster's PAGE_CACHE=off misses both.
    expect(markdownTable(rows)).toMatch(/9 of 11 targets met\.$/);
  });
});

describe("wordpressImportRows", () => {
  const figures = {
    ok: true as const,
    posts: 1000,
    exportBytes: 4.5 * 1024 ** 2,
    imageBytes: 30 * 1024 ** 2,
    previewSeconds: 2.5,
    importSeconds: 100,
    items: 2001,
    slowestPollSeconds: 0.5,
    slowestNoDatabaseSeconds: 0.25,
    noDatabaseFailures: 0,
    againPreviewSeconds: 2,
    againSeconds: 5,
    rssBeforeMb: 200,
    rssPeakMb: 450,
    rssAfterMb: 300,
    importMisses: [],
    againMisses: ["updated 3 post"],
  };

  it("gives the times and memory as figures, and checks what the two imports did", () => {
    const rows = wordpressImportRows(figures);
    expect(rows.map((row) => [row.value, row.misses])).toEqual([
      ["2.5 s", null],
      [
        "100 s; 2001 items, 20.0 items/s; progress polls answered within 0.50 s, a request without database within 0.25 s",
        [],
      ],
      ["2.0 / 5.0 s", ["updated 3 post"]],
      ["200 / 450 / 300 MB", null],
    ]);
    expect(rows[0]?.figure).toBe("WordPress import preview (1000 posts, 1000 images; export 4.5 MB)");
    expect(rows[2]?.ratio).toBe("run 0.05x the first");
  });

  it("says why an import that failed stopped, in one row that misses its target", () => {
    const error = `wordpress import failed: no | in a table, at 3/41 Arquivos e imagens\n  the server's last line\n`;
    expect(wordpressImportRows({ ok: false, posts: 50, error })).toEqual([
      {
        figure: "WordPress import (50 posts, 50 images)",
        value:
          "failed: wordpress import failed: no \\| in a table, at 3/41 Arquivos e imagens / the server's last line",
        ratio: "",
        target: "done",
        misses: ["failed"],
      },
    ]);
  });

  it("ends the bench's table", () => {
    const results: BenchResults = {
      date: "2026-11-26T00:00:00.000Z",
      commit: "abc1234",
      machine: "2 CPUs",
      settings: { seconds: 5, warmupSeconds: 2, connections: [10, 50], threads: 2 },
      hello: [],
      wordpress: null,
      runs: [],
      weights: [],
      lighthouse: null,
      wordpressImport: figures,
    };
    expect(tableRows(results).map((row) => row.figure.split(" (")[0])).toEqual([
      "WordPress import preview",
      "WordPress import run",
      "WordPress import again, the same file: preview / run",
      "RSS before / peak during / after the WordPress import",
    ]);
  });
});
