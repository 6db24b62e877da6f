/**
 * The test files whose outcome depends on the database engine: those that reach, through their imports,
 * a module that chooses the engine (database.ts, which copies the migrated template of the run's engine,
 * or one reading TEST_DATABASE_URL). On PostgreSQL, Vitest runs only these (vitest.config.ts): the rest
 * gives the same result on either engine and runs once, on the embedded database
 * (docs/decisions/0018-browser-tests-once.md). database.ts checks, on both engines, that a file opening a
 * database is among them, so one this reading misses fails instead of being left out on PostgreSQL.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Vitest's test files (vitest.config.ts's include). */
export const TEST_FILE_PATTERNS = [
  "server/**/*.test.ts",
  "common/**/*.test.ts",
  "tests/**/*.test.ts",
  "scripts/**/*.test.ts",
];

/**
 * A module that asks the global setup for the run's engine and template (database.ts, the transfer tests'
 * support), or reads the variable that names the tests' PostgreSQL (a server started on it).
 */
const ENGINE_CHOICE = /\binject\(\s*["']databaseTemplate["']\s*\)|\benv\.TEST_DATABASE_URL\b/;

// Static and dynamic imports, and re-exports, of the project's own modules (relative paths).
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The project's modules each of `files` reaches, with the modules each one imports. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(file)) continue;
    const imports: string[] = [];
    for (const match of fs.readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const target = match[1] ? resolveImport(file, match[1]) : null;
      if (target && !target.includes(`${path.sep}node_modules${path.sep}`)) imports.push(target);
    }
    graph.set(file, imports);
    pending.push(...imports);
  }
  return graph;
}

/** The modules of the graph that open the tests' database or import, at some depth, one that does. */
function engineDependent(graph: Map<string, string[]>): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [file, imports] of graph) {
    for (const target of imports) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
  const dependent = new Set<string>();
  const pending = [...graph.keys()].filter((file) => ENGINE_CHOICE.test(fs.readFileSync(file, "utf8")));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (dependent.has(file)) continue;
    dependent.add(file);
    pending.push(...(importers.get(file) ?? []));
  }
  return dependent;
}

/** Every test file of the patterns, as paths from the project's root, sorted. */
export function allTestFiles(): string[] {
  return fs
    .globSync(TEST_FILE_PATTERNS, { cwd: ROOT, exclude: (name) => name === "node_modules" })
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

/** The test files that depend on the database engine, as paths from the project's root, sorted. */
export function databaseTestFiles(): string[] {
  const files = allTestFiles();
  const dependent = engineDependent(importGraph(files.map((file) => path.join(ROOT, file))));
  return files.filter((file) => dependent.has(path.join(ROOT, file)));
}
