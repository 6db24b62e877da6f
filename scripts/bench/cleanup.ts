/**
 * What the bench leaves behind (servers, wrk, Chromium, temporary folders, a PostgreSQL database) is
 * undone here on a normal end, on a failure and on Ctrl-C, last registered first.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

type Cleanup = () => Promise<void>;

const cleanups: Cleanup[] = [];

/** Registers `undo`; the returned function runs it now and forgets it. */
export function onCleanup(undo: Cleanup): () => Promise<void> {
  cleanups.push(undo);
  return async () => {
    const index = cleanups.indexOf(undo);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await undo();
  };
}

let running: Promise<void> | null = null;

/** Undoes everything registered; a second call while it runs (a signal during the normal end) waits for the first. */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    while (cleanups.length > 0) {
      const undo = cleanups.pop();
      await undo?.().catch((error: unknown) => console.error(`bench: cleanup failed: ${String(error)}`));
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

let signalled = false;

/** True once a signal asked the bench to stop: what fails after that is the stop, not a finding. */
export const interrupted = () => signalled;

/** Ctrl-C or a kill: undo everything, then exit with the signal's conventional status. */
export function cleanupOnSignals(): void {
  for (const [signal, status] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    process.once(signal, () => {
      signalled = true;
      console.error(`\nbench: ${signal}, stopping what it started`);
      void cleanupAll().finally(() => process.exit(status));
    });
  }
}

export async function temporaryFolder(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const remove = onCleanup(() => fs.rm(folder, { recursive: true, force: true }));
  return { path: folder, remove };
}

/**
 * Stops a child this bench spawned: SIGTERM, then SIGKILL after `graceMs`. With `group`, the signal
 * goes to the process group the child leads (spawned with `detached: true`), so its own children stop too.
 */
export async function stopChild(child: ChildProcess, { group = false, graceMs = 10_000 } = {}): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(group ? -pid : pid, signal);
    } catch {
      // Already gone.
    }
  };
  send("SIGTERM");
  const timer = setTimeout(() => send("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Registers `child` to be stopped by the cleanup; the returned function stops it now. */
export function ownChild(child: ChildProcess, options?: { group?: boolean }): () => Promise<void> {
  return onCleanup(() => stopChild(child, options));
}
