import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll } from "vitest";

const run = promisify(execFile);

/** How one of the operator's commands ended. */
export type ScriptRun = { code: number; stdout: string; stderr: string };

/**
 * Runs one of scripts/ (`name`, such as "backup.ts") as an operator would, and answers its exit code and
 * output. It gets PATH and `env` only: the test runner's own variables (BASE_URL "/") are not an operator's.
 */
export async function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.resolve("scripts", name), ...args], {
      env: { PATH: process.env.PATH, ...env },
      // A command that hangs fails its test instead of holding the run.
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as ScriptRun;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Registers the removal of the file's temporary folders after its tests; answers the maker of one. */
export function withTempFolders(): (prefix: string) => Promise<string> {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((made) => fs.rm(made, { recursive: true, force: true }))));
  return async (prefix) => {
    const made = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    folders.push(made);
    return made;
  };
}
