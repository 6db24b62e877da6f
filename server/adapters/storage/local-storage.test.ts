import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage, isSafeKey } from "./local-storage.ts";

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "cms-storage-"));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const text = (value: string) => new TextEncoder().encode(value);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("isSafeKey", () => {
  it("accepts plain relative paths only", () => {
    expect(isSafeKey("images/2026/05/0f8c/original.jpg")).toBe(true);
    expect(isSafeKey("a_b-c.d")).toBe(true);
    for (const key of [
      "",
      "../x",
      "a/../x",
      "./x",
      "a/./x",
      "/etc/passwd",
      "a//b",
      "a/",
      ".hidden",
      "a\\b",
      "a b",
      "á.png",
      "a\0b",
    ]) {
      expect(isSafeKey(key), key).toBe(false);
    }
  });
});

describe("local storage", () => {
  it("writes, reads back with the content type of the extension, and deletes", async () => {
    const storage = createLocalStorage(root);
    await storage.put("images/2026/05/x/thumb.webp", text("webp"), "image/webp");
    await storage.put("docs/planilha.XLSX", text("xlsx"), "application/octet-stream");
    await storage.put("docs/sem-extensao", text("?"), "application/octet-stream");

    const thumb = await storage.get("images/2026/05/x/thumb.webp");
    expect(thumb).toMatchObject({ size: 4, contentType: "image/webp" });
    expect(thumb && (await readAll(thumb.body))).toBe("webp");
    expect((await storage.get("docs/planilha.XLSX"))?.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect((await storage.get("docs/sem-extensao"))?.contentType).toBe("application/octet-stream");

    await storage.delete("images/2026/05/x/thumb.webp");
    expect(await storage.get("images/2026/05/x/thumb.webp")).toBeNull();
    await storage.delete("images/2026/05/x/thumb.webp");
  });

  it("replaces a file whole and leaves no temporary files behind", async () => {
    const storage = createLocalStorage(root);
    await storage.put("a/b.txt", text("primeira"), "text/plain");
    await storage.put("a/b.txt", text("segunda"), "text/plain");
    expect(await fs.readdir(path.join(root, "a"))).toEqual(["b.txt"]);
    const file = await storage.get("a/b.txt");
    expect(file && (await readAll(file.body))).toBe("segunda");
  });

  it("answers null for missing files and folders, and refuses unsafe keys", async () => {
    const storage = createLocalStorage(root);
    await storage.put("a/b.txt", text("x"), "text/plain");
    await fs.writeFile(path.join(path.dirname(root), `${path.basename(root)}-fora.txt`), "fora");
    expect(await storage.get("a/nada.txt")).toBeNull();
    expect(await storage.get("a")).toBeNull();
    expect(await storage.get(`../${path.basename(root)}-fora.txt`)).toBeNull();
    await expect(storage.put("../fora.txt", text("x"), "text/plain")).rejects.toThrow("unsafe storage key");
    await expect(storage.delete("../fora.txt")).rejects.toThrow("unsafe storage key");
    await fs.rm(path.join(path.dirname(root), `${path.basename(root)}-fora.txt`));
  });

  it("lists every stored key, without half-written files, and nothing when the folder is new", async () => {
    const storage = createLocalStorage(root);
    const keys = async () => {
      const found: string[] = [];
      for await (const key of storage.list()) found.push(key);
      return found.sort();
    };
    expect(await createLocalStorage(path.join(root, "ainda-nao")).list()[Symbol.asyncIterator]().next()).toEqual({
      done: true,
      value: undefined,
    });
    await storage.put("images/2026/05/x/thumb.webp", text("a"), "image/webp");
    await storage.put("documents/relatorio.pdf", text("b"), "application/pdf");
    await fs.writeFile(path.join(root, "images", "meio.webp.123.tmp"), "x");
    expect(await keys()).toEqual(["documents/relatorio.pdf", "images/2026/05/x/thumb.webp"]);
  });

  it("builds public urls under /files, on the files address when one is set", () => {
    expect(createLocalStorage(root).url("images/a/thumb.webp")).toBe("/files/images/a/thumb.webp");
    expect(createLocalStorage(root, "https://cdn.example.com").url("images/a/thumb.webp")).toBe(
      "https://cdn.example.com/files/images/a/thumb.webp",
    );
  });

  it.skipIf(!existsSync("/proc/self/fd"))("opens a file only when its body is read", async () => {
    const storage = createLocalStorage(root);
    await storage.put("grande.bin", new Uint8Array(1024 * 1024), "application/octet-stream");
    // Counted by what each descriptor points at: other work in the process opens and closes files too.
    const openCopies = async () => {
      const descriptors = await fs.readdir("/proc/self/fd");
      const targets = await Promise.all(descriptors.map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => "")));
      return targets.filter((target) => target.endsWith("grande.bin")).length;
    };
    const unread = await Promise.all(Array.from({ length: 20 }, () => storage.get("grande.bin")));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await openCopies()).toBe(0);

    const first = unread[0]?.body.getReader();
    expect((await first?.read())?.done).toBe(false);
    expect(await openCopies()).toBe(1);
    await first?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await openCopies()).toBe(0);
  });
});
