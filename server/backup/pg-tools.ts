import { spawn, spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { queryRows } from "../db/sql.ts";

/** The major version of pg_dump or pg_restore on PATH; null when it is not there. */
export function pgToolMajor(tool: "pg_dump" | "pg_restore"): number | null {
  const result = spawnSync(tool, ["--version"], { encoding: "utf8" });
  const match = result.status === 0 ? /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout) : null;
  return match ? Number(match[1]) : null;
}

export async function serverMajor(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT current_setting('server_version_num')::int AS version`,
    z.object({ version: z.number() }),
  );
  return Math.floor((row?.version ?? 0) / 10000);
}

/**
 * Runs a libpq tool on a database: the password goes in the environment, not on the command line
 * where any user of the machine could read it.
 */
export function runPgTool(tool: "pg_dump" | "pg_restore", connectionString: string, args: string[]): Promise<void> {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
