import fs from "node:fs/promises";
import path from "node:path";
import { OUTPUT_DIR } from "./site.ts";

/**
 * The configured site has one library, and spec files run in parallel workers: the specs that fill
 * it and count what is in it (library.spec.ts, library-import-latin1.spec.ts) take turns. The turn
 * is a folder created atomically in this run's output folder, holding its worker's process id, so a
 * worker that died does not keep it.
 */
const TURN = path.join(import.meta.dirname, "../..", OUTPUT_DIR, "library-turn");
const OWNER = path.join(TURN, "pid");

/** How long a spec may wait for the other one to finish with the library. */
export const LIBRARY_TURN_WAIT = 300_000;

async function ownerGone(): Promise<boolean> {
  const pid = Number(await fs.readFile(OWNER, "utf8").catch(() => ""));
  // No id yet: the owner is still writing it.
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Waits for the library, then holds it until the returned function is called. */
export async function takeLibraryTurn(): Promise<() => Promise<void>> {
  await fs.mkdir(path.dirname(TURN), { recursive: true });
  for (;;) {
    try {
      await fs.mkdir(TURN);
      await fs.writeFile(OWNER, String(process.pid));
      return () => fs.rm(TURN, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (await ownerGone()) await fs.rm(TURN, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
