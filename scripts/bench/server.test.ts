import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceHash, stampPath } from "../build-stamp.ts";
import { staleBuild, startScriptEnv } from "./server.ts";

let root: string;

const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "cms-bench-stale-"));
  write("app/root.tsx", "export default function Root() {}\n");
  write("package-lock.json", "{}\n");
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("staleBuild", () => {
  it("says why npm start would build, and what to run instead", () => {
    expect(staleBuild(root)).toMatch(/^there is no production build .*Build first: `npm run build`$/);
    write("build/server/index.js", "export {};\n");
    expect(staleBuild(root)).toMatch(
      /^build\/ has no stamp build\/\.source-hash, which `npm run build` and `npm start` write/,
    );
    write("build/.source-hash", `${sourceHash(root)}\n`);
    expect(staleBuild(root)).toBeNull();
    write("app/root.tsx", "export default function Root() { return null; }\n");
    expect(staleBuild(root)).toMatch(/^the sources changed since build\/ was made/);
    expect(fs.existsSync(stampPath(root))).toBe(true);
  });
});

describe("startScriptEnv", () => {
  it("reads the variables set before the command, and only those", () => {
    expect(startScriptEnv("GLIBC_TUNABLES=a=1:b=2 LANG=C node scripts/start.ts X=1")).toEqual({
      GLIBC_TUNABLES: "a=1:b=2",
      LANG: "C",
    });
    expect(startScriptEnv("node scripts/start.ts")).toEqual({});
  });

  it("finds the allocator settings in npm start's own script", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8"));
    expect(startScriptEnv(manifest.scripts.start).GLIBC_TUNABLES).toMatch(/glibc\.malloc\.mmap_threshold=/);
  });
});
