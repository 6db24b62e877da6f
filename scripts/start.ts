/**
 * `npm start`: builds the app only when its sources changed since the last build (scripts/build-stamp.ts),
 * then runs the production server in this same process, so that signals reach it directly.
 */
import { spawnSync } from "node:child_process";
import module from "node:module";
import path from "node:path";
import { buildIfChanged } from "./build-stamp.ts";

// The server reads build/ from its working folder, which npm sets to the project's.
const root = process.cwd();

/** Runs one step of `npm run build` (package.json); `npm start` stops if it fails. */
function runBuildStep(script: string, args: string[]) {
  // Into build/, where the server looks, whatever CMS_BUILD_DIR (the browser tests' own folder) says.
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CMS_BUILD_DIR: undefined },
  });
  if (result.error) process.stderr.write(`Could not run ${script}: ${result.error.message}\n`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const built = buildIfChanged(root, () => {
  runBuildStep("node_modules/.bin/react-router", ["build"]);
  runBuildStep("scripts/compress-assets.ts", []);
});
if (!built) process.stdout.write("build/ is current (sources unchanged since it was made): not rebuilding\n");

// V8's compiled code for the server's modules and the build, kept between starts (~0.25 s of a start).
module.enableCompileCache(path.join(root, "node_modules/.cache/cms/compile"));

// Before the server's modules load: React and the configuration read it as they do.
process.env.NODE_ENV = "production";
await import("../server/main.ts");
// Saved now rather than at exit, which a killed process never reaches.
module.flushCompileCache();
