/**
 * Throughput and memory of the production server on the embedded database.
 * Starts its own server on a temporary data folder, sets the site up, then
 * sends a bounded load from this process to loopback only.
 *   npm run bench            (needs `npm run build` first)
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 npm run bench
 * Then a library import: preview and commit of a generated BibTeX file (BENCH_IMPORT_ENTRIES, 5 000 by
 * default) while /api/health is polled, to show that parsing does not hold up other requests.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { generatedBibtex } from "../server/modules/medias/interchange/fixtures/generate.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3399);
const base = `http://127.0.0.1:${port}`;
const importEntries = Number(process.env.BENCH_IMPORT_ENTRIES ?? 5000);

async function waitForServer() {
  for (let attempt = 0; attempt < 100 && server.exitCode === null; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

async function load(url: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(url).catch(() => null);
      if (!response?.ok) errors++;
      await response?.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    errors,
  };
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/**
 * Runs `work` while two connections poll /api/health (a database query) and two poll an unknown /api
 * address (a 404 that never touches the database, so it shows the event loop alone).
 */
async function duringPolls<T>(work: () => Promise<T>) {
  const health: number[] = [];
  const loop: number[] = [];
  let running = true;
  const poll = async (url: string, latencies: number[]) => {
    while (running) {
      const started = performance.now();
      const response = await fetch(url).catch(() => null);
      await response?.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  const pollers = [
    poll(`${base}/api/health`, health),
    poll(`${base}/api/health`, health),
    poll(`${base}/api/bench-no-such-route`, loop),
    poll(`${base}/api/bench-no-such-route`, loop),
  ];
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, health, loop };
  } finally {
    running = false;
    await Promise.all(pollers);
  }
}

function latencyLine(label: string, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${label} ${sorted.length} requests, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`;
}

async function importScenario(token: string) {
  const text = generatedBibtex(importEntries);
  for (const [label, url] of [
    ["preview", "/api/medias/import/preview"],
    ["commit", "/api/medias/import"],
  ] as const) {
    const {
      result,
      seconds: taken,
      health,
      loop,
    } = await duringPolls(async () => {
      const response = await fetch(`${base}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Token ${token}` },
        body: JSON.stringify({ text, format: "bibtex" }),
      });
      if (!response.ok) throw new Error(`import ${label} failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { new: number; created?: number };
    });
    const created = result.created === undefined ? "" : `, created ${result.created}`;
    const size = (text.length / 1024 / 1024).toFixed(1);
    console.log(
      `import ${label.padEnd(7)} ${importEntries} entries (${size} MB) in ${taken.toFixed(1)} s, new ${result.new}${created}`,
    );
    console.log(`  meanwhile ${latencyLine("/api/health:", health)}; ${latencyLine("no-database 404:", loop)}`);
  }
}

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-bench-"));
const server = spawn(process.execPath, ["server/main.ts"], {
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const exited = new Promise((resolve) => server.once("exit", resolve));
try {
  await waitForServer();
  const setup = await fetch(`${base}/api/settings/setup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      title: "Cooperativa Bench",
      admin_name: "Bench",
      email: "bench@example.com",
      password: "bench-password",
      password_confirmation: "bench-password",
    }),
  });
  if (!setup.ok) throw new Error(`setup failed: ${setup.status}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password" }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const idleRss = await rssOf(server.pid ?? 0);
  console.log(`load: ${connections} connections, ${seconds} s per target; idle RSS ${idleRss.toFixed(0)} MB`);
  for (const target of ["/api/health", "/api/settings", "/api/menus", "/", "/login"]) {
    const result = await load(`${base}${target}`);
    console.log(
      `${target.padEnd(14)} ${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  errors ${result.errors}`,
    );
  }
  console.log(`RSS after load: ${(await rssOf(server.pid ?? 0)).toFixed(0)} MB`);
  await importScenario(token);
  console.log(`RSS after import: ${(await rssOf(server.pid ?? 0)).toFixed(0)} MB`);
} finally {
  server.kill("SIGTERM");
  await exited;
  await fs.rm(dataDir, { recursive: true, force: true });
}
