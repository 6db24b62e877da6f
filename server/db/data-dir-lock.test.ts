import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockError, lockDataDir } from "./data-dir-lock.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const lockModule = path.join(root, "server/db/data-dir-lock.ts");
let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cms-lock-")));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = (folder = dir) => path.join(folder, "cms.lock");

/** A pid that belonged to a process that has exited: what a crashed server leaves in an old-style lock file. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid;

/**
 * Another process on a folder, as a second server would be. It says "ready"
 * once started; then for each line "<instant> <folder>" on stdin it spins until
 * that wall-clock instant (so two of them try within microseconds of each
 * other), locks the folder, answers "won" or "lost <message>", and keeps
 * whatever it took until killed.
 */
function startContender() {
  const code = `import { createInterface } from "node:readline";
import { lockDataDir } from ${JSON.stringify(lockModule)};
process.stdout.write("ready\\n");
for await (const line of createInterface({ input: process.stdin })) {
  const [at, folder] = line.split(" ");
  while (Date.now() < Number(at));
  let result = "won";
  try { lockDataDir(folder); } catch (error) { result = "lost " + error.message; }
  process.stdout.write(result + "\\n");
}
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["pipe", "pipe", "inherit"] });
  children.push(child);
  const exited = new Promise<never>((_, reject) =>
    child.on("exit", (status, signal) => reject(new Error(`contender exited with ${status ?? signal}`))),
  );
  exited.catch(() => {});
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const nextLine = () =>
    Promise.race([
      exited,
      new Promise<string>((resolve) => {
        const line = lines.shift();
        if (line === undefined) waiters.push(resolve);
        else resolve(line);
      }),
    ]);
  const ready = nextLine().then((line) => expect(line).toBe("ready"));
  const lock = async (folder: string, at = Date.now()) => {
    await ready;
    child.stdin?.write(`${at} ${folder}\n`);
    return nextLine();
  };
  return { child, ready, lock };
}

async function holdInChild(folder: string): Promise<ChildProcess> {
  const contender = startContender();
  expect(await contender.lock(folder)).toBe("won");
  return contender.child;
}

describe("lockDataDir", () => {
  it("refuses a second lock in the same process, keeps the file on release, and can lock again", () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockError);
    expect(() => lockDataDir(`${dir}/`)).toThrow(`The data folder ${dir}/ is already open in this process.`);
    release();
    expect(fs.existsSync(lockFile())).toBe(true);
    release();
    lockDataDir(dir)();
  });

  it("writes who holds the folder and refuses it to another process, naming the folder and the holder", async () => {
    const holder = await holdInChild(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: holder.pid, host: os.hostname() });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockError);
    expect(() => lockDataDir(dir)).toThrow(
      `The data folder ${dir} is in use by another process (pid ${holder.pid} on ${os.hostname()}, since `,
    );
  });

  it("is released when the holder is killed with SIGKILL and can be taken right after", async () => {
    const holder = await holdInChild(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockError);
    const gone = new Promise((resolve) => holder.once("exit", resolve));
    holder.kill("SIGKILL");
    await gone;
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: process.pid });
    release();
  });

  it("gives the folder to exactly one of two processes trying at the same instant over a stale lock", async () => {
    const contenders = [startContender(), startContender()];
    await Promise.all(contenders.map((contender) => contender.ready));
    const stale = String(deadPid());
    for (let round = 0; round < 60; round++) {
      const folder = path.join(dir, String(round));
      fs.mkdirSync(folder);
      fs.writeFileSync(lockFile(folder), stale);
      const at = Date.now() + 20;
      const outcomes = await Promise.all(contenders.map((contender) => contender.lock(folder, at)));
      expect(
        outcomes.filter((outcome) => outcome === "won"),
        `round ${round}: ${outcomes.join(" / ")}`,
      ).toHaveLength(1);
      expect(outcomes.find((outcome) => outcome !== "won")).toContain(`The data folder ${folder} is in use`);
    }
  });

  it("creates a missing folder", () => {
    const nested = path.join(dir, "a", "b");
    lockDataDir(nested)();
    expect(fs.existsSync(nested)).toBe(true);
  });

  it("names util-linux when the flock command is missing", () => {
    const savedPath = process.env.PATH;
    process.env.PATH = dir;
    try {
      expect(() => lockDataDir(path.join(dir, "data"))).toThrow(/flock.*util-linux/);
    } finally {
      process.env.PATH = savedPath;
    }
  });
});

describe("the server process", () => {
  it("refuses to start on a data folder another process holds, naming the folder", async () => {
    const holder = await holdInChild(dir);
    const result = spawnSync(process.execPath, [path.join(root, "server/main.ts")], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dir, PORT: "39217", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The data folder ${dir} is in use by another process (pid ${holder.pid}`);
  });
});
