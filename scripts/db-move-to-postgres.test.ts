import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "../server/db/client.ts";
import { lockDataDir } from "../server/db/data-dir-lock.ts";
import { openPgliteFolder } from "../server/db/pglite-template.ts";
import {
  createEmptyPostgres,
  fillEveryKindOfRow,
  sequenceStates,
  tableContents,
} from "../server/db/transfer/test-support.ts";
import { runScript } from "../tests/support/run-script.ts";
import { createTestServices } from "../tests/support/test-services.ts";

/** Runs the script as an operator would; answers its exit code and output. */
const move = (dataDir: string, url: string) => runScript("db-move-to-postgres.ts", [url], { DATA_DIR: dataDir });

let dataDir: string;
let source: { contents: Record<string, string[]>; sequences: Awaited<ReturnType<typeof sequenceStates>> };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-move-"));
  const database = await openPgliteFolder(path.join(dataDir, "db"));
  try {
    await database.migrate();
    await fillEveryKindOfRow(createTestServices(database), database.db);
    source = { contents: await tableContents(database.db), sequences: await sequenceStates(database.db) };
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("npm run db:move-to-postgres", () => {
  it("copies a stopped embedded database into an empty PostgreSQL database and says what to set next", async () => {
    const target = await createEmptyPostgres();
    try {
      const moved = await move(dataDir, target.url);
      expect(moved.stderr).toBe("");
      expect(moved.code).toBe(0);
      expect(moved.stdout).toMatch(/^ {2}menus +\d+ rows$/m);
      expect(moved.stdout).toContain("Row counts and sequences verified.");
      expect(moved.stdout).toContain(`Set DATABASE_URL=${target.url}`);
      expect(moved.stdout).toContain("npm run files:copy-to-s3");

      const copy = await openPostgres(target.url);
      try {
        expect(await tableContents(copy.db)).toEqual(source.contents);
        expect(await sequenceStates(copy.db)).toEqual(source.sequences);
      } finally {
        await copy.close();
      }
      // The embedded database was only read.
      const embedded = await openPglite({ dataDir: path.join(dataDir, "db") });
      try {
        expect(await tableContents(embedded.db)).toEqual(source.contents);
      } finally {
        await embedded.close();
      }

      const again = await move(dataDir, target.url);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^Not moved: The target database is not empty: these tables have rows: /);
    } finally {
      await target.drop();
    }
  }, 120_000);

  it("refuses while the server holds the data folder", async () => {
    const target = await createEmptyPostgres();
    const release = lockDataDir(dataDir);
    try {
      const refused = await move(dataDir, target.url);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is in use by another process");
      expect(refused.stderr).toContain("The server must be stopped");
    } finally {
      release();
      await target.drop();
    }
  }, 60_000);

  it("needs a PostgreSQL address", async () => {
    const refused = await move(dataDir, "mysql://localhost/cms");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Usage: npm run db:move-to-postgres -- postgres://");
  });
});
