import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allTestFiles, databaseTestFiles } from "./database-test-files.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DATABASE_HELPER =
  /from "[./]*\/?(?:tests\/)?support\/(?:database|test-app|with-test-app|with-test-services)\.ts"/;

describe("the test files that run on PostgreSQL too", () => {
  const all = allTestFiles();
  const database = databaseTestFiles();

  it("include every file importing a helper that opens a database, and one that reads TEST_DATABASE_URL", () => {
    const importers = all.filter((file) => DATABASE_HELPER.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(importers.length).toBeGreaterThan(20);
    expect(importers.filter((file) => !database.includes(file))).toEqual([]);
    expect(database).toContain("server/metrics/metrics.test.ts");
  });

  it("leave out the pure ones: common/'s, and this file's", () => {
    expect(database.filter((file) => file.startsWith("common/"))).toEqual([]);
    expect(database).not.toContain("tests/support/database-test-files.test.ts");
    expect(database.every((file) => all.includes(file))).toBe(true);
  });

  it("come from every test file of vitest.config.ts's patterns, once each", () => {
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain("common/money.test.ts");
    expect(all.some((file) => file.includes("node_modules"))).toBe(false);
  });
});
