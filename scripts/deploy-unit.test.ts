import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStartScript } from "./bench/server.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("docs/deploy.md's systemd unit", () => {
  it("runs node with the variables and options of `npm run serve`, which keep the memory peak within a 1 GB server", () => {
    const manifest = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    const serve = parseStartScript(manifest.scripts.serve ?? "");
    const unit = read("docs/deploy.md");
    const execStart = /^ExecStart=\S+\/node (.*) server\/main\.ts$/m.exec(unit);
    expect(execStart?.[1]?.split(" ")).toEqual(serve.nodeOptions);
    expect(serve.nodeOptions).toContain("--max-semi-space-size=16");
    const { NODE_ENV, ...allocator } = serve.env;
    expect(NODE_ENV).toBe("production");
    expect(unit).toMatch(/^NODE_ENV=production$/m);
    for (const [name, value] of Object.entries(allocator)) expect(unit).toContain(`Environment=${name}=${value}\n`);
    expect(Object.keys(allocator)).toContain("GLIBC_TUNABLES");
  });
});
