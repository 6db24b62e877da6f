/**
 * `npm start`: builds the app only when its sources changed since the last build (scripts/build-stamp.ts),
 * then runs the production server in this same process, so that signals reach it directly. A build takes
 * from a quarter of a minute to a few minutes (README), so it says what it is doing as it goes; the
 * build's own output is kept back and shown only if it fails.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import readline from "node:readline";
import { buildIfChanged } from "./build-stamp.ts";

// The server reads build/ from its working folder, which npm sets to the project's.
const root = process.cwd();

/** How often a long step says it is still at work. */
const STILL_WORKING_MS = 20_000;

const say = (line: string) => process.stdout.write(`${line}\n`);

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

/**
 * Runs one step of `npm run build` (package.json); `npm start` stops with its output if it fails.
 * `onLine` reads its output as it comes, to tell where it is.
 */
function runBuildStep(script: string, args: string[], onLine: (line: string) => void = () => {}): Promise<void> {
  // Into build/, where the server looks, whatever CMS_BUILD_DIR (the browser tests' own folder) says.
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CMS_BUILD_DIR: undefined },
  });
  const output: string[] = [];
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    output.push(line);
    onLine(line);
  });
  readline.createInterface({ input: child.stderr }).on("line", (line) => output.push(line));
  return new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`Could not run ${script}: ${error.message}\n`);
      process.exit(1);
    });
    child.on("close", (status) => {
      if (status === 0) return resolve();
      process.stderr.write(`${output.join("\n")}\n\nThe build failed (${script} exited with ${status}).\n`);
      process.exit(status ?? 1);
    });
  });
}

/** The client, the server, the compressed copies: each step said when it starts and when it is done. */
async function build() {
  const started = performance.now();
  const firstTime = !fs.existsSync(path.join(root, "build"));
  say(
    firstTime
      ? "Preparing the site for the first time: building the app (about 15 s on an idle 2-core machine, a minute or more on a busy one)..."
      : "The sources changed since the last build: building the app again...",
  );
  let step = "";
  let stepStarted = started;
  let stillWorking: NodeJS.Timeout | undefined;
  const begin = (name: string) => {
    step = name;
    stepStarted = performance.now();
    say(`  ${name}...`);
    clearInterval(stillWorking);
    stillWorking = setInterval(() => say(`  ${step}: still working (${seconds(stepStarted)})`), STILL_WORKING_MS);
  };
  const finish = () => {
    clearInterval(stillWorking);
    say(`  done in ${seconds(stepStarted)}`);
  };
  try {
    // Vite's own lines tell which of React Router's two builds is under way.
    await runBuildStep("node_modules/.bin/react-router", ["build"], (line) => {
      if (/building client environment/.test(line)) begin("Building the pages' browser files (1/3)");
      else if (/building ssr environment/.test(line)) begin("Building the server's files (2/3)");
      else if (/built in/.test(line) && step !== "") finish();
    });
    begin("Compressing the browser files (3/3)");
    await runBuildStep("scripts/compress-assets.ts", []);
    finish();
  } finally {
    clearInterval(stillWorking);
  }
  say(`Built in ${seconds(started)}.`);
}

const built = await buildIfChanged(root, build);
if (!built) say("build/ is current (sources unchanged since it was made): not rebuilding");

// V8's compiled code for the server's modules and the build, kept between starts (~0.25 s of a start).
module.enableCompileCache(path.join(root, "node_modules/.cache/cms/compile"));

say("Starting the server...");
// Before the server's modules load: React and the configuration read it as they do.
process.env.NODE_ENV = "production";
await import("../server/main.ts");
// Saved now rather than at exit, which a killed process never reaches.
module.flushCompileCache();
