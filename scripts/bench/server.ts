/** The servers the bench measures: this project's production server and a bare Hono "hello". */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildIsCurrent, sourceHash, stampPath } from "../build-stamp.ts";
import { ownChild } from "./cleanup.ts";
import type { Processes } from "./proc.ts";

export type RunningServer = {
  /**
   * Where RSS and CPU are read: the process that serves (scripts/start.ts serves in its own process),
   * or with WORKERS above 1 the cluster's primary and its workers.
   */
  processes: Processes;
  base: string;
  /** From spawn to the first 200 answer to GET / (with WORKERS, from the first worker listening). */
  startSeconds: number;
  /** Its last lines of output (40 at most) after a line break, or " (no output)": to append to a failure. */
  output: () => string;
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

/**
 * Spawns `node [nodeOptions] script` with `env` and waits for its first 200 on GET /, keeping its last
 * output for errors. `problem`, asked while it waits and once it answers, stops it with the reason it gives;
 * `tree`: it serves from processes of its own (a cluster), measured with it.
 */
async function startNodeServer(
  script: string,
  env: Record<string, string>,
  {
    tree = false,
    problem = () => null,
    nodeOptions = [],
    ownBaseUrl = false,
  }: { tree?: boolean; problem?: () => string | null; nodeOptions?: string[]; ownBaseUrl?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, script], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", ...(ownBaseUrl ? { BASE_URL: base } : {}) },
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

  const stopFor = async (reason: string) => {
    await stop();
    return new Error(`${script}: ${reason}${output()}`);
  };

  let lastAnswer = "no answer";
  while (performance.now() - started < START_TIMEOUT_MS) {
    const found = problem();
    if (found) throw await stopFor(found);
    if (child.exitCode !== null)
      throw new Error(`${script} exited with ${child.exitCode} before answering:${output()}`);
    let status = 0;
    try {
      const response = await fetch(`${base}/`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // Not listening yet.
    }
    if (status === 200) {
      const startSeconds = (performance.now() - started) / 1000;
      const late = problem();
      if (late) throw await stopFor(late);
      return { processes: { pid: child.pid ?? 0, tree }, base, startSeconds, output, stop };
    }
    if (status !== 0) lastAnswer = `HTTP ${status}`;
    await sleep(20);
  }
  await stop();
  throw new Error(`${script} gave no 200 on GET / within ${START_TIMEOUT_MS / 1000} s (${lastAnswer}):${output()}`);
}

/**
 * Why `npm start` would build before it serves, or null when it would not: scripts/start.ts builds
 * unless build/ exists with a stamp (build/.source-hash) of the very sources there are now
 * (scripts/build-stamp.ts). The bench builds nothing, and a start that builds would time the build.
 */
export function staleBuild(root = projectRoot): string | null {
  if (buildIsCurrent(root, sourceHash(root))) return null;
  const stamp = stampPath(root);
  const why = !fs.existsSync(path.join(root, "build/server/index.js"))
    ? "there is no production build (build/server/index.js)"
    : !fs.existsSync(stamp)
      ? `build/ has no stamp ${path.relative(root, stamp)}, which \`npm run build\` and \`npm start\` write`
      : "the sources changed since build/ was made (app/, common/, public/, the build settings or package-lock.json)";
  return (
    `${why}, so \`npm start\` would build before serving and the start would time a build. ` +
    "Build first: `npm run build`"
  );
}

/** The stamp file as it is now, to tell whether a start rewrote it (built). */
function stampState(root = projectRoot): string {
  const stat = fs.statSync(stampPath(root), { throwIfNoEntry: false });
  return stat ? `${stat.ino} ${stat.mtimeMs} ${stat.size}` : "none";
}

/** How the `start` script of package.json runs node: the variables it sets and node's own options. */
export type StartCommand = { env: Record<string, string>; nodeOptions: string[] };

/**
 * The variables the `start` script sets before `node` (`NAME=value node ...`) and the options it gives
 * node before the script (`node --flag scripts/start.ts`): the bench starts the server with them too,
 * as `npm start` would.
 */
export function parseStartScript(script: string): StartCommand {
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < words.length; at++) {
    const [, name, value] = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(words[at] ?? "") ?? [];
    if (name === undefined || value === undefined) break;
    env[name] = value;
  }
  const nodeOptions: string[] = [];
  if (words[at] === "node") {
    for (at++; words[at]?.startsWith("-"); at++) nodeOptions.push(words[at] ?? "");
  }
  return { env, nodeOptions };
}

export function npmStartCommand(): StartCommand {
  const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  return parseStartScript(manifest.scripts.start);
}

export type AppServerOptions = {
  dataDir: string;
  pageCache: boolean;
  databaseUrl?: string;
  /** WORKERS: processes behind the port (server/runtime/cluster-primary.ts), PostgreSQL only; 1 by default. */
  workers?: number;
  /** More variables for the server (e.g. WORDPRESS_FILES_PRIVATE_HOSTS); they cannot change the ones the bench sets. */
  env?: Record<string, string>;
  /** Node's options in place of those of the `start` script (scripts/bench/node-flags.ts weighs each one). */
  nodeOptions?: string[];
  /** BASE_URL set to the server's own address, so that a provider's fake can call its webhooks. */
  ownBaseUrl?: boolean;
};

/**
 * The production server as `npm start` starts it (`node scripts/start.ts`, which serves in its own
 * process, with the variables and node options its script sets), on a current build only, quiet except
 * for warnings.
 * Throws rather than time a start that builds: when the build is stale now, or when the stamp changes while it starts (sources edited since
 * the check, and scripts/start.ts set about building).
 */
export function startAppServer({
  dataDir,
  pageCache,
  databaseUrl,
  workers = 1,
  env = {},
  nodeOptions,
  ownBaseUrl = false,
}: AppServerOptions): Promise<RunningServer> {
  const stale = staleBuild();
  if (stale) throw new Error(stale);
  const stamp = stampState();
  const rebuilt = () =>
    stampState() === stamp
      ? null
      : "build/.source-hash changed during the start: it is building, as the sources changed since the bench " +
        "checked them. Stopped, not timed; build first (npm run build) and rerun.";
  const npmStart = npmStartCommand();
  return startNodeServer(
    path.join("scripts", "start.ts"),
    {
      ...npmStart.env,
      ...env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      // Blank counts as unset (server/config.ts): the embedded database unless a URL is given.
      DATABASE_URL: databaseUrl ?? "",
      PAGE_CACHE: pageCache ? "on" : "off",
      // Set even when 1, so that a WORKERS in the bench's own environment does not turn a run into a cluster.
      WORKERS: String(workers),
      LOG_LEVEL: "warn",
    },
    { tree: workers > 1, problem: rebuilt, nodeOptions: nodeOptions ?? npmStart.nodeOptions, ownBaseUrl },
  );
}

export function startHelloServer(): Promise<RunningServer> {
  return startNodeServer(path.join("scripts", "bench", "hello-server.ts"), { NODE_ENV: "production" });
}
