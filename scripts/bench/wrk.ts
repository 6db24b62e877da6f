/**
 * wrk (Debian package `wrk`) as the load generator, as in ../shared/bench/wrk-bench.sh: `-t2 -cN -dDs
 * --latency`, a warm-up run first, and a Lua `done` hook that prints the exact figures on one line.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { ownChild } from "./cleanup.ts";

export type WrkResult = {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers with a status >= 400 (wrk's own count); redirects are caught before the run (preflight). */
  non2xx: number;
  socketErrors: number;
  timeouts: number;
  kbPerResponse: number;
};

const MARK = "WRKRESULT";

// No `response` hook: it makes wrk parse every answer, which slows the load generator on fast paths.
const REPORT_LUA = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "${MARK} requests=%d duration_us=%d bytes=%d status_errors=%d connect=%d read=%d write=%d timeouts=%d p50_us=%d p99_us=%d max_us=%d\\n",
    summary.requests, summary.duration, summary.bytes, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

/** Reads the line the Lua hook prints; throws with wrk's own output when there is none. */
export function parseWrkReport(output: string): WrkResult {
  const line = output.split("\n").find((candidate) => candidate.startsWith(`${MARK} `));
  if (!line) throw new Error(`wrk printed no result:\n${output.trim()}`);
  const fields = new Map(
    line
      .slice(MARK.length + 1)
      .trim()
      .split(/\s+/)
      .map((pair) => {
        const [key = "", value = ""] = pair.split("=");
        return [key, Number(value)] as const;
      }),
  );
  const field = (key: string) => {
    const value = fields.get(key);
    if (value === undefined || !Number.isFinite(value)) throw new Error(`wrk result without ${key}: ${line}`);
    return value;
  };
  const requests = field("requests");
  const seconds = field("duration_us") / 1e6;
  return {
    requests,
    seconds,
    perSecond: seconds > 0 ? requests / seconds : 0,
    p50Ms: field("p50_us") / 1000,
    p99Ms: field("p99_us") / 1000,
    maxMs: field("max_us") / 1000,
    non2xx: field("status_errors"),
    socketErrors: field("connect") + field("read") + field("write"),
    timeouts: field("timeouts"),
    kbPerResponse: requests > 0 ? field("bytes") / requests / 1024 : 0,
  };
}

export function wrkInstalled(): boolean {
  const probe = spawnSync("wrk", ["-v"], { stdio: "ignore" });
  return !(probe.error && "code" in probe.error && probe.error.code === "ENOENT");
}

export type WrkOptions = {
  connections: number;
  seconds: number;
  threads?: number;
  timeoutSeconds?: number;
  /** Request headers, each sent with `-H` (wrk sends none of its own but Host). */
  headers?: Record<string, string>;
};

/** wrk's command line for one run with the Lua hook `script`. */
export function wrkArguments(
  script: string,
  url: string,
  { connections, seconds, threads = 2, timeoutSeconds = 10, headers = {} }: WrkOptions,
): string[] {
  return [
    `-t${Math.min(threads, connections)}`,
    `-c${connections}`,
    `-d${seconds}s`,
    `--timeout`,
    `${timeoutSeconds}s`,
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    "--latency",
    "-s",
    script,
    url,
  ];
}

/** Writes the Lua hook into `folder` and gives the function that runs one measured wrk. */
export async function prepareWrk(folder: string) {
  const script = path.join(folder, "report.lua");
  await fs.writeFile(script, REPORT_LUA);

  return async function wrk(url: string, options: WrkOptions): Promise<WrkResult> {
    const child = spawn("wrk", wrkArguments(script, url, options), { stdio: ["ignore", "pipe", "pipe"] });
    const stop = ownChild(child);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", () => resolve());
    });
    await stop();
    return parseWrkReport(output);
  };
}

export type Wrk = Awaited<ReturnType<typeof prepareWrk>>;
