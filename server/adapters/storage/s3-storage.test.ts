import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3Server, startFakeS3Server } from "../../../tests/support/fake-s3-server.ts";
import { createFileStorage } from "./from-config.ts";
import { createS3Storage, type S3StorageOptions } from "./s3-storage.ts";

let s3: FakeS3Server;
beforeAll(async () => {
  s3 = await startFakeS3Server();
});
afterAll(() => s3.close());

const text = (value: string) => new TextEncoder().encode(value);

function storage(options: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    ...options,
  });
}

async function keys(from: AsyncIterable<string>) {
  const found: string[] = [];
  for await (const key of from) found.push(key);
  return found.sort();
}

describe("S3 storage", () => {
  it("writes, reads back with its content type and size, and deletes", async () => {
    const files = storage();
    await files.put("images/2026/05/x/thumb.webp", text("webp!"), "image/webp");

    const thumb = await files.get("images/2026/05/x/thumb.webp");
    expect(thumb).toMatchObject({ size: 5, contentType: "image/webp" });
    expect(thumb && (await new Response(thumb.body).text())).toBe("webp!");

    await files.delete("images/2026/05/x/thumb.webp");
    expect(await files.get("images/2026/05/x/thumb.webp")).toBeNull();
    await files.delete("images/2026/05/x/thumb.webp");
  });

  it("answers null for a missing key and refuses unsafe keys", async () => {
    const files = storage();
    expect(await files.get("documents/nada.pdf")).toBeNull();
    expect(await files.get("../fora.txt")).toBeNull();
    const before = s3.objectCount();
    await expect(files.put("../fora.txt", text("x"), "text/plain")).rejects.toThrow("unsafe storage key");
    await expect(files.put("a//b.txt", text("x"), "text/plain")).rejects.toThrow("unsafe storage key");
    await expect(files.delete("../fora.txt")).rejects.toThrow("unsafe storage key");
    expect(s3.objectCount()).toBe(before);
  });

  it("asks for the body only when it is read", async () => {
    const files = storage();
    await files.put("docs/relatorio.pdf", text("%PDF-1.7"), "application/pdf");
    const unread = await files.get("docs/relatorio.pdf");
    await files.delete("docs/relatorio.pdf");
    // The object is gone before anything read the body: the read fails, so nothing was fetched earlier.
    await expect(unread && new Response(unread.body).text()).rejects.toThrow();
  });

  it("lists every key over several pages", async () => {
    const files = storage({ pageSize: 2 });
    const written = ["a/1.txt", "a/2.txt", "b/3.txt", "c/4.txt", "c/5/6.txt"];
    await Promise.all(written.map((key) => files.put(`lista/${key}`, text(key), "text/plain")));
    const listed = (await keys(files.list())).filter((key) => key.startsWith("lista/"));
    expect(listed).toEqual(written.map((key) => `lista/${key}`));
    await Promise.all(written.map((key) => files.delete(`lista/${key}`)));
  });

  it("builds public urls under /files, on the files address when one is set", () => {
    expect(storage().url("images/a/thumb.webp")).toBe("/files/images/a/thumb.webp");
    expect(storage({ filesUrl: "https://cdn.example.com" }).url("images/a/thumb.webp")).toBe(
      "https://cdn.example.com/files/images/a/thumb.webp",
    );
  });

  it("fails with wrong credentials", async () => {
    const wrongSecret = storage({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: "errada" } });
    await expect(wrongSecret.put("x.txt", text("x"), "text/plain")).rejects.toMatchObject({
      name: "SignatureDoesNotMatch",
    });
    const wrongKey = storage({ credentials: { accessKeyId: "AKIAOUTRA", secretAccessKey: s3.secretAccessKey } });
    await expect(wrongKey.get("x.txt")).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    await expect(keys(wrongKey.list())).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
    expect(await storage().get("x.txt")).toBeNull();
  });
});

describe("createFileStorage", () => {
  it("takes the bucket when S3_BUCKET is set", async () => {
    const files = createFileStorage({
      DATA_DIR: "/nao/usado",
      FILES_URL: "https://cdn.example.com",
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    await files.put("config/a.txt", text("a"), "text/plain");
    expect(await storage().get("config/a.txt")).toMatchObject({ size: 1, contentType: "text/plain" });
    expect(files.url("config/a.txt")).toBe("https://cdn.example.com/files/config/a.txt");
    await files.delete("config/a.txt");
  });
});
