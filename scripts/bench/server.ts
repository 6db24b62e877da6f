/** The servers the bench measures: this project's production server and a bare Hono "hello". */
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ownChild } from "./cleanup.ts";

export type RunningServer = {
  pid: number;
  base: string;
  /** From spawn to the first 200 answer to GET /. */
  startSeconds: number;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

const START_TIMEOUT_MS = 90_000;
const projectRoot = path.resolve(import.meta.dirname, "../..");

/** Spawns `node script` with `env` and waits for its first 200 on GET /, keeping its last output for errors. */
async function startNodeServer(script: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = ownChild(child);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split("\n").filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const output = () => (tail.length > 0 ? `\n${tail.join("\n")}` : " (no output)");

  let lastAnswer = "no answer";
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null)
      throw new Error(`${script} exited with ${child.exitCode} before answering:${output()}`);
    try {
      const response = await fetch(`${base}/`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        const startSeconds = (performance.now() - started) / 1000;
        return { pid: child.pid ?? 0, base, startSeconds, stop };
      }
      lastAnswer = `HTTP ${response.status}`;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  await stop();
  throw new Error(`${script} gave no 200 on GET / within ${START_TIMEOUT_MS / 1000} s (${lastAnswer}):${output()}`);
}

export type AppServerOptions = { dataDir: string; pageCache: boolean; databaseUrl?: string };

/** `node server/main.ts` as `npm run serve` starts it, quiet except for warnings. */
export function startAppServer({ dataDir, pageCache, databaseUrl }: AppServerOptions): Promise<RunningServer> {
  return startNodeServer("server/main.ts", {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    // Blank counts as unset (server/config.ts): the embedded database unless a URL is given.
    DATABASE_URL: databaseUrl ?? "",
    PAGE_CACHE: pageCache ? "on" : "off",
    LOG_LEVEL: "warn",
  });
}

export function startHelloServer(): Promise<RunningServer> {
  return startNodeServer(path.join("scripts", "bench", "hello-server.ts"), { NODE_ENV: "production" });
}
