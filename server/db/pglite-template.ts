import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type EmbeddedDatabase, migrationsFolder, openPglite } from "./client.ts";

/** Beside the dependencies: a reinstall or a new PGlite empties it, and nothing in it belongs to a site. */
export const TEMPLATE_CACHE = fileURLToPath(new URL("../../node_modules/.cache/cms", import.meta.url));

const TEMPLATE_PREFIX = "pglite-template-";

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), "../package.json"), "utf8"));
  return String(manifest.version);
}

/** Names a template by what its content comes from: every migration file and the PGlite that ran them. */
export function templateKey(): string {
  const hash = createHash("sha256").update(`pglite ${pgliteVersion()}\0`);
  const files = fs
    .readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsFolder, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    const content = fs.readFileSync(path.join(migrationsFolder, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest("hex").slice(0, 32);
}

/**
 * A tarball of a database that initdb and the migrations made and nothing else touched: it is built
 * in memory, never dumped from a data folder, so no site's rows can end up in another site.
 */
export async function createTemplate(): Promise<Blob> {
  const database = await openPglite({});
  try {
    await database.migrate();
    return await database.dump();
  } finally {
    await database.close();
  }
}

/** A half-written copy this old was left by a process that died while writing it. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

/** Another version's template, or a half-written copy nobody is still writing. */
function stale(cacheDir: string, entry: string, current: string, now: number): boolean {
  if (!entry.startsWith(TEMPLATE_PREFIX)) return false;
  const file = path.join(cacheDir, entry);
  if (entry.endsWith(".tar")) return file !== current;
  if (!entry.endsWith(".partial")) return false;
  const written = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? now;
  return now - written > ABANDONED_AFTER_MS;
}

/**
 * Writes under a name of its own, then renames: a reader or a concurrent writer only ever sees a whole
 * file. Then removes the templates of other versions and the half-written copies of crashed writers.
 */
function saveTemplate(cacheDir: string, file: string, template: Buffer): void {
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
    fs.writeFileSync(partial, template);
    fs.renameSync(partial, file);
    const now = Date.now();
    for (const entry of fs.readdirSync(cacheDir)) {
      if (stale(cacheDir, entry, file, now)) fs.rmSync(path.join(cacheDir, entry), { force: true });
    }
  } catch {
    // The cache only saves time: where it cannot be written, each new database is built in full, as without it.
  }
}

/** Where the template for the current migrations is cached. */
export const templatePath = (cacheDir: string) => path.join(cacheDir, `${TEMPLATE_PREFIX}${templateKey()}.tar`);

/** The migrated template, from the cache or built (and cached) the first time its key is missing. */
export async function migratedTemplate(cacheDir = TEMPLATE_CACHE): Promise<Blob> {
  const file = templatePath(cacheDir);
  try {
    return new Blob([await fs.promises.readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const template = await createTemplate();
  saveTemplate(cacheDir, file, Buffer.from(await template.arrayBuffer()));
  return template;
}

/**
 * Opens the database in a data folder. A new folder starts as a copy of the migrated template rather than
 * running initdb and every migration (seconds); the caller still migrates, which adds whatever the
 * template lacks and is a quick no-op otherwise.
 */
export async function openPgliteFolder(dataDir: string, cacheDir = TEMPLATE_CACHE): Promise<EmbeddedDatabase> {
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    // Unpacking the template leaves ~100 MB in the instance that did it, which WebAssembly never gives
    // back: that instance only writes the folder, and the server opens it afresh like any other.
    const unpacking = await openPglite({ dataDir, loadDataDir: await migratedTemplate(cacheDir) });
    await unpacking.close();
  }
  return openPglite({ dataDir });
}
