/** A process's resident memory and CPU time, read from Linux's /proc: one process, or a process tree. */
import fs from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** VmRSS of a /proc/PID/status text, in MB. */
export function parseVmRssMb(status: string): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error("no VmRSS line in /proc/PID/status");
  return Number(match[1]) / 1024;
}

/** utime + stime (clock ticks, all threads) of a /proc/PID/stat line. */
export function parseCpuTicks(stat: string): number {
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error("unreadable /proc/PID/stat");
  return utime + stime;
}

export async function rssMb(pid: number): Promise<number> {
  return parseVmRssMb(await fs.readFile(`/proc/${pid}/status`, "utf8"));
}

async function cpuTicks(pid: number): Promise<number> {
  return parseCpuTicks(await fs.readFile(`/proc/${pid}/stat`, "utf8"));
}

/** Null once the process is gone (its /proc folder with it), instead of an error. */
async function unlessGone<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ESRCH") return null;
    throw error;
  }
}

/**
 * `pid` first, then its descendants depth first. Each thread has its own children file (the children
 * it forked), so every thread's is read; a process that exits meanwhile is left out.
 */
export async function processTree(pid: number): Promise<number[]> {
  const tasks = (await unlessGone(fs.readdir(`/proc/${pid}/task`))) ?? [];
  const children: number[] = [];
  for (const task of tasks) {
    const listed = await unlessGone(fs.readFile(`/proc/${pid}/task/${task}/children`, "utf8"));
    children.push(...(listed ?? "").split(" ").filter(Boolean).map(Number));
  }
  const tree = [pid];
  for (const child of children) tree.push(...(await processTree(child)));
  return tree;
}

/**
 * What a server runs in: one process (`tree: false`, read as it is), or with WORKERS a cluster's
 * primary and every process under it (`tree: true`: its workers, forked again when one dies).
 */
export type Processes = { pid: number; tree: boolean };

/**
 * Each process's RSS in MB, `pid` first. Memory the processes share (the node binary's pages) is in
 * each one's RSS, so their sum counts it once per process, as running them apart would need.
 */
export async function rssByProcessMb({ pid, tree }: Processes): Promise<number[]> {
  if (!tree) return [await rssMb(pid)];
  const [, ...descendants] = await processTree(pid);
  const read = await Promise.all(descendants.map((child) => unlessGone(rssMb(child))));
  return [await rssMb(pid), ...read.filter((mb) => mb !== null)];
}

export async function totalRssMb(processes: Processes): Promise<number> {
  return (await rssByProcessMb(processes)).reduce((sum, mb) => sum + mb, 0);
}

/** VmHWM (the most VmRSS has been since start, or since the last reset) of a /proc/PID/status text, in MB. */
export function parseVmHwmMb(status: string): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error("no VmHWM line in /proc/PID/status");
  return Number(match[1]) / 1024;
}

async function hwmMb(pid: number): Promise<number> {
  return parseVmHwmMb(await fs.readFile(`/proc/${pid}/status`, "utf8"));
}

/**
 * Starts VmHWM again from the current RSS (writing 5 to /proc/PID/clear_refs, Linux 4.0 and later);
 * false where that is not allowed, and the peak is then only sampled.
 */
async function resetHwm(pid: number): Promise<boolean> {
  try {
    await fs.writeFile(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** How often the peak is sampled: a burst of garbage lives a few hundred ms before V8 collects it. */
export const PEAK_SAMPLE_MS = 100;

export type RssPeak = {
  /** The most resident memory under load, in MB: the kernel's own high-water mark when it could be reset, else the most sampled. */
  peakMb: number;
  /** The most the sampling saw, every PEAK_SAMPLE_MS. */
  sampledMb: number;
  /** The one process's VmHWM before the load, in MB: the peak since it started (its start and seeding), or null for a process tree. */
  sinceStartMb: number | null;
};

/**
 * Watches the processes' resident memory until `stop()`. One process: its VmHWM, reset at the start
 * (so its start and what came before the load are not counted), read at the end, so no peak is missed
 * between samples. A process tree (a cluster): their total sampled every PEAK_SAMPLE_MS, since their
 * peaks need not fall at the same moment.
 */
export async function sampleRssPeak(processes: Processes): Promise<{ stop: () => Promise<RssPeak> }> {
  const single = !processes.tree;
  const sinceStartMb = single ? await hwmMb(processes.pid) : null;
  const kernelPeak = single && (await resetHwm(processes.pid));
  let sampledMb = 0;
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      sampledMb = Math.max(sampledMb, await totalRssMb(processes));
      await sleep(PEAK_SAMPLE_MS);
    }
  })();
  return {
    async stop() {
      sampling = false;
      await sampled;
      sampledMb = Math.max(sampledMb, await totalRssMb(processes));
      const peakMb = kernelPeak ? Math.max(sampledMb, await hwmMb(processes.pid)) : sampledMb;
      return { peakMb, sampledMb, sinceStartMb };
    },
  };
}

const TICKS_PER_SECOND = 100;

/** CPU ticks the processes used over `windowMs`; one that exits meanwhile counts for nothing. */
async function ticksOver({ pid, tree }: Processes, windowMs: number): Promise<number> {
  const pids = tree ? await processTree(pid) : [pid];
  const read = (each: number) => (each === pid ? cpuTicks(each) : unlessGone(cpuTicks(each)));
  const before = await Promise.all(pids.map(read));
  await sleep(windowMs);
  const after = await Promise.all(pids.map(read));
  return pids.reduce((sum, _, index) => {
    const [start, end] = [before[index], after[index]];
    return start == null || end == null ? sum : sum + end - start;
  }, 0);
}

/**
 * Waits until the processes together use under `busyShare` of one core over half a second (at most
 * `maxMs`): after wrk stops, the server still works through the requests it abandoned, which must not
 * land in the next run. Answers whether they went idle.
 */
export async function waitIdle(processes: Processes, { busyShare = 0.1, maxMs = 20_000 } = {}): Promise<boolean> {
  const windowMs = 500;
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline) {
    const ticks = await ticksOver(processes, windowMs);
    if (ticks / TICKS_PER_SECOND < busyShare * (windowMs / 1000)) return true;
  }
  return false;
}
