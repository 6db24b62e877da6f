import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, buildIfChanged, sourceHash, stampPath } from "./build-stamp.ts";

let root: string;
let builds: number;

/** Stands for `react-router build`: empties build/ as it does, then writes the server entry. */
const fakeBuild = () => {
  builds += 1;
  fs.rmSync(path.join(root, "build"), { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "build/server"), { recursive: true });
  fs.writeFileSync(path.join(root, "build/server/index.js"), "export {};\n");
};

const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "cms-stamp-"));
  builds = 0;
  write("app/root.tsx", "export default function Root() {}\n");
  write("app/routes/site/home.tsx", "export default function Home() {}\n");
  write("common/money.ts", "export const cents = 100;\n");
  write("common/money.test.ts", "// a test\n");
  write("public/favicon.svg", "<svg/>\n");
  write("vite.config.ts", "export default {};\n");
  write("react-router.config.ts", "export default {};\n");
  write("tsconfig.json", "{}\n");
  write("package-lock.json", '{"lockfileVersion":3}\n');
  write("server/main.ts", "// the server is not bundled\n");
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("buildIfChanged", () => {
  it("builds the first time and records the sources' hash beside the build", async () => {
    expect(await buildIfChanged(root, fakeBuild)).toBe(true);
    expect(builds).toBe(1);
    expect(fs.readFileSync(stampPath(root), "utf8").trim()).toBe(sourceHash(root));
  });

  it("does not build again while the sources are unchanged", async () => {
    await buildIfChanged(root, fakeBuild);
    expect(await buildIfChanged(root, fakeBuild)).toBe(false);
    expect(await buildIfChanged(root, fakeBuild)).toBe(false);
    expect(builds).toBe(1);
  });

  it.each([
    ["a changed route", () => write("app/routes/site/home.tsx", "export default function Home() { return 1; }\n")],
    ["a new shared module", () => write("common/dates/zone.ts", "export const zone = 'America/Sao_Paulo';\n")],
    ["a deleted file", () => fs.rmSync(path.join(root, "common/money.ts"))],
    ["a renamed file", () => fs.renameSync(path.join(root, "app/root.tsx"), path.join(root, "app/shell.tsx"))],
    ["a changed static file", () => write("public/favicon.svg", "<svg></svg>\n")],
    ["a changed dependency", () => write("package-lock.json", '{"lockfileVersion":3,"packages":{}}\n')],
    ["a changed build setting", () => write("vite.config.ts", "export default { base: '/' };\n")],
  ])("builds again after %s", async (_, change) => {
    await buildIfChanged(root, fakeBuild);
    change();
    expect(await buildIfChanged(root, fakeBuild)).toBe(true);
    expect(builds).toBe(2);
    expect(await buildIfChanged(root, fakeBuild)).toBe(false);
  });

  it.each([
    ["a test", () => write("common/money.test.ts", "// another test\n")],
    ["server code", () => write("server/main.ts", "// changed\n")],
  ])("does not build again after a change to %s, which the bundles never include", async (_, change) => {
    await buildIfChanged(root, fakeBuild);
    change();
    expect(await buildIfChanged(root, fakeBuild)).toBe(false);
    expect(builds).toBe(1);
  });

  it("builds again when the build is gone, though the stamp says current", async () => {
    await buildIfChanged(root, fakeBuild);
    fs.rmSync(path.join(root, "build/server"), { recursive: true });
    expect(await buildIfChanged(root, fakeBuild)).toBe(true);
    expect(builds).toBe(2);
  });

  it("leaves no stamp after a failed build, so the next start builds again", async () => {
    await buildIfChanged(root, fakeBuild);
    write("app/root.tsx", "export default function Root() { broken\n");
    await expect(
      buildIfChanged(root, () => {
        throw new Error("build failed");
      }),
    ).rejects.toThrow("build failed");
    expect(fs.existsSync(stampPath(root))).toBe(false);
    expect(await buildIfChanged(root, fakeBuild)).toBe(true);
  });

  it("hashes every input the project has", () => {
    const project = path.resolve(import.meta.dirname, "..");
    for (const input of BUILD_INPUTS) expect(fs.existsSync(path.join(project, input)), input).toBe(true);
  });
});
