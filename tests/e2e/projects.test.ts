import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { CONFIGURED_URL, EVERY_PAGE_URL, SHOP_SITES } from "./site.ts";

// The embedded database's projects, whichever database this run of Vitest is on: the config gives
// PostgreSQL's when TEST_DATABASE_URL is set, and this file holds the embedded run's rules.
delete process.env.TEST_DATABASE_URL;
const { default: config } = await import("../../playwright.config.ts");

type Project = NonNullable<typeof config.projects>[number];

const E2E = path.join(import.meta.dirname);
const files = fs.readdirSync(E2E).filter((name) => /\.(spec|setup)\.ts$/.test(name));
const patterns = (value: Project["testMatch"]) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const matches = (pattern: string | RegExp, file: string) =>
  typeof pattern === "string" ? file.endsWith(pattern.replace("**/*", "")) : pattern.test(path.join(E2E, file));

/** Whether Playwright gives `file` to `project`: its testMatch (else the config's), less its testIgnore. */
function runs(project: Project, file: string): boolean {
  const wanted = patterns(project.testMatch ?? config.testMatch);
  return (
    wanted.some((pattern) => matches(pattern, file)) && !patterns(project.testIgnore).some((p) => matches(p, file))
  );
}

const projects = config.projects ?? [];

describe("the browser suite's projects on the embedded database", () => {
  test("every spec runs in exactly one project, but PostgreSQL's own (the processes, dues falling behind)", () => {
    const owners = Object.fromEntries(
      files.map((file) => [file, projects.filter((project) => runs(project, file)).map((project) => project.name)]),
    );
    const postgresOnly = ["processes.spec.ts", "members-late.spec.ts"];
    for (const file of postgresOnly) expect(owners[file], file).toEqual([]);
    const elsewhere = Object.entries(owners).filter(
      ([file, names]) => !postgresOnly.includes(file) && names.length !== 1,
    );
    expect(elsewhere).toEqual([]);
  });

  test("only every page waits for another project, its setup: a failure elsewhere skips nothing", () => {
    const waiting = projects.filter((project) => (project.dependencies ?? []).length > 0);
    expect(waiting.map((project) => [project.name, project.dependencies])).toEqual([
      ["every-page", ["every-page-setup"]],
    ]);
    expect(projects.some((project) => project.teardown)).toBe(false);
  });

  test("each shop spec and every page have a site of their own, apart from the configured one", () => {
    const sites = projects.map((project) => project.use?.baseURL ?? CONFIGURED_URL);
    const shopSites = projects
      .filter((project) => (SHOP_SITES as readonly string[]).includes(project.name ?? ""))
      .map((project) => project.use?.baseURL);
    expect(shopSites).toHaveLength(SHOP_SITES.length);
    expect(new Set([...shopSites, EVERY_PAGE_URL, CONFIGURED_URL]).size).toBe(SHOP_SITES.length + 2);
    expect(sites.filter((url) => url === EVERY_PAGE_URL)).toHaveLength(2);
  });
});
