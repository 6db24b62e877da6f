import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTextSpool } from "./import-text.ts";
import { readWxr } from "./wxr-reader.ts";

let folder = "";
beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "cms-spool-"));
});
afterEach(() => fs.rm(folder, { recursive: true, force: true }));

/** The bytes the spool files in `folder` hold, once flushed. */
async function spooledBytes() {
  const files = await fs.readdir(folder);
  const sizes = await Promise.all(files.map(async (file) => (await fs.stat(path.join(folder, file))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

describe("the import's spool of long texts", () => {
  it("keeps long texts on disk and gives each back whole, in any script; short ones stay in memory", async () => {
    const spool = await openTextSpool(folder);
    const long = "<p>Assembleia da cooperativa — ação, pão e café.</p>".repeat(200);
    const other = "<p>Кооператив 合作社 تعاونية 🌱</p>".repeat(300);
    const texts = [spool.put("curto"), spool.put(long), spool.put(other), spool.put(long)];
    expect(texts.map((text) => text.length)).toEqual([5, long.length, other.length, long.length]);
    // Read in another order than written, and the first before anything was flushed.
    expect(await texts[2]?.read()).toBe(other);
    expect(await texts[1]?.read()).toBe(long);
    expect(await texts[3]?.read()).toBe(long);
    expect(await texts[0]?.read()).toBe("curto");
    await spool.flush();
    expect(await spooledBytes()).toBe(2 * Buffer.byteLength(long) + Buffer.byteLength(other));
    await spool.close();
    expect(await fs.readdir(folder)).toEqual([]);
  });

  it("holds an export's contents in the spool, not in memory, and reads each back as it was", async () => {
    const content = (id: number) => `<p>Notícia ${id}: ${"colheita de açaí, ".repeat(300)}</p>`;
    const item = (id: number) =>
      `<item><title>Notícia ${id}</title><wp:post_id>${id}</wp:post_id><wp:post_type>post</wp:post_type>` +
      `<content:encoded><![CDATA[${content(id)}]]></content:encoded></item>`;
    const items = Array.from({ length: 300 }, (_, id) => item(id)).join("");
    const xml = `<rss><channel><wp:wxr_version>1.2</wp:wxr_version>${items}</channel></rss>`;
    const spool = await openTextSpool(folder);
    const site = await readWxr([xml], { spool });
    await spool.flush();
    const total = site.items.reduce((sum, { id }) => sum + Buffer.byteLength(content(id)), 0);
    expect(await spooledBytes()).toBe(total);
    expect(await site.items[299]?.content.read()).toBe(content(299));
    expect(await site.items[0]?.content.read()).toBe(content(0));
    await spool.close();
  });
});

/** The heap in use after a full collection (the test process has no --expose-gc: V8 is asked for it here). */
function heapInUse(): number {
  v8.setFlagsFromString("--expose-gc");
  const collect = vm.runInNewContext("gc") as () => void;
  collect();
  return v8.getHeapStatistics().used_heap_size;
}

describe("a spool left behind", () => {
  it("is removed by the next import once a day old; a newer one, maybe another process's, stays", async () => {
    const old = path.join(folder, "left.spool");
    const recent = path.join(folder, "running.spool");
    await fs.writeFile(old, "conteúdo");
    await fs.writeFile(recent, "conteúdo");
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    await fs.utimes(old, twoDaysAgo, twoDaysAgo);
    const spool = await openTextSpool(folder);
    const names = await fs.readdir(folder);
    expect(names).toContain("running.spool");
    expect(names).not.toContain("left.spool");
    await spool.close();
  });
});

describe("the memory an export takes while it is planned", () => {
  it("is not its size: the contents wait on disk, and what is kept of an item does not hold the file's text", async () => {
    const item = (id: number) =>
      `<item><title>Notícia ${id} da cooperativa</title><link>http://antigo.example/noticia-${id}/</link>` +
      `<wp:post_id>${id}</wp:post_id><wp:post_date>2024-03-01 10:00:00</wp:post_date><wp:post_type>post</wp:post_type>` +
      `<content:encoded><![CDATA[<p>${"Reunidos na sede, cooperados e cooperadas. ".repeat(100)}</p>]]></content:encoded></item>`;
    const xml = Buffer.from(
      `<rss><channel><wp:wxr_version>1.2</wp:wxr_version>${Array.from({ length: 4_000 }, (_, id) => item(id)).join("")}</channel></rss>`,
    );
    expect(xml.byteLength).toBeGreaterThan(17 * 1024 * 1024);
    const spool = await openTextSpool(folder);
    const before = heapInUse();
    const site = await readWxr([xml], { maxBytes: 64 * 1024 * 1024, spool });
    const grown = heapInUse() - before;
    expect(site.items).toHaveLength(4_000);
    // 4,000 items' titles, links and dates: about 2 MB. Each content held, or each title holding the piece of
    // the file it was cut from, kept the whole 17 MB.
    expect(grown).toBeLessThan(6 * 1024 * 1024);
    expect(await site.items[3_999]?.content.read()).toContain("Reunidos na sede");
    await spool.close();
  });
});

describe("an item's meta", () => {
  it("keeps what the import reads and leaves out a page builder's layout of hundreds of KB", async () => {
    const meta = (key: string, value: string) =>
      `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`;
    const layout = JSON.stringify(Array.from({ length: 8_000 }, (_, id) => ({ id, widget: "text-editor" })));
    expect(layout.length).toBeGreaterThan(64 * 1024);
    const xml =
      "<rss><channel><wp:wxr_version>1.2</wp:wxr_version><item><wp:post_id>7</wp:post_id><wp:post_type>page</wp:post_type>" +
      `${meta("_thumbnail_id", "12")}${meta("_elementor_data", layout)}</item></channel></rss>`;
    const [page] = (await readWxr([xml])).items;
    expect(page?.meta).toEqual({ _thumbnail_id: "12" });
  });
});
