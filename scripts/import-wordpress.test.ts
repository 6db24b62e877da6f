import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../server/db/data-dir-lock.ts";
import { openPgliteFolder } from "../server/db/pglite-template.ts";
import { createHttpApp } from "../server/http/app.ts";
import { pages, posts } from "../server/modules/content/tables.ts";
import { menus } from "../server/modules/menus/tables.ts";
import { settings } from "../server/modules/settings/tables.ts";
import { uploads } from "../server/modules/uploads/tables.ts";
import { users } from "../server/modules/users/tables.ts";
import { runScript } from "../tests/support/run-script.ts";
import { createTestServices } from "../tests/support/test-services.ts";

const FIXTURES = path.resolve("tests/fixtures/wordpress");

/** Runs the command as an operator would, on the embedded database of `dataDir`. */
const importWordPress = (dataDir: string, ...args: string[]) =>
  runScript("import-wordpress.ts", args, { DATA_DIR: dataDir });

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
      expect(held.stderr).toMatch(
        /^A pasta de dados .+ está em uso por outro processo \(o servidor está rodando\?\)\.$/m,
      );
      expect(held.stderr).toMatch(/Pare o servidor antes de importar/);
      // The server's own message (it goes to a log) is English: none of it here.
      expect(held.stderr).not.toMatch(/in use|another process|Stop it/i);
    } finally {
      release();
    }
  }, 60_000);
});

describe("npm run import:wordpress on a data folder nobody has set up", () => {
  let fresh: string;
  beforeAll(async () => {
    fresh = await fs.mkdtemp(path.join(os.tmpdir(), "cms-wp-cli-fresh-"));
  });
  afterAll(() => fs.rm(fresh, { recursive: true, force: true }));

  it("says in Portuguese how to import into it, and sets nothing up", async () => {
    const refused = await importWordPress(fresh, path.join(FIXTURES, "site.xml"), "--files", "none");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^O site ainda não foi configurado\./);
    expect(refused.stderr).toMatch(/--as seu@email\.org --name "Seu nome"/);
    expect(refused.stderr).not.toMatch(/Super:|setup|configuração inicial:/);
    await withDatabase(fresh, async (database) => {
      expect(await database.db.select().from(settings)).toEqual([]);
      expect(await database.db.select().from(users)).toEqual([]);
    });
  }, 120_000);

  it("with --as, sets the site up as the server's first-time setup would, with no password made up, and imports", async () => {
    const done = await importWordPress(
      fresh,
      path.join(FIXTURES, "site.xml"),
      "--files",
      "none",
      "--as",
      "Sara@Vale.example",
      "--name",
      "Sara Souza",
    );
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(
      /^Site configurado: "Cooperativa Vale Verde", com sara@vale\.example como usuário Super, ainda sem senha\.$/m,
    );
    expect(done.stdout).toMatch(/^Para entrar, abra \/esqueci-minha-senha e peça o link para criar a sua senha/m);
    expect(done.stdout).toMatch(/^Importação concluída:$/m);
    await withDatabase(fresh, async (database) => {
      const [site] = await database.db.select().from(settings);
      expect(site?.title).toBe("Cooperativa Vale Verde");
      expect(site?.features.posts.enabled).toBe(true);
      const [front] = await database.db.select().from(pages).where(eq(pages.slug, "inicio"));
      expect(site?.homePageId).toBe(front?.id);
      const people = await database.db.select().from(users);
      expect(people.map(({ name, email, role }) => ({ name, email, role }))).toEqual([
        { name: "Sara Souza", email: "sara@vale.example", role: "super" },
      ]);
      // No password opens the account until she chooses one.
      expect(people[0]?.passwordHash).toBe("!");
      const menu = await database.db.select().from(menus);
      expect(menu.filter((item) => item.name === "Notícias")).toHaveLength(1);
    });
    // Set up now: the command imports as it always did, as the first super user.
    const again = await importWordPress(fresh, path.join(FIXTURES, "site.xml"), "--files", "none");
    expect(again.code).toBe(0);
    expect(again.stdout).not.toMatch(/Site configurado/);
  }, 240_000);
});
