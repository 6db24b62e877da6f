/**
 * `npm test`: the unit and integration tests (Vitest), then the browser tests (Playwright).
 * Each runner writes a JSON report; the counts from both end the output as one plain line,
 * `N passed, N failed` (`, N skipped` when any test was skipped), which CI reads.
 * A runner that crashes without a report, or fails outside any test, counts as one failure.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_MISSING, CHROMIUM_PATH } from "../tests/e2e/site.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "node_modules", ".bin");

type Counts = { passed: number; failed: number; skipped: number };

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
};

type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message?: string }[];
};

let current: ReturnType<typeof spawn> | null = null;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

/** Runs a command with the terminal's output; resolves with its exit code (1 when it could not start). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    current = child;
    child.once("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

function add(total: Counts, counts: Counts): void {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}

/** A runner that exited with an error although no test failed still fails the run. */
function withExitCode(counts: Counts, code: number, runner: string): Counts {
  if (code === 0 || counts.failed > 0) return counts;
  console.error(`${runner} exited with code ${code} outside any test: counted as one failure.`);
  return { ...counts, failed: counts.failed + 1 };
}

async function vitest(reports: string, env: NodeJS.ProcessEnv): Promise<Counts> {
  const output = path.join(reports, "vitest.json");
  const code = await run(
    path.join(BIN, "vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`],
    env,
  );
  const report = readJson<VitestReport>(output);
  if (!report) {
    console.error(`vitest exited with code ${code} and wrote no report: counted as one failure.`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  // A test file that fails before its tests run (an import error, a failing hook) has no test results.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  );
  for (const file of brokenFiles) console.error(`vitest: ${path.relative(ROOT, file.name)} failed outside its tests.`);
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  return withExitCode(counts, code, "vitest");
}

/**
 * The browser tests, in one run: on the embedded database every spec, on PostgreSQL the few whose outcome
 * depends on it (docs/decisions/0018). No project waits for the site's specs, so a failure among them
 * skips nothing else (docs/decisions/0019).
 */
async function playwright(reports: string, env: NodeJS.ProcessEnv): Promise<Counts> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(CHROMIUM_MISSING);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const output = path.join(reports, "playwright.json");
  const playwrightEnv: NodeJS.ProcessEnv = { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: output };
  delete playwrightEnv.PLAYWRIGHT_JSON_OUTPUT_FILE;
  const code = await run(path.join(BIN, "playwright"), ["test", "--reporter=list,json"], playwrightEnv);
  const report = readJson<PlaywrightReport>(output);
  if (!report) {
    console.error(`playwright exited with code ${code} and wrote no report: counted as one failure.`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const { stats, errors } = report;
  const counts = {
    passed: stats.expected + stats.flaky,
    // Errors outside tests (global setup, a broken spec file) fail the run as well.
    failed: stats.unexpected + errors.length,
    skipped: stats.skipped,
  };
  return withExitCode(counts, code, "playwright");
}

const reports = mkdtempSync(path.join(os.tmpdir(), "cms-test-reports-"));
// Node 24 from the project's dependencies comes first, for the runners and everything they start.
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ""}` };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
try {
  for (const runner of [vitest, playwright]) {
    if (interrupted) break;
    add(total, await runner(reports, env));
  }
} finally {
  rmSync(reports, { recursive: true, force: true });
}
if (interrupted) total.failed += 1;

console.log(`${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ""}`);
process.exitCode = total.failed > 0 ? 1 : 0;
