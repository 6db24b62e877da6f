import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentUploadSchema, imageUploadSchema } from "../../../common/views/uploads.ts";
import { startFakeS3Server } from "../../../tests/support/fake-s3-server.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { makePdf } from "./test-documents.ts";
import { asFile, formWith, makeImage } from "./test-images.ts";

// The whole uploads area with the files in a bucket (S3_BUCKET set), on an S3-compatible server on loopback.
const s3 = await startFakeS3Server();
afterAll(() => s3.close());

const t = withTestApp({
  setUp: true,
  env: {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  },
});

const localFiles = () => fs.readdir(path.join(t.dataDir, "files")).catch(() => []);

describe("uploads on S3", () => {
  it("stores an image's three versions in the bucket and serves them under /files", async () => {
    const before = s3.objectCount();
    const original = await makeImage("png", 1200, 900);
    const response = await t.request("POST", "/api/uploads/images", {
      form: formWith(asFile(original, "Feira.png", "image/png")),
      token: t.superToken,
    });
    expect(response.status).toBe(201);
    const image = imageUploadSchema.parse(response.body);
    expect(s3.objectCount()).toBe(before + 3);
    expect(await localFiles()).toEqual([]);

    const served = await t.app.request(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-length")).toBe(String(original.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);

    const thumb = await t.app.request(image.thumb, { method: "HEAD" });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(await thumb.text()).toBe("");

    expect((await t.app.request(`${image.url}.nada`)).status).toBe(404);
  });

  it("stores a document in the bucket and serves it as a download", async () => {
    const pdf = makePdf();
    const response = await t.request("POST", "/api/uploads/documents", {
      form: formWith(asFile(pdf, "Ata da assembleia.pdf", "application/pdf")),
      token: t.superToken,
    });
    expect(response.status).toBe(201);
    const document = documentUploadSchema.parse(response.body);
    const served = await t.app.request(document.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toContain("Ata da assembleia.pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect(await localFiles()).toEqual([]);
  });
});
