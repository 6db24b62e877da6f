import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage } from "../server/adapters/storage/local-storage.ts";
import { createS3Storage } from "../server/adapters/storage/s3-storage.ts";
import { type FakeS3Server, startFakeS3Server } from "../tests/support/fake-s3-server.ts";
import { runScript } from "../tests/support/run-script.ts";
import { copyFiles } from "./files-copy-to-s3.ts";

const text = (value: string) => new TextEncoder().encode(value);

let dataDir: string;
let s3: FakeS3Server;
// The key the bucket refuses to take, as a bucket policy would.
const refused = "documents/recusado.pdf";
beforeAll(async () => {
  s3 = await startFakeS3Server({ deny: ({ method, key }) => method === "PUT" && key === refused });
});
afterAll(() => s3.close());
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-copy-s3-"));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const bucket = () =>
  createS3Storage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });

const s3Env = () => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: s3.region,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
});

describe("copyFiles", () => {
  it("copies every file with its type, then skips what is already there with the same size", async () => {
    const folder = createLocalStorage(path.join(dataDir, "files"));
    const target = bucket();
    await folder.put("images/2026/05/a/original.png", text("png"), "image/png");
    await folder.put("images/2026/05/a/thumb.webp", text("webp"), "image/webp");
    await folder.put("documents/2026/05/b/ata.pdf", text("%PDF"), "application/pdf");

    expect(await copyFiles(folder, target)).toEqual({ copied: 3, skipped: 0, failed: 0 });
    const thumb = await target.get("images/2026/05/a/thumb.webp");
    expect(thumb).toMatchObject({ size: 4, contentType: "image/webp" });
    expect(thumb && (await new Response(thumb.body).text())).toBe("webp");
    expect((await target.get("documents/2026/05/b/ata.pdf"))?.contentType).toBe("application/pdf");

    // A file that differs in size (cut short by an earlier failure) is copied again.
    await target.put("images/2026/05/a/original.png", text("pn"), "image/png");
    expect(await copyFiles(folder, target)).toEqual({ copied: 1, skipped: 2, failed: 0 });
    expect((await target.get("images/2026/05/a/original.png"))?.size).toBe(3);
    expect(await copyFiles(folder, target)).toEqual({ copied: 0, skipped: 3, failed: 0 });
  });

  it("counts and reports a file the bucket refuses, and copies the others", async () => {
    const folder = createLocalStorage(path.join(dataDir, "files"));
    await folder.put(refused, text("%PDF"), "application/pdf");
    await folder.put("documents/aceito.pdf", text("%PDF"), "application/pdf");
    const failures: string[] = [];
    const summary = await copyFiles(folder, bucket(), { onFailure: (key) => failures.push(key) });
    expect(summary).toEqual({ copied: 1, skipped: 0, failed: 1 });
    expect(failures).toEqual([refused]);
    expect(await bucket().get(refused)).toBeNull();
  });
});

describe("npm run files:copy-to-s3", () => {
  const copy = (env: Record<string, string>) => runScript("files-copy-to-s3.ts", [], env);

  it("copies DATA_DIR/files into the S3_* bucket and prints the counts", async () => {
    await createLocalStorage(path.join(dataDir, "files")).put("images/x/thumb.webp", text("w"), "image/webp");
    const { code, stdout } = await copy({ DATA_DIR: dataDir, ...s3Env() });
    expect(code).toBe(0);
    expect(stdout).toContain("1 copied, 0 skipped (already in the bucket), 0 failed");
    expect((await bucket().get("images/x/thumb.webp"))?.size).toBe(1);
  });

  it("exits with 1 when a file fails, and refuses to run without S3_BUCKET or the files folder", async () => {
    await createLocalStorage(path.join(dataDir, "files")).put(refused, text("%PDF"), "application/pdf");
    const failed = await copy({ DATA_DIR: dataDir, ...s3Env() });
    expect(failed).toMatchObject({ code: 1 });
    expect(failed.stdout).toContain("0 copied, 0 skipped (already in the bucket), 1 failed");
    expect(failed.stderr).toContain(`failed: ${refused}: AccessDenied (HTTP 403): Access Denied`);

    const unset = await copy({ DATA_DIR: dataDir });
    expect(unset).toMatchObject({ code: 1 });
    expect(unset.stderr).toContain("S3_BUCKET is not set");

    const elsewhere = path.join(dataDir, "outra");
    const noFolder = await copy({ DATA_DIR: elsewhere, ...s3Env() });
    expect(noFolder).toMatchObject({ code: 1 });
    expect(noFolder.stderr).toContain(`${path.join(elsewhere, "files")} does not exist`);
  });
});
