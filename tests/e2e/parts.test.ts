import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PLAYWRIGHT = path.join(ROOT, "node_modules/.bin/playwright");

type ListedSuite = {
  specs?: { file: string; title: string; tests: { projectName: string }[] }[];
  suites?: ListedSuite[];
};
type Listed = { suites: ListedSuite[]; errors: { message?: string }[] };

/** The browser tests Playwright would run, as "project › file › title", without running them. */
async function listTests(env: Record<string, string | undefined>): Promise<string[]> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const { stdout } = await promisify(execFile)(PLAYWRIGHT, ["test", "--list", "--reporter=json"], {
    cwd: ROOT,
    env: childEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
  const listed = JSON.parse(stdout) as Listed;
  expect(listed.errors).toEqual([]);
  const names: string[] = [];
  const walk = (suite: ListedSuite) => {
    for (const spec of suite.specs ?? [])
      for (const run of spec.tests) names.push(`${run.projectName} › ${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of listed.suites) walk(suite);
  return names.sort();
}

// npm test runs the embedded database's browser suite in two parts so that a failure among the site's
// specs does not skip the shop's chain (docs/decisions/0019): the parts must add up to the whole.
describe("the browser suite's two parts on the embedded database", () => {
  test("the site's specs and the chain are the whole suite, each test in one part", async () => {
    const embedded = { TEST_DATABASE_URL: undefined, E2E_EVERY_PAGE_ALONE: undefined };
    const [whole, site, chain] = await Promise.all([
      listTests({ ...embedded, E2E_PART: undefined }),
      listTests({ ...embedded, E2E_PART: "site" }),
      listTests({ ...embedded, E2E_PART: "chain" }),
    ]);
    expect(site.length).toBeGreaterThan(100);
    expect(new Set(site.map((name) => name.split(" › ")[0]))).toEqual(new Set(["site"]));
    // The chain lists without the site's project, so its first spec no longer waits for it.
    expect(chain.some((name) => name.startsWith("shop › shop.spec.ts"))).toBe(true);
    expect(chain.some((name) => name.startsWith("every-page › every-page.spec.ts"))).toBe(true);
    expect(chain.filter((name) => site.includes(name))).toEqual([]);
    expect([...site, ...chain].sort()).toEqual(whole);
  });

  test("a part that does not exist stops the run with its name", async () => {
    await expect(listTests({ TEST_DATABASE_URL: undefined, E2E_PART: "loja" })).rejects.toThrow(
      "E2E_PART must be site or chain",
    );
  });
});
