import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../server/db/client.ts";
import { databaseTestFiles } from "./database-test-files.ts";
import { databaseUrlFor } from "./database-url.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database. PostgreSQL: name of a migrated template database. */
    databaseTemplate: { engine: "pglite"; dumpPath: string } | { engine: "postgres"; url: string; template: string };
    /** The test files that run on both engines (database-test-files.ts), as paths from the project's root. */
    databaseTestFiles: string[];
  }
}

/** Migrates once per run; every test file then starts from a copy. */
export default async function setup(project: TestProject) {
  project.provide("databaseTestFiles", databaseTestFiles());
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `cms_test_tpl_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openPostgres(databaseUrlFor(serverUrl, template));
    await database.migrate();
    await database.close();
    project.provide("databaseTemplate", { engine: "postgres", url: serverUrl, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite({});
  await database.migrate();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-test-"));
  const dumpPath = path.join(dir, "template.tar");
  await fs.writeFile(dumpPath, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.close();
  project.provide("databaseTemplate", { engine: "pglite", dumpPath });
  return () => fs.rm(dir, { recursive: true, force: true });
}
