import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../server/db/data-dir-lock.ts";
import { openPgliteFolder } from "../server/db/pglite-template.ts";
import { createHttpApp } from "../server/http/app.ts";
import { pages, posts } from "../server/modules/content/tables.ts";
import { uploads } from "../server/modules/uploads/tables.ts";
import { createTestServices } from "../tests/support/test-services.ts";

const run = promisify(execFile);
const script = path.resolve("scripts/import-wordpress.ts");
const FIXTURES = path.resolve("tests/fixtures/wordpress");

/** Runs the command as an operator would, on the embedded database of `dataDir`. */
async function importWordPress(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function withDatabase<T>(
  dataDir: string,
  work: (database: Awaited<ReturnType<typeof openPgliteFolder>>) => Promise<T>,
) {
  const database = await openPgliteFolder(path.join(dataDir, "db"));
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-wp-cli-"));
  await withDatabase(dataDir, async (database) => {
    const app = createHttpApp(createTestServices(database));
    const response = await app.request("/api/settings/setup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        title: "Cooperativa",
        admin_name: "Ana",
        email: "ana@example.com",
        password: "segredo123",
        password_confirmation: "segredo123",
      }),
    });
    expect(response.status).toBe(201);
  });
}, 120_000);
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("npm run import:wordpress", () => {
  it("previews, imports with the files of a folder, and changes nothing when run again", async () => {
    const uploadsFolder = path.join(FIXTURES, "uploads");
    const first = await importWordPress(dataDir, path.join(FIXTURES, "site.xml"), "--files", uploadsFolder);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^ {2}Páginas: 4$/m);
    expect(first.stdout).toMatch(/^Importação concluída:$/m);
    expect(first.stdout).toMatch(/^ {2}Arquivos e imagens: 1 novos, 0 atualizados, 0 sem mudança$/m);

    const again = await importWordPress(dataDir, path.join(FIXTURES, "site.xml"), "--files", uploadsFolder);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ {2}Páginas: 0 novos, 0 atualizados, 4 sem mudança$/m);

    await withDatabase(dataDir, async (database) => {
      expect(await database.db.select().from(pages)).toHaveLength(4);
      expect((await database.db.select().from(posts)).length).toBeGreaterThan(20);
      expect(await database.db.select().from(uploads)).toHaveLength(1);
    });
  }, 120_000);

  it("says what is wrong with a file that is not an export, and imports nothing", async () => {
    const notXml = path.join(dataDir, "nada.xml");
    await fs.writeFile(notXml, "isto não é XML");
    const refused = await importWordPress(dataDir, notXml, "--files", "none");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/O arquivo não é um XML válido/);
  }, 60_000);

  it("refuses while a server holds the embedded database", async () => {
    const release = lockDataDir(dataDir);
    try {
      const held = await importWordPress(dataDir, path.join(FIXTURES, "site.xml"));
      expect(held.code).toBe(1);
      expect(held.stderr).toMatch(/Pare o servidor antes de importar/);
    } finally {
      release();
    }
  }, 60_000);
});
