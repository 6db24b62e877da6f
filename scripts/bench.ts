/**
 * Throughput and memory of the production server on the embedded database.
 * Starts its own server on a temporary data folder, sets the site up, then
 * sends a bounded load from this process to loopback only.
 *   npm run bench            (needs `npm run build` first)
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 npm run bench
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3399);
const base = `http://127.0.0.1:${port}`;

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
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return { requests: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p95: at(0.95), errors };
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
  const idleRss = await rssOf(server.pid ?? 0);
  console.log(`load: ${connections} connections, ${seconds} s per target; idle RSS ${idleRss.toFixed(0)} MB`);
  for (const target of ["/api/health", "/api/settings", "/api/menus", "/", "/login"]) {
    const result = await load(`${base}${target}`);
    console.log(
      `${target.padEnd(14)} ${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  errors ${result.errors}`,
    );
  }
  console.log(`RSS after load: ${(await rssOf(server.pid ?? 0)).toFixed(0)} MB`);
} finally {
  server.kill("SIGTERM");
  await exited;
  await fs.rm(dataDir, { recursive: true, force: true });
}
