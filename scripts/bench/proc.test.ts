import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopChild } from "./cleanup.ts";
import {
  parseCpuTicks,
  parseVmHwmMb,
  parseVmRssMb,
  processTree,
  rssByProcessMb,
  rssMb,
  sampleRssPeak,
  totalRssMb,
  waitIdle,
} from "./proc.ts";

describe("/proc readers", () => {
  it("reads VmRSS in MB", () => {
    expect(parseVmRssMb("Name:\tnode\nVmPeak:\t 999999 kB\nVmRSS:\t  307200 kB\nRssAnon:\t 1 kB\n")).toBe(300);
    expect(() => parseVmRssMb("Name:\tnode\n")).toThrow(/no VmRSS/);
  });

  it("reads VmHWM in MB", () => {
    expect(parseVmHwmMb("Name:\tnode\nVmHWM:\t  409600 kB\nVmRSS:\t  307200 kB\n")).toBe(400);
    expect(() => parseVmHwmMb("Name:\tnode\n")).toThrow(/no VmHWM/);
  });

  it("adds user and system ticks, even when the command name holds spaces and parentheses", () => {
    const stat = "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 11 0";
    expect(parseCpuTicks(stat)).toBe(1234 + 567);
  });
});

/**
 * Like a cluster: an idle parent whose child holds 64 MB and forks a grandchild that keeps a core busy.
 * Each prints its pid once it is set up.
 */
const GRANDCHILD = "console.log(process.pid); for (;;) {}";
const CHILD = `
  const held = Buffer.alloc(64 * 1024 * 1024, 1);
  require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(GRANDCHILD)}], { stdio: ["ignore", "inherit", "inherit"] });
  console.log(process.pid, held.length);
  setInterval(() => {}, 1000);
`;
const PARENT = `
  require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(CHILD)}], { stdio: ["ignore", "inherit", "inherit"] });
  setInterval(() => {}, 1000);
`;

describe("a process tree", () => {
  let parent: ChildProcess;
  const printed: number[] = [];

  beforeAll(async () => {
    // Its own process group, so that stopping it stops the child and grandchild too.
    parent = spawn(process.execPath, ["-e", PARENT], { detached: true, stdio: ["ignore", "pipe", "inherit"] });
    parent.stdout?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().trim().split("\n")) printed.push(Number(line.split(" ")[0]));
    });
    while (printed.length < 2) await sleep(50);
  }, 20_000);
  afterAll(() => stopChild(parent, { group: true }));

  it("lists the process, then its descendants depth first", async () => {
    const pid = parent.pid ?? 0;
    const tree = await processTree(pid);
    expect(tree).toHaveLength(3);
    expect(tree[0]).toBe(pid);
    expect(new Set(tree.slice(1))).toEqual(new Set(printed));
  });

  it("sums RSS over the tree, and reads only the process itself when not asked for the tree", async () => {
    const pid = parent.pid ?? 0;
    const alone = await rssMb(pid);
    expect(await rssByProcessMb({ pid, tree: false })).toHaveLength(1);
    const byProcess = await rssByProcessMb({ pid, tree: true });
    expect(byProcess).toHaveLength(3);
    // The child holds 64 MB on top of a bare node process such as the parent; the sum adds all three processes.
    const [, child = 0, grandchild = 0] = byProcess;
    expect(Math.max(child, grandchild)).toBeGreaterThan(64);
    const total = await totalRssMb({ pid, tree: true });
    expect(total).toBeGreaterThan(alone + 64 + 20);
  });

  it("counts the tree's CPU: the busy grandchild keeps it from idle, the idle parent alone is idle", async () => {
    const pid = parent.pid ?? 0;
    expect(await waitIdle({ pid, tree: false }, { maxMs: 1500 })).toBe(true);
    expect(await waitIdle({ pid, tree: true }, { maxMs: 1500 })).toBe(false);
  });
});

/**
 * Holds `mb` for a moment each time it reads a line, then gives it back (a full collection frees the
 * buffer, whose pages go back at once), and says "done".
 */
const SPIKES = `
  require("node:readline").createInterface({ input: process.stdin }).on("line", (mb) => {
    let held = Buffer.alloc(Number(mb) * 1024 * 1024, 1);
    held = null;
    gc();
    console.log("done");
  });
  console.log("ready");
`;

describe("the peak under load", () => {
  it("catches a spike shorter than the sampling interval, and leaves out what came before", async () => {
    const child = spawn(process.execPath, ["--expose-gc", "-e", SPIKES], { stdio: ["pipe", "pipe", "inherit"] });
    const lines: string[] = [];
    child.stdout?.on("data", (chunk: Buffer) => lines.push(...chunk.toString().trim().split("\n")));
    const answered = async (count: number) => {
      while (lines.length < count) {
        if (child.exitCode !== null) throw new Error(`the child exited with ${child.exitCode}`);
        await sleep(5);
      }
    };
    const spike = async (mb: number) => {
      const before = lines.length;
      child.stdin?.write(`${mb}\n`);
      await answered(before + 1);
    };
    try {
      await answered(1);
      const processes = { pid: child.pid ?? 0, tree: false };
      await spike(300);
      const rest = await rssMb(processes.pid);
      const peak = await sampleRssPeak(processes);
      await spike(120);
      const { peakMb, sinceStartMb } = await peak.stop();
      expect(sinceStartMb).toBeGreaterThan(rest + 280);
      expect(peakMb).toBeGreaterThan(rest + 100);
      expect(peakMb).toBeLessThan(rest + 200);
    } finally {
      await stopChild(child);
    }
  });
});
