import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../../common/errors.ts";
import {
  type DocumentUpload,
  documentUploadSchema,
  type ImageUpload,
  imageUploadSchema,
} from "../../../common/views/uploads.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { auditEntries } from "../audit/tables.ts";
import { IMAGE_QUEUE_FULL } from "./image-queue.ts";
import { uploads } from "./tables.ts";
import { makeCompoundFile, makeOfficeFile, makeOpenDocument, makePdf, makeZip } from "./test-documents.ts";
import { asFile, formWith, makeImage, svgWithScript } from "./test-images.ts";

const t = withTestApp({ setUp: true });

type ErrorBody = { message: string; errors?: Record<string, string[]> };

const upload = (form: FormData, auth: string | undefined = t.superToken) =>
  t.request("POST", "/api/uploads/images", { form, token: auth });

/** Reads a stored file back over HTTP, as a browser would. */
async function fetchImage(url: string) {
  const response = await t.app.request(url);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, metadata: await sharp(bytes).metadata() };
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const storedFiles = () => filesUnder(path.join(t.dataDir, "files"));
const rowCount = async () => (await t.database.db.select().from(uploads)).length;

async function expectRefused(form: FormData, status: number, message: string) {
  const filesBefore = await storedFiles();
  const response = await upload(form);
  expect(response.status).toBe(status);
  expect(response.json<ErrorBody>().message).toBe(message);
  expect(await rowCount()).toBe(0);
  expect(await storedFiles()).toEqual(filesBefore);
}

describe("POST /api/uploads/images", () => {
  it("keeps the original and makes thumb and average versions of a 3000x2000 JPEG", async () => {
    const original = await makeImage("jpeg", 3000, 2000);
    const response = await upload(formWith(asFile(original, "Foto da Feira.jpg", "image/jpeg")));
    expect(response.status).toBe(201);
    const body = imageUploadSchema.parse(response.body);
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, "0");
    const folder = `/files/images/${now.getUTCFullYear()}/${month}/${body.id}`;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      url: `${folder}/original.jpg`,
      thumb: `${folder}/thumb.webp`,
      average: `${folder}/average.webp`,
    });

    const stored = await fetchImage(body.url);
    expect(stored.bytes.equals(original)).toBe(true);
    expect(stored.response.headers.get("content-type")).toBe("image/jpeg");
    const thumb = await fetchImage(body.thumb);
    expect(thumb.response.headers.get("content-type")).toBe("image/webp");
    expect([thumb.metadata.format, thumb.metadata.width, thumb.metadata.height]).toEqual(["webp", 400, 400]);
    const average = await fetchImage(body.average);
    expect([average.metadata.format, average.metadata.width, average.metadata.height]).toEqual(["webp", 1920, 1280]);

    const profile = await t.request("GET", "/api/profile", { token: t.superToken });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({
      kind: "image",
      originalName: "Foto da Feira.jpg",
      mimeType: "image/jpeg",
      size: original.length,
      width: 3000,
      height: 2000,
      originalKey: body.url.replace("/files/", ""),
      thumbKey: body.thumb.replace("/files/", ""),
      averageKey: body.average.replace("/files/", ""),
      userId: profile.json<{ id: number }>().id,
    });
  });

  it("never enlarges the average version of a small image", async () => {
    const response = await upload(formWith(asFile(await makeImage("png", 100, 50), "icone.png", "image/png")));
    expect(response.status).toBe(201);
    const body = response.json<ImageUpload>();
    expect(body.url).toMatch(/\/original\.png$/);
    const average = await fetchImage(body.average);
    expect([average.metadata.width, average.metadata.height]).toEqual([100, 50]);
    const thumb = await fetchImage(body.thumb);
    expect([thumb.metadata.width, thumb.metadata.height]).toEqual([400, 400]);
  });

  it("stores the upright size of a photo rotated by EXIF", async () => {
    const response = await upload(formWith(asFile(await makeImage("jpeg", 300, 100, 6), "celular.jpg")));
    expect(response.status).toBe(201);
    const body = response.json<ImageUpload>();
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect([row?.width, row?.height]).toEqual([100, 300]);
    const average = await fetchImage(body.average);
    expect([average.metadata.width, average.metadata.height]).toEqual([100, 300]);
  });

  it.each([
    ["webp", "image/webp"],
    ["gif", "image/gif"],
    ["avif", "image/avif"],
  ] as const)("accepts %s", async (format, mimeType) => {
    const response = await upload(formWith(asFile(await makeImage(format, 64, 48), `imagem.${format}`)));
    expect(response.status).toBe(201);
    const body = response.json<ImageUpload>();
    expect(body.url).toMatch(new RegExp(`/original\\.${format}$`));
    expect((await t.app.request(body.url)).headers.get("content-type")).toBe(mimeType);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row?.mimeType).toBe(mimeType);
  });

  it("trusts the bytes, not the name or the declared type", async () => {
    const png = await makeImage("png", 20, 20);
    const response = await upload(formWith(asFile(png, "C:\\Fotos\\disfarce.jpg", "image/jpeg")));
    expect(response.status).toBe(201);
    const body = response.json<ImageUpload>();
    expect(body.url).toMatch(/\/original\.png$/);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect([row?.mimeType, row?.originalName]).toEqual(["image/png", "disfarce.jpg"]);
  });

  it("refuses anonymous clients with 401", async () => {
    const response = await upload(formWith(asFile(await makeImage("png", 8, 8), "a.png")), "");
    expect(response.status).toBe(401);
    expect(response.json<ErrorBody>()).toEqual({ message: "Faça login para continuar." });
    expect(await rowCount()).toBe(0);
  });

  it("refuses text renamed as .jpg, SVG, and truncated images with 400", async () => {
    const unsupported = "Envie uma imagem JPEG, PNG, WebP, GIF ou AVIF.";
    const unreadable = "Não foi possível ler a imagem. O arquivo pode estar corrompido ou incompleto.";
    const text = new TextEncoder().encode("Ata da assembleia geral da cooperativa");
    await expectRefused(formWith(asFile(text, "foto.jpg", "image/jpeg")), 400, unsupported);
    await expectRefused(formWith(asFile(svgWithScript, "logo.svg", "image/svg+xml")), 400, unsupported);
    const jpeg = await makeImage("jpeg", 800, 600);
    await expectRefused(formWith(asFile(jpeg.subarray(0, jpeg.length / 2), "cortada.jpg")), 400, unreadable);
  });

  it("asks for exactly one file in the file field", async () => {
    const image = asFile(await makeImage("png", 8, 8), "a.png");
    const empty = new FormData();
    empty.append("title", "sem arquivo");
    await expectRefused(empty, 400, "Selecione uma imagem para enviar.");
    await expectRefused(formWith(image, image), 400, "Envie uma imagem por vez.");
    const text = new FormData();
    text.append("file", "não sou um arquivo");
    await expectRefused(text, 400, "O campo file deve conter um arquivo.");
    await expectRefused(formWith(asFile(new Uint8Array(), "vazio.png")), 400, "O arquivo enviado está vazio.");

    const response = await upload(formWith());
    expect(response.json<ErrorBody>().errors).toEqual({ file: ["Selecione uma imagem para enviar."] });
    const json = await t.request("POST", "/api/uploads/images", { token: t.superToken, body: { file: "x" } });
    expect(json.status).toBe(400);
    expect(json.json<ErrorBody>().message).toBe("Envie o arquivo como multipart/form-data, no campo file.");
  });

  it("answers 400 for a broken multipart body", async () => {
    const response = await t.request("POST", "/api/uploads/images", {
      token: t.superToken,
      headers: { "content-type": "multipart/form-data; boundary=abc" },
      body: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nsem fim',
    });
    expect(response.status).toBe(400);
    expect(response.json<ErrorBody>().message).toBe("Não foi possível ler o formulário enviado.");
  });

  it("refuses images over 10 MB with 413 before decoding them", async () => {
    const oversized = new Uint8Array(10 * 1024 * 1024 + 1);
    oversized.set(await makeImage("jpeg", 8, 8));
    await expectRefused(
      formWith(asFile(oversized, "grande.jpg", "image/jpeg")),
      413,
      "A imagem deve ter no máximo 10 MB.",
    );
  });

  it("refuses bodies over the API limit with 413", async () => {
    await expectRefused(
      formWith(asFile(new Uint8Array(26 * 1024 * 1024), "enorme.jpg")),
      413,
      "O arquivo enviado é grande demais.",
    );
  });

  it("refuses pixel bombs with 413", async () => {
    const bomb = await sharp({ create: { width: 10000, height: 6000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expectRefused(
      formWith(asFile(bomb, "bomba.png", "image/png")),
      413,
      "A imagem tem 10000 × 6000 pixels; envie uma imagem de até 50 megapixels.",
    );
  });

  it("decodes images one at a time with three waiting: more at once get 503 with Retry-After, then it takes work again", async () => {
    // 49 MP: each takes long enough to decode that all seven are in before the first is done.
    const large = await makeImage("png", 7000, 7000);
    const responses = await Promise.all(
      Array.from({ length: 7 }, (_, index) => upload(formWith(asFile(large, `grande-${index}.png`, "image/png")))),
    );
    const admitted = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status !== 201);
    expect(admitted).toHaveLength(4);
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(response.json<ErrorBody>()).toEqual({ message: IMAGE_QUEUE_FULL });
    }
    for (const response of admitted) await fetchImage(response.json<ImageUpload>().thumb);
    expect(await rowCount()).toBe(4);

    expect((await upload(formWith(asFile(await makeImage("jpeg", 64, 64), "depois.jpg")))).status).toBe(201);
  }, 60_000);
});

describe("POST /api/uploads/documents", () => {
  const uploadDocument = (form: FormData, auth: string | undefined = t.superToken) =>
    t.request("POST", "/api/uploads/documents", { form, token: auth });

  async function expectDocumentRefused(form: FormData, status: number, message: string) {
    const filesBefore = await storedFiles();
    const response = await uploadDocument(form);
    expect(response.status).toBe(status);
    expect(response.json<ErrorBody>().message).toBe(message);
    expect(await rowCount()).toBe(0);
    expect(await storedFiles()).toEqual(filesBefore);
  }

  const unsupported = "Envie um documento PDF, Word, Excel, PowerPoint ou OpenDocument (odt, ods, odp).";

  it("stores a PDF unchanged under documents/YYYY/MM/<id>/ with a clean name, and records it", async () => {
    const pdf = makePdf();
    const response = await uploadDocument(
      formWith(asFile(pdf, "C:\\Atas\\Ata da Assembléia 2025.PDF", "application/pdf")),
    );
    expect(response.status).toBe(201);
    const body = documentUploadSchema.parse(response.body);
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, "0");
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `/files/documents/${now.getUTCFullYear()}/${month}/${body.id}/ata-da-assembleia-2025.pdf`,
      name: "Ata da Assembléia 2025.PDF",
      size: pdf.length,
      mime_type: "application/pdf",
    });

    const stored = await t.app.request(body.url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    const profile = await t.request("GET", "/api/profile", { token: t.superToken });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({
      kind: "document",
      originalName: "Ata da Assembléia 2025.PDF",
      mimeType: "application/pdf",
      size: pdf.length,
      width: null,
      height: null,
      originalKey: body.url.replace("/files/", ""),
      thumbKey: null,
      averageKey: null,
      userId: profile.json<{ id: number }>().id,
    });
  });

  it.each([
    [
      "relatorio.docx",
      makeOfficeFile("word/document.xml"),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      "balanco.xlsx",
      makeOfficeFile("xl/workbook.xml", { deflate: true }),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ],
    [
      "slides.pptx",
      makeOfficeFile("ppt/presentation.xml"),
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
    ["estatuto.odt", makeOpenDocument("text"), "application/vnd.oasis.opendocument.text"],
    ["planilha.ods", makeOpenDocument("spreadsheet"), "application/vnd.oasis.opendocument.spreadsheet"],
    ["apresentacao.odp", makeOpenDocument("presentation"), "application/vnd.oasis.opendocument.presentation"],
    ["antigo.doc", makeCompoundFile("WordDocument"), "application/msword"],
    ["antigo.xls", makeCompoundFile("Workbook"), "application/vnd.ms-excel"],
    ["antigo.ppt", makeCompoundFile("PowerPoint Document"), "application/vnd.ms-powerpoint"],
  ])("accepts %s", async (name, bytes, mimeType) => {
    const response = await uploadDocument(formWith(asFile(bytes, name)));
    expect(response.status).toBe(201);
    const body = response.json<DocumentUpload>();
    expect(body).toMatchObject({ name, size: bytes.length, mime_type: mimeType });
    expect(body.url.endsWith(`/${name}`)).toBe(true);
    expect((await t.app.request(body.url)).headers.get("content-type")).toBe(mimeType);
  });

  it("trusts the content, not the name: the stored name gets the real extension", async () => {
    const response = await uploadDocument(formWith(asFile(makePdf(), "planilha.xlsx", "application/vnd.ms-excel")));
    expect(response.status).toBe(201);
    const body = response.json<DocumentUpload>();
    expect([body.mime_type, body.name]).toEqual(["application/pdf", "planilha.xlsx"]);
    expect(body.url).toMatch(/\/planilha\.pdf$/);
  });

  it("refuses a renamed executable, text, a bare zip, a macro file and an installer with 400", async () => {
    const exe = new Uint8Array(4096);
    exe.set(new TextEncoder().encode("MZ\u0090\u0000This program cannot be run in DOS mode"));
    await expectDocumentRefused(formWith(asFile(exe, "ata.pdf", "application/pdf")), 400, unsupported);
    const text = new TextEncoder().encode("Ata da assembleia geral da cooperativa");
    await expectDocumentRefused(formWith(asFile(text, "ata.docx")), 400, unsupported);
    await expectDocumentRefused(formWith(asFile(makeZip({ "setup.exe": "MZ" }), "ata.docx")), 400, unsupported);
    const macros = makeZip({
      "[Content_Types].xml": "<Types/>",
      "word/document.xml": "<a/>",
      "word/vbaProject.bin": "x",
    });
    await expectDocumentRefused(formWith(asFile(macros, "ata.docx")), 400, unsupported);
    await expectDocumentRefused(formWith(asFile(makeCompoundFile("\u4840\u3b3f"), "ata.doc")), 400, unsupported);
    await expectDocumentRefused(formWith(asFile(await makeImage("png", 8, 8), "ata.pdf")), 400, unsupported);
    const response = await uploadDocument(formWith(asFile(text, "ata.pdf")));
    expect(response.json<ErrorBody>().errors).toEqual({ file: [unsupported] });
  });

  it("asks for exactly one document in the file field", async () => {
    const pdf = asFile(makePdf(), "a.pdf");
    await expectDocumentRefused(formWith(), 400, "Selecione um documento para enviar.");
    await expectDocumentRefused(formWith(pdf, pdf), 400, "Envie um documento por vez.");
    await expectDocumentRefused(formWith(asFile(new Uint8Array(), "vazio.pdf")), 400, "O arquivo enviado está vazio.");
  });

  it("refuses documents over 20 MB with 413", async () => {
    const oversized = new Uint8Array(20 * 1024 * 1024 + 1);
    oversized.set(makePdf());
    await expectDocumentRefused(
      formWith(asFile(oversized, "grande.pdf", "application/pdf")),
      413,
      "O documento deve ter no máximo 20 MB.",
    );
  });

  it("refuses anonymous clients with 401", async () => {
    const response = await uploadDocument(formWith(asFile(makePdf(), "a.pdf")), "");
    expect(response.status).toBe(401);
    expect(response.json<ErrorBody>()).toEqual({ message: "Faça login para continuar." });
    expect(await rowCount()).toBe(0);
  });
});

describe("who may upload", () => {
  const image = async () => formWith(asFile(await makeImage("png", 8, 8), "a.png"));
  const document = async () => formWith(asFile(makePdf(), "a.pdf"));
  const uploadEntries = () =>
    t.database.db.select().from(auditEntries).where(eq(auditEntries.action, "upload.created"));

  // The roles that publish (common/roles.ts: administrators and supers) upload; a customer, who may
  // sign herself up, gets a 403 and stores nothing in the public /files.
  it.each([
    ["images", "user", 403, image],
    ["documents", "user", 403, document],
    ["images", "admin", 201, image],
    ["documents", "admin", 201, document],
    ["images", "super", 201, image],
    ["documents", "super", 201, document],
  ] as const)("POST /api/uploads/%s as %s answers %i", async (kind, role, status, form) => {
    const { token } = role === "super" ? { token: t.superToken } : await t.createUser(role, t.superToken);
    const filesBefore = await storedFiles();
    const response = await t.request("POST", `/api/uploads/${kind}`, { form: await form(), token });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (status === 403) {
      expect(response.json<ErrorBody>()).toEqual({ message: "Você não tem permissão para esta ação." });
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await rowCount()).toBe(0);
      expect(await uploadEntries()).toEqual([]);
    } else {
      expect(await rowCount()).toBe(1);
    }
  });

  it("refuses a customer in the service too, which the account screens call without the REST guard", async () => {
    const customer = await t.createUser("user", t.superToken);
    const actor = { id: customer.id, name: "Pessoa user", email: customer.email, role: "user" as const };
    await expect(t.services.uploads.storeImage(actor, [asFile(await makeImage("png", 8, 8), "a.png")])).rejects.toThrow(
      "Você não tem permissão para esta ação.",
    );
    await expect(t.services.uploads.storeDocument(actor, [asFile(makePdf(), "a.pdf")])).rejects.toThrow(
      "Você não tem permissão para esta ação.",
    );
    expect(await rowCount()).toBe(0);
  });

  it("puts each upload in the audit log with who made it, and the files an import stores without one each", async () => {
    const admin = await t.createUser("admin", t.superToken);
    const sent = await t.request("POST", "/api/uploads/documents", {
      form: formWith(asFile(makePdf(), "Ata da assembleia.pdf")),
      token: admin.token,
    });
    expect(sent.status).toBe(201);
    const { url } = documentUploadSchema.parse(sent.body);
    const entries = await uploadEntries();
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        recordLabel: "Ata da assembleia.pdf",
        details: { Tipo: "Documento", Endereço: url, Tamanho: expect.any(String) },
      }),
    ]);
    const actor = { id: admin.id, name: "Pessoa admin", email: admin.email, role: "admin" as const };
    await t.services.uploads.storeImage(actor, [asFile(await makeImage("png", 8, 8), "importada.png")]);
    expect(await rowCount()).toBe(2);
    expect(await uploadEntries()).toHaveLength(1);
  });
});

describe("uploads service", () => {
  it("removes the stored files when the row cannot be written", async () => {
    const service = t.services.uploads;
    const filesBefore = await storedFiles();
    // No such user: the foreign key refuses the row after the files were written.
    const ghost = { id: 999_999, name: "Ninguém", email: "ninguem@example.com", role: "admin" as const };
    const stored = service.storeImage(ghost, [asFile(await makeImage("png", 8, 8), "a.png")], { audit: true });
    await expect(stored).rejects.toThrow();
    await expect(stored).rejects.not.toBeInstanceOf(DomainError);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(0);

    const document = service.storeDocument(ghost, [asFile(makePdf(), "a.pdf")], { audit: true });
    await expect(document).rejects.not.toBeInstanceOf(DomainError);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(0);
  });
});
