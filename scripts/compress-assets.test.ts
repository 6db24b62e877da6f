import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compressAssets } from "./compress-assets.ts";

let folder: string;

const write = (file: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
  fs.writeFileSync(path.join(folder, file), content);
};
const exists = (file: string) => fs.existsSync(path.join(folder, file));
const read = (file: string) => fs.readFileSync(path.join(folder, file));

const script = 'export function greet(name) { return "Olá, " + name; }\n'.repeat(200);
const style = ".card { margin: 0 auto; padding: 1rem; color: #333; }\n".repeat(100);
const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(40)}</svg>\n`;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "cms-compress-"));
  write("assets/entry-abc123.js", script);
  write("assets/root-def456.css", style);
  write("favicon.svg", icon);
  write("assets/manifest.json", JSON.stringify({ routes: Array.from({ length: 50 }, (_, i) => `/route-${i}`) }));
  // Random bytes stand for the build's fonts and images: no encoding would make them smaller.
  write("assets/lato-latin-400.woff2", randomBytes(4096));
  write("assets/logo.png", randomBytes(2048));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("compressAssets", () => {
  it("writes brotli and gzip copies of the text files that decompress to the originals", async () => {
    await compressAssets(folder);
    for (const file of ["assets/entry-abc123.js", "assets/root-def456.css", "favicon.svg", "assets/manifest.json"]) {
      const original = read(file);
      const brotli = read(`${file}.br`);
      const gzip = read(`${file}.gz`);
      expect(brotliDecompressSync(brotli).equals(original), file).toBe(true);
      expect(gunzipSync(gzip).equals(original), file).toBe(true);
      expect(brotli.length, file).toBeLessThan(original.length);
      expect(gzip.length, file).toBeLessThan(original.length);
    }
  });

  it("uses brotli's highest quality: smaller than gzip's best on text", async () => {
    await compressAssets(folder);
    expect(read("assets/entry-abc123.js.br").length).toBeLessThan(read("assets/entry-abc123.js.gz").length);
  });

  it("leaves fonts and images alone", async () => {
    await compressAssets(folder);
    for (const file of ["assets/lato-latin-400.woff2", "assets/logo.png"]) {
      expect(exists(`${file}.br`), file).toBe(false);
      expect(exists(`${file}.gz`), file).toBe(false);
    }
  });

  it("writes no copy that is not smaller, and removes one an earlier run left", async () => {
    write("assets/tiny.js", "1");
    write("assets/tiny.js.br", "left by an earlier build of other content");
    await compressAssets(folder);
    expect(exists("assets/tiny.js.br")).toBe(false);
    expect(exists("assets/tiny.js.gz")).toBe(false);
  });

  it("can run again on its own output: same copies, none of the copies compressed", async () => {
    const first = await compressAssets(folder);
    const brotli = read("assets/entry-abc123.js.br");
    const second = await compressAssets(folder);
    expect(second).toEqual(first);
    expect(read("assets/entry-abc123.js.br").equals(brotli)).toBe(true);
    expect(gunzipSync(read("favicon.svg.gz")).toString()).toBe(icon);
    const all = fs.readdirSync(folder, { recursive: true }).map(String);
    expect(all.filter((file) => /\.(br|gz)\.(br|gz)$/.test(file))).toEqual([]);
  });

  it("counts the files it compressed and their sizes", async () => {
    const summary = await compressAssets(folder);
    expect(summary.files).toBe(4);
    expect(summary.bytes).toBe(
      ["assets/entry-abc123.js", "assets/root-def456.css", "favicon.svg", "assets/manifest.json"]
        .map((file) => read(file).length)
        .reduce((total, size) => total + size, 0),
    );
    expect(summary.brotliBytes).toBeLessThan(summary.bytes / 2);
  });
});
