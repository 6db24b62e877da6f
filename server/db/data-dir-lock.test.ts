import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, "cms.lock");

/** Another process holding the folder, as a second server would. */
async function holdInChild(folder: string): Promise<ChildProcess> {
  const code = `import { lockDataDir } from ${JSON.stringify(path.join(root, "server/db/data-dir-lock.ts"))};
lockDataDir(${JSON.stringify(folder)}); process.stdout.write("locked\\n"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.on("exit", (status) => reject(new Error(`lock holder exited with ${status}`)));
  });
  return child;
}

describe("lockDataDir", () => {
  it("writes our pid, refuses a second lock on the same folder, and releasing removes the file", () => {
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(`${dir}/`)).toThrow(dir);
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
    release();
    lockDataDir(dir)();
  });

  it("refuses a folder held by another live process, naming the folder and the pid", async () => {
    const holder = await holdInChild(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`The data folder ${dir} is in use by another process (pid ${holder.pid}).`);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(holder.pid));
  });

  it("takes over a stale lock left by a dead process", () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    fs.writeFileSync(lockFile(), String(dead));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over a lock naming our own pid that this process does not hold (a restarted container)", () => {
    fs.writeFileSync(lockFile(), String(process.pid));
    lockDataDir(dir)();
    fs.writeFileSync(lockFile(), "");
    lockDataDir(dir)();
  });

  it("creates a missing folder", () => {
    const nested = path.join(dir, "a", "b");
    lockDataDir(nested)();
    expect(fs.existsSync(nested)).toBe(true);
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
    expect(result.stderr).toContain(`The data folder ${dir} is in use by another process`);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(holder.pid));
  });
});
