import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "node_modules/.bin");
/** Node 24 from the project's dependencies, whatever `node` the caller's PATH finds. */
export const NODE = path.join(BIN, "node");

export type ServerProcess = { name: string; url: string; child: ChildProcess; logPath: string };

export const childEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ""}`,
});

export async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A port nothing listens on now (the system's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function tail(logPath: string): Promise<string> {
  const text = await fs.readFile(logPath, "utf8").catch(() => "");
  return text.slice(-4000);
}

/**
 * Starts the production server (server/main.ts) in `site`, the folder holding the build, with `env`
 * over the caller's environment, its output in `logPath`; resolves once /api/health answers.
 */
export async function spawnServer(options: {
  site: string;
  name: string;
  port: number;
  env: NodeJS.ProcessEnv;
  logPath: string;
}): Promise<ServerProcess> {
  const { site, name, port, env, logPath } = options;
  const log = await fs.open(logPath, "w");
  const child = spawn(NODE, [path.join(ROOT, "server/main.ts")], {
    cwd: site,
    env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", log.fd, log.fd],
  });
  await log.close();
  const server: ServerProcess = { name, url: `http://127.0.0.1:${port}`, child, logPath };
  await waitUntilReady(server);
  return server;
}

export async function waitUntilReady(server: ServerProcess): Promise<void> {
  // A new data folder's first start took 20 s alone and 50 s beside a second one on a busy
  // 2-core machine: the limit only has to catch a server that never comes up.
  const deadline = Date.now() + 120_000;
  let exited: number | null | undefined;
  server.child.once("exit", (code) => {
    exited = code;
  });
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new Error(`The ${server.name} e2e server exited (code ${exited}):\n${await tail(server.logPath)}`);
    }
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The ${server.name} e2e server did not answer within 120 s:\n${await tail(server.logPath)}`);
}

/** SIGTERM, then SIGKILL after 10 s; resolves with the exit code once the process is gone. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
