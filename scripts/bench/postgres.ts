/** A fresh PostgreSQL database for one bench, dropped when the bench ends. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { onCleanup } from "./cleanup.ts";

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `cms_bench_<random>` on the server `adminUrl` points to; gives its URL. */
export async function temporaryDatabase(adminUrl: string): Promise<{ name: string; url: string }> {
  const name = `cms_bench_${randomBytes(5).toString("hex")}`;
  await run(adminUrl, `CREATE DATABASE ${name}`);
  onCleanup(() => run(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href };
}
