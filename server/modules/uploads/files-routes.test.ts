import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { attachment } from "./files-routes.ts";
import { makePdf } from "./test-documents.ts";
import { asFile } from "./test-images.ts";

const t = withTestApp({ resetEachTest: false });
const secret = "conteúdo que não pode sair";
beforeAll(async () => {
  const storage = t.services.storage;
  await storage.put("images/2026/05/abc/thumb.webp", new Uint8Array([1, 2, 3, 4]), "image/webp");
  await storage.put("docs/ata.pdf", new TextEncoder().encode("%PDF-1.4"), "application/pdf");
  await storage.put("docs/desenho.svg", new TextEncoder().encode("<svg/>"), "image/svg+xml");
  // Beside the storage root, where a traversal would land.
  await fs.writeFile(path.join(t.dataDir, "segredo.txt"), secret);
});

describe("GET /files/*", () => {
  it("serves a stored file for a year, with its type and no sniffing", async () => {
    const response = await t.app.request("/files/images/2026/05/abc/thumb.webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe("4");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3, 4]);
    expect((await t.app.request("/files/docs/ata.pdf")).headers.get("content-type")).toBe("application/pdf");
  });

  it("answers HEAD with the headers only", async () => {
    const response = await t.app.request("/files/images/2026/05/abc/thumb.webp", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("4");
    expect(await response.text()).toBe("");
  });

  it("keeps SVG files from running scripts", async () => {
    const response = await t.app.request("/files/docs/desenho.svg");
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("has documents downloaded under the name they were sent with, and images shown", async () => {
    const token = await t.setupSite();
    const form = new FormData();
    form.append("file", asFile(makePdf(), "Ata de Março (2026).pdf", "application/pdf"));
    const uploaded = await t.request("POST", "/api/uploads/documents", { token, form });
    expect(uploaded.status).toBe(201);
    const pdf = await t.app.request(uploaded.json<{ url: string }>().url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="Ata de Marco (2026).pdf"; filename*=UTF-8''Ata%20de%20Mar%C3%A7o%20%282026%29.pdf`,
    );
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");

    // A file no upload row names keeps the last part of its address.
    const stored = await t.app.request("/files/docs/ata.pdf");
    expect(stored.headers.get("content-disposition")).toBe(`attachment; filename="ata.pdf"; filename*=UTF-8''ata.pdf`);
    for (const image of ["/files/images/2026/05/abc/thumb.webp", "/files/docs/desenho.svg"]) {
      expect((await t.app.request(image)).headers.get("content-disposition"), image).toBeNull();
    }
  });

  it("keeps quotes and control characters out of the plain file name", () => {
    expect(attachment('relatório "final"\\n.pdf')).toBe(
      `attachment; filename="relatorio _final__n.pdf"; filename*=UTF-8''relat%C3%B3rio%20%22final%22%5Cn.pdf`,
    );
    expect(attachment("a\u0000b*'.pdf")).toBe(`attachment; filename="a_b*'.pdf"; filename*=UTF-8''a%00b%2A%27.pdf`);
  });

  it("answers a JSON 404 for missing files and folders", async () => {
    for (const url of ["/files/images/2026/05/abc/nada.webp", "/files/images/2026", "/files/"]) {
      const response = await t.request("GET", url);
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ message: "Arquivo não encontrado." });
    }
  });

  it("never serves anything outside the storage folder", async () => {
    for (const url of [
      "/files/../segredo.txt",
      "/files/%2e%2e/segredo.txt",
      "/files/%2E%2E%2Fsegredo.txt",
      "/files/..%2fsegredo.txt",
      "/files/images/..%2f..%2fsegredo.txt",
      "/files/%252e%252e%252fsegredo.txt",
      "/files/%2f..%2fsegredo.txt",
      "/files/..%5csegredo.txt",
      "/files/%E0%A4%A",
      "/files/images%00.webp",
    ]) {
      const response = await t.request("GET", url);
      expect(response.status, url).toBe(404);
      expect(JSON.stringify(response.body), url).not.toContain(secret);
    }
  });
});
