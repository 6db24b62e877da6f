import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/*
 * `npm start` on a machine without a build: scripts/start.ts run as npm runs it, in a folder whose
 * `react-router build` and compress step are stand-ins that print what Vite prints. The stand-in build
 * waits until the test has read the notice, so the notice must come while the build is under way, not
 * after it. The server then refuses PORT=0 and stops, after "Starting the server".
 */

const START = path.resolve(import.meta.dirname, "start.ts");

/** Stands for `react-router build`: Vite's lines, a pause until `go` exists, then the server entry. */
const FAKE_BUILD = `
const fs = require("node:fs");
const wait = (file) => { const until = Date.now() + 15000; while (!fs.existsSync(file)) { if (Date.now() > until) process.exit(3); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); } };
console.log("vite v8.3.8 building client environment for production...");
console.log("transforming...");
wait("go");
console.log("✓ 7754 modules transformed.");
console.log("✓ built in 0.02s");
console.log("vite v8.3.8 building ssr environment for production...");
if (process.env.FAKE_BUILD_FAILS) { console.error("[vite]: Rollup failed to resolve import \\"nowhere\\""); process.exit(2); }
console.log("✓ built in 0.01s");
fs.mkdirSync("build/server", { recursive: true });
fs.writeFileSync("build/server/index.js", "export {};\\n");
`;

let root: string;
let child: ChildProcess | null = null;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "cms-start-"));
  fs.mkdirSync(path.join(root, "node_modules/.bin"), { recursive: true });
  fs.mkdirSync(path.join(root, "scripts"));
  fs.writeFileSync(path.join(root, "node_modules/.bin/react-router"), FAKE_BUILD);
  fs.writeFileSync(path.join(root, "scripts/compress-assets.ts"), 'console.log("compress-assets: 3 files");\n');
});
afterEach(() => {
  if (child?.exitCode === null) child.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

type Run = { stdout: string; stderr: string; status: number | null };

/** Runs `npm start`'s script in `root`, creating `go` once the notice is out. */
function start(env: Record<string, string> = {}): Promise<Run> {
  const running = spawn(process.execPath, [START], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "", PORT: "0", LOG_LEVEL: "silent", ...env },
  });
  child = running;
  let stdout = "";
  let stderr = "";
  running.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes("Preparing the site for the first time")) fs.writeFileSync(path.join(root, "go"), "");
  });
  running.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => running.on("close", (status) => resolve({ stdout, stderr, status })));
}

describe("npm start without a build", () => {
  it("says what it is doing before and while it builds, then starts the server", async () => {
    const { stdout, stderr, status } = await start();
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^Preparing the site for the first time: building the app \(about 15 s/);
    const steps = [
      "  Building the pages' browser files (1/3)...",
      "  Building the server's files (2/3)...",
      "  Compressing the browser files (3/3)...",
      "Starting the server...",
    ];
    const at = steps.map((step) => lines.indexOf(step));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(lines.filter((line) => /^ {2}done in \d+ s$/.test(line))).toHaveLength(3);
    expect(lines).toContainEqual(expect.stringMatching(/^Built in \d+ s\.$/));
    // The build's own lines stay out of the way.
    expect(stdout).not.toContain("modules transformed");
    // Then the real server starts, and stops at the configuration this test gave it.
    expect(stderr).toContain("PORT");
    expect(status).toBe(1);
    expect(fs.readFileSync(path.join(root, "build/.source-hash"), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
  });

  it("shows the build's output and stops when the build fails", async () => {
    const { stdout, stderr, status } = await start({ FAKE_BUILD_FAILS: "1" });
    expect(stdout).not.toContain("Starting the server");
    expect(stderr).toContain('Rollup failed to resolve import "nowhere"');
    expect(stderr).toContain("building ssr environment");
    expect(stderr).toContain("The build failed (node_modules/.bin/react-router exited with 2).");
    expect(status).toBe(2);
    expect(fs.existsSync(path.join(root, "build/.source-hash"))).toBe(false);
  });
});
