import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { WordPressImportView } from "../../../common/views/wordpress-import.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const SITE_XML = readFileSync(path.resolve("tests/fixtures/wordpress/site.xml"));
const BOUNDARY = "----cms-upload-test";
const MB = 1024 * 1024;

const t = withTestApp({ setUp: true });

/** A multipart body made as it is sent, `piece` by piece: `size` bytes of an export in one part. */
function streamedForm(size: number, piece = MB): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"\r\n\r\nnone\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="export"; filename="site.xml"\r\n` +
      "Content-Type: text/xml\r\n\r\n",
  );
  const filler = encoder.encode(`<!-- ${"x".repeat(piece - 9)} -->`);
  const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  let started = false;
  return new ReadableStream({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
      } else if (sent < size) {
        const bytes = filler.subarray(0, Math.min(filler.byteLength, size - sent));
        sent += bytes.byteLength;
        controller.enqueue(bytes);
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

const uploadsFolder = () => path.join(t.dataDir, "tmp", "wordpress-uploads");
const leftBehind = async () => (await fs.readdir(uploadsFolder()).catch(() => [])).length;

async function post(body: BodyInit, headers: Record<string, string> = {}) {
  const response = await t.app.request("/api/wordpress-imports", {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Token ${t.superToken}`,
      ...headers,
    },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as { message?: string } & WordPressImportView };
}

describe("the import's upload", () => {
  it("streams an export past 100 MB to disk and refuses it in pt-BR, without holding it in memory", {
    timeout: 120_000,
  }, async () => {
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      // What a buffered body would take: V8's heap and the buffers outside it. Not the test process's RSS,
      // which also counts what glibc's arenas keep of other threads' allocations when run without npm
      // start's GLIBC_TUNABLES (110 MB on one machine, 9 MB with them); the server's own RSS during an
      // upload is npm run bench's (scripts/bench/wordpress-hostile.ts).
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers);
    }, 20);
    // No content-length: the size is only known once read (a chunked upload).
    const answer = await post(streamedForm(101 * MB)).finally(() => clearInterval(sampler));
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(
      "A exportação site.xml passa de 100 MB. Para um site maior, use npm run import:wordpress no servidor.",
    );
    // Buffered, the body alone is 101 MB, and the form parser's copy as much again.
    expect(peak).toBeLessThan(60 * MB);
    expect(await leftBehind()).toBe(0);
  });

  it("refuses an upload that says it is past the limit before reading it", async () => {
    const answer = await post("x", { "content-length": String(200 * MB) });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(
      "Os arquivos enviados passam de 100 MB. Para um site maior, use npm run import:wordpress no servidor.",
    );
  });

  it("previews an export read from its temporary file, then removes it", async () => {
    const form = new FormData();
    form.append("export", new File([SITE_XML], "site.xml", { type: "text/xml" }));
    form.append("files", "none");
    const response = await t.app.request("/api/wordpress-imports", {
      method: "POST",
      headers: { authorization: `Token ${t.superToken}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const view = (await response.json()) as WordPressImportView;
    expect(view.report.counts.page).toBe(4);
    expect(view.file_names).toEqual(["site.xml"]);
    expect(await leftBehind()).toBe(0);
  });

  it("refuses two exports in one form, keeping nothing", async () => {
    const form = new FormData();
    form.append("export", new File([SITE_XML], "a.xml", { type: "text/xml" }));
    form.append("export", new File([SITE_XML], "b.xml", { type: "text/xml" }));
    const response = await t.app.request("/api/wordpress-imports", {
      method: "POST",
      headers: { authorization: `Token ${t.superToken}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Envie um arquivo de cada tipo.");
    expect(await leftBehind()).toBe(0);
  });
});
