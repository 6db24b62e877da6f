/** A process's resident memory and CPU time, read from Linux's /proc. */
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

/** Samples `pid`'s RSS every quarter second until `stop()`, which answers the most seen, in MB. */
export function sampleRssPeak(pid: number): { stop: () => Promise<number> } {
  let peak = 0;
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMb(pid));
      await sleep(250);
    }
  })();
  return {
    async stop() {
      sampling = false;
      await sampled;
      return Math.max(peak, await rssMb(pid));
    },
  };
}

const TICKS_PER_SECOND = 100;

/**
 * Waits until `pid` uses under `busyShare` of one core over half a second (at most `maxMs`): after
 * wrk stops, the server still works through the requests it abandoned, which must not land in the next run.
 */
export async function waitIdle(pid: number, { busyShare = 0.1, maxMs = 20_000 } = {}): Promise<void> {
  const windowMs = 500;
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline) {
    const before = parseCpuTicks(await fs.readFile(`/proc/${pid}/stat`, "utf8"));
    await sleep(windowMs);
    const after = parseCpuTicks(await fs.readFile(`/proc/${pid}/stat`, "utf8"));
    if ((after - before) / TICKS_PER_SECOND < busyShare * (windowMs / 1000)) return;
  }
}
