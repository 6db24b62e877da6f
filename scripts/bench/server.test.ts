import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceHash, stampPath } from "../build-stamp.ts";
import { parseStartScript, staleBuild } from "./server.ts";

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

describe("parseStartScript", () => {
  it("reads the variables set before node and node's options before the script, and only those", () => {
    expect(
      parseStartScript(
        "GLIBC_TUNABLES=a=1:b=2 LANG=C node --max-semi-space-size=16 --liftoff-only scripts/start.ts X=1 --y",
      ),
    ).toEqual({
      env: { GLIBC_TUNABLES: "a=1:b=2", LANG: "C" },
      nodeOptions: ["--max-semi-space-size=16", "--liftoff-only"],
    });
    expect(parseStartScript("node scripts/start.ts")).toEqual({ env: {}, nodeOptions: [] });
  });

  it("finds the allocator settings and V8's memory options in npm start's own script", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8"));
    const start = parseStartScript(manifest.scripts.start);
    expect(start.env.GLIBC_TUNABLES).toMatch(/glibc\.malloc\.mmap_threshold=/);
    expect(start.nodeOptions).toContain("--max-semi-space-size=16");
  });
});
