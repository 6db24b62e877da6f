/**
 * What each of `npm start`'s V8 options costs (issue 33): the server started with all of them, with each
 * one left out, and with none, on one seeded data folder, beside a bare Hono "hello". The machine's speed
 * drifts within minutes, so every round runs every server once, in an order rotated from the round
 * before, and each figure is the median over the rounds; a cached page is read against the hello of its
 * own round.
 */
import type { LoadSettings, Target } from "./load.ts";
import { loadTargets } from "./load.ts";
import { sampleRssPeak, waitIdle } from "./proc.ts";
import { type RunningServer, startAppServer, startHelloServer } from "./server.ts";
import { figure } from "./table.ts";

/** A server's node options, and the `npm start` variables it is started without (set blank). */
export type FlagVariant = { name: string; nodeOptions: string[]; blanked: string[] };

/**
 * All of `flags` and `variables` (the ones `npm start` sets, e.g. GLIBC_TUNABLES), each one left out in
 * turn, and none: what each is worth, alone and together.
 */
export function flagVariants(flags: string[], variables: string[] = []): FlagVariant[] {
  return [
    { name: "as npm start", nodeOptions: flags, blanked: [] },
    ...flags.map((flag) => ({
      name: `without ${flag}`,
      nodeOptions: flags.filter((other) => other !== flag),
      blanked: [],
    })),
    ...variables.map((variable) => ({ name: `without ${variable}`, nodeOptions: flags, blanked: [variable] })),
    ...(flags.length + variables.length > 0 ? [{ name: "none", nodeOptions: [], blanked: variables }] : []),
  ];
}

/** The variables a variant's server gets over `npm start`'s: each it goes without, blank. */
const blankedEnv = (variant: FlagVariant) => Object.fromEntries(variant.blanked.map((name) => [name, ""]));

/** Round `round`'s order: the items rotated by the round, so that none is always measured first or last. */
export function roundOrder<T>(items: T[], round: number): T[] {
  if (items.length === 0) return [];
  const shift = round % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One server's figures in one round. */
export type FlagRound = {
  variant: string;
  round: number;
  /** req/s of the cached page, and of hello in the same round. */
  cachedPerSecond: number;
  helloPerSecond: number;
  /** req/s of the uncached pages, summed over them. */
  uncachedPerSecond: number;
  cachedPeakMb: number;
  uncachedPeakMb: number;
};

export type FlagSummary = {
  variant: string;
  nodeOptions: string[];
  cachedPerSecond: number;
  /** The median over rounds of the cached page's req/s divided by its round's hello. */
  cachedVersusHello: number;
  uncachedPerSecond: number;
  cachedPeakMb: number;
  uncachedPeakMb: number;
};

export function summarise(variants: FlagVariant[], rounds: FlagRound[]): FlagSummary[] {
  return variants.map((variant) => {
    const own = rounds.filter((round) => round.variant === variant.name);
    const of = (pick: (round: FlagRound) => number) => median(own.map(pick));
    return {
      variant: variant.name,
      nodeOptions: variant.nodeOptions,
      cachedPerSecond: of((round) => round.cachedPerSecond),
      cachedVersusHello: of((round) => round.cachedPerSecond / round.helloPerSecond),
      uncachedPerSecond: of((round) => round.uncachedPerSecond),
      cachedPeakMb: of((round) => round.cachedPeakMb),
      uncachedPeakMb: of((round) => round.uncachedPeakMb),
    };
  });
}

export function flagLines(summaries: FlagSummary[], rounds: number): string[] {
  const reference = summaries[0];
  const relative = (value: number, base: number | undefined) =>
    base ? ` (${value >= base ? "+" : ""}${(((value - base) / base) * 100).toFixed(0)} %)` : "";
  return [
    `| node options (median of ${rounds} rounds) | cached page req/s | ÷ hello | uncached pages req/s (sum) | peak MB, cache on | peak MB, PAGE_CACHE=off |`,
    "|---|---|---|---|---|---|",
    ...summaries.map(
      (summary) =>
        `| ${summary.variant}${summary.nodeOptions.length > 0 ? ` (\`${summary.nodeOptions.join(" ")}\`)` : ""} ` +
        `| ${figure(summary.cachedPerSecond)}${summary === reference ? "" : relative(summary.cachedPerSecond, reference?.cachedPerSecond)} ` +
        `| ${summary.cachedVersusHello.toFixed(2)}x ` +
        `| ${figure(summary.uncachedPerSecond)}${summary === reference ? "" : relative(summary.uncachedPerSecond, reference?.uncachedPerSecond)} ` +
        `| ${figure(summary.cachedPeakMb)} | ${figure(summary.uncachedPeakMb)} |`,
    ),
  ];
}

const perSecond = (loads: Awaited<ReturnType<typeof loadTargets>>) =>
  loads.reduce((sum, load) => sum + load.result.perSecond, 0);

/** One server's load with its peak: the peak is the kernel's high-water mark over just this load. */
async function loadWithPeak(load: LoadSettings, server: RunningServer, name: string, targets: Target[]) {
  await waitIdle(server.processes);
  const peak = await sampleRssPeak(server.processes);
  const loads = await loadTargets(load, { name, base: server.base, targets, processes: server.processes });
  const { peakMb } = await peak.stop();
  return { perSecond: perSecond(loads), peakMb };
}

/**
 * `rounds` rounds over `variants` on the seeded `dataDir`: the cached page (`cachedTarget`, page cache
 * on) and the uncached pages (`uncachedTargets`, PAGE_CACHE=off), each server started for its load and
 * stopped after it, hello in each round's order too.
 */
export async function benchNodeFlags(
  load: LoadSettings,
  {
    dataDir,
    variants,
    rounds,
    cachedTarget,
    uncachedTargets,
  }: { dataDir: string; variants: FlagVariant[]; rounds: number; cachedTarget: Target; uncachedTargets: Target[] },
): Promise<{ rounds: FlagRound[]; summaries: FlagSummary[] }> {
  const measured: FlagRound[] = [];
  const HELLO = "hello";
  for (let round = 0; round < rounds; round++) {
    let helloPerSecond = Number.NaN;
    const inRound: Omit<FlagRound, "helloPerSecond">[] = [];
    for (const entry of roundOrder([HELLO, ...variants.map((variant) => variant.name)], round)) {
      if (entry === HELLO) {
        const hello = await startHelloServer();
        const loads = await loadTargets(load, {
          name: `flags ${round + 1}: hello`,
          base: hello.base,
          targets: [{ label: "hello", path: "/" }],
          processes: hello.processes,
        });
        helloPerSecond = perSecond(loads);
        await hello.stop();
        continue;
      }
      const variant = variants.find((candidate) => candidate.name === entry);
      if (!variant) continue;
      const name = `flags ${round + 1}: ${variant.name}`;
      const cachedServer = await startAppServer({
        dataDir,
        pageCache: true,
        nodeOptions: variant.nodeOptions,
        env: blankedEnv(variant),
      });
      const cached = await loadWithPeak(load, cachedServer, `${name}, cache on`, [cachedTarget]);
      await cachedServer.stop();
      const uncachedServer = await startAppServer({
        dataDir,
        pageCache: false,
        nodeOptions: variant.nodeOptions,
        env: blankedEnv(variant),
      });
      const uncached = await loadWithPeak(load, uncachedServer, `${name}, PAGE_CACHE=off`, uncachedTargets);
      await uncachedServer.stop();
      inRound.push({
        variant: variant.name,
        round,
        cachedPerSecond: cached.perSecond,
        uncachedPerSecond: uncached.perSecond,
        cachedPeakMb: cached.peakMb,
        uncachedPeakMb: uncached.peakMb,
      });
    }
    measured.push(...inRound.map((entry) => ({ ...entry, helloPerSecond })));
  }
  return { rounds: measured, summaries: summarise(variants, measured) };
}
