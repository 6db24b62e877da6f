/**
 * Whether the production build matches the sources: `npm start` (scripts/start.ts) rebuilds only when
 * the hash of what the build reads (`react-router build`, then scripts/compress-assets.ts) differs from
 * the one recorded beside the last build.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * What the client and server bundles are made of: the app and the code it shares with the server
 * (app/ imports server/ only for types, which the build drops), the static files, the build's
 * configuration, the exact dependencies and the step that writes the client files' compressed copies
 * (a build made before that step existed or changed lacks them or has others). Tests are never bundled,
 * so editing one does not rebuild.
 */
export const BUILD_INPUTS = [
  "app",
  "common",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "scripts/compress-assets.ts",
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Written beside the build only once it succeeded. */
export const stampPath = (root: string) => path.join(root, "build", ".source-hash");

/** The server entry the production server imports (server/main.ts). */
const serverEntry = (root: string) => path.join(root, "build", "server", "index.js");

/** A content hash of every build input, by path and content, in a fixed order. */
export function sourceHash(root: string): string {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    const full = path.join(root, input);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    const files = !stat
      ? []
      : stat.isDirectory()
        ? fs
            .readdirSync(full, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile() && !isTest(entry.name))
            .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
            .sort()
        : [input];
    hash.update(`${input}\0${files.length}\0`);
    for (const file of files) {
      const content = fs.readFileSync(path.join(root, file));
      hash.update(`${file}\0${content.length}\0`).update(content);
    }
  }
  return hash.digest("hex");
}

/** The build is current when it exists and was made from sources with this very hash. */
export function buildIsCurrent(root: string, hash: string): boolean {
  const stamp = stampPath(root);
  if (!fs.existsSync(serverEntry(root)) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, "utf8").trim() === hash;
}

/**
 * Builds when the sources changed since the last build (or there is none), then records their hash.
 * The old stamp goes first, so a build that fails or is interrupted is never taken for a current one.
 * Returns whether it built.
 */
export async function buildIfChanged(root: string, build: () => void | Promise<void>): Promise<boolean> {
  const hash = sourceHash(root);
  if (buildIsCurrent(root, hash)) return false;
  fs.rmSync(stampPath(root), { force: true });
  await build();
  fs.writeFileSync(stampPath(root), `${hash}\n`);
  return true;
}

/**
 * `node scripts/build-stamp.ts`, the last step of `npm run build`: stamps build/ with the sources it was
 * just made from, so that `npm start` (and `npm run bench`) serve it without building again.
 */
if (import.meta.main) fs.writeFileSync(stampPath(process.cwd()), `${sourceHash(process.cwd())}\n`);
