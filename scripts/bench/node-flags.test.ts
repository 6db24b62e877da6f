import { describe, expect, it } from "vitest";
import { type FlagRound, flagLines, flagVariants, median, roundOrder, summarise } from "./node-flags.ts";

describe("flagVariants", () => {
  it("weighs every option by leaving it out, and all of them by running with none", () => {
    expect(flagVariants(["--a", "--b"])).toEqual([
      { name: "as npm start", nodeOptions: ["--a", "--b"], blanked: [] },
      { name: "without --a", nodeOptions: ["--b"], blanked: [] },
      { name: "without --b", nodeOptions: ["--a"], blanked: [] },
      { name: "none", nodeOptions: [], blanked: [] },
    ]);
    expect(flagVariants([])).toEqual([{ name: "as npm start", nodeOptions: [], blanked: [] }]);
  });

  it("weighs npm start's variables (the allocator's GLIBC_TUNABLES) by blanking each, and all in none", () => {
    expect(flagVariants(["--a"], ["GLIBC_TUNABLES"])).toEqual([
      { name: "as npm start", nodeOptions: ["--a"], blanked: [] },
      { name: "without --a", nodeOptions: [], blanked: [] },
      { name: "without GLIBC_TUNABLES", nodeOptions: ["--a"], blanked: ["GLIBC_TUNABLES"] },
      { name: "none", nodeOptions: [], blanked: ["GLIBC_TUNABLES"] },
    ]);
  });
});

describe("roundOrder", () => {
  it("puts each server first in one round and last in another", () => {
    const items = ["hello", "a", "b"];
    expect([0, 1, 2].map((round) => roundOrder(items, round))).toEqual([
      ["hello", "a", "b"],
      ["a", "b", "hello"],
      ["b", "hello", "a"],
    ]);
    expect(roundOrder(items, 3)).toEqual(items);
  });
});

describe("summarise", () => {
  const round = (variant: string, index: number, cached: number, hello: number): FlagRound => ({
    variant,
    round: index,
    cachedPerSecond: cached,
    helloPerSecond: hello,
    uncachedPerSecond: cached / 10,
    cachedPeakMb: 300 + index,
    uncachedPeakMb: 450 + index,
  });

  it("takes each figure's median over the rounds, the cached page against its own round's hello", () => {
    const variants = flagVariants(["--a"]);
    // A slow second round halves everything: read against its own hello, the ratio does not move.
    const rounds = [
      round("as npm start", 0, 8000, 16000),
      round("as npm start", 1, 4000, 8000),
      round("as npm start", 2, 9000, 18000),
      round("without --a", 0, 12000, 16000),
      round("without --a", 1, 6000, 8000),
      round("without --a", 2, 12600, 18000),
    ];
    const [all, without] = summarise(variants, rounds);
    expect(all).toMatchObject({
      cachedPerSecond: 8000,
      cachedVersusHello: 0.5,
      uncachedPerSecond: 800,
      cachedPeakMb: 301,
    });
    expect(without).toMatchObject({ cachedPerSecond: 12000, cachedVersusHello: 0.75 });
    const lines = flagLines(summarise(variants, rounds), 3);
    expect(lines[0]).toContain("median of 3 rounds");
    expect(lines[3]).toContain("(+50 %)");
    expect(lines[3]).toContain("0.75x");
  });

  it("has a median of an even count halfway between its middle values", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
