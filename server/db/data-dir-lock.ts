import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockError extends Error {
  /** Another process holds the folder (a running server): what a command tells its operator in her words. */
  readonly inUse: boolean;
  constructor(message: string, inUse = false) {
    super(message);
    this.inUse = inUse;
  }
}

/** Lock files this process holds, for a clear message before the kernel would refuse us anyway. */
const held = new Set<string>();

type Holder = { pid: number; host: string; started: string };

function describeHolder(lockPath: string): string {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Partial<Holder>;
    return holder.pid ? ` (pid ${holder.pid} on ${holder.host}, since ${holder.started})` : "";
  } catch {
    // The winner truncates before it writes; a reader in between only loses the details.
    return "";
  }
}

/**
 * PGlite has no lock of its own and two processes on one folder silently lose
 * rows, so the embedded mode owns its folder through flock(2) on
 * DATA_DIR/cms.lock (docs/decisions/0006). Node has no flock API: the util-linux
 * `flock` command takes the lock on our open file (passed as its fd 3). The lock
 * belongs to the open file description, which this process keeps after the
 * command exits, so the kernel holds it until we close the file or die (even by
 * SIGKILL): taking it is atomic and there is no stale lock to take over. The
 * file is never deleted: a deleted file could be locked by one process while
 * another creates and locks a new one.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(fs.realpathSync(dataDir), "cms.lock");
  if (held.has(lockPath)) {
    throw new DataDirLockError(`The data folder ${dataDir} is already open in this process.`);
  }
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  const result = spawnSync("flock", ["-x", "-n", "3"], { stdio: ["ignore", "ignore", "pipe", fd] });
  if (result.status !== 0) {
    fs.closeSync(fd);
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
      throw new DataDirLockError(
        "The `flock` command is missing: install util-linux (Debian/Ubuntu: apt-get install util-linux) to lock the data folder.",
      );
    }
    if (result.status === 1) {
      throw new DataDirLockError(
        `The data folder ${dataDir} is in use by another process${describeHolder(lockPath)}. Stop it or choose another DATA_DIR.`,
        true,
      );
    }
    throw new DataDirLockError(
      `Could not lock the data folder ${dataDir}: ${result.stderr?.toString().trim() || (result.error?.message ?? `flock exited with ${result.status ?? result.signal}`)}`,
    );
  }
  const holder: Holder = { pid: process.pid, host: os.hostname(), started: new Date().toISOString() };
  fs.ftruncateSync(fd);
  fs.writeSync(fd, JSON.stringify(holder), 0);
  held.add(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(lockPath);
    fs.closeSync(fd);
  };
}
