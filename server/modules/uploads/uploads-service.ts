import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { invalid, tooLarge } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import type { DocumentUpload, ImageUpload } from "../../../common/views/uploads.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { UploadsContext } from "./context.ts";
import { documentFormats, sniffDocumentFormat } from "./document-format.ts";
import { imageFormats } from "./image-format.ts";
import { processImage } from "./image-processing.ts";
import type { ImageQueue } from "./image-queue.ts";
import { uploads } from "./tables.ts";

export type UploadLimits = { imageBytes: number; documentBytes: number };

/**
 * `audit`: the upload gets an entry of its own in the audit log (the API); off for the files an import
 * stores, which its own entry covers (one per file would bury the log).
 */
export type StoreOptions = { audit?: boolean };

type UploadRow = typeof uploads.$inferInsert;

/** One value of a multipart field: a file, or the text a client sent instead. */
export type FormPart = string | File;

const fieldError = (message: string) => invalid(message, { file: [message] });

/** Browsers used to send a full local path as the name; keep the last part only, without control characters. */
function cleanName(name: string, fallback: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  const base = [...last]
    .filter((char) => char >= " " && char !== "\u007f")
    .join("")
    .trim();
  return base.slice(0, 255) || fallback;
}

/**
 * A storage-safe file name: no accents, letters, digits and dashes only, ending
 * with the extension of the format we detected (the file server picks the type by it).
 */
export function storageName(name: string, extension: string): string {
  const stem = name
    .replace(/\.[^.]*$/, "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
  return `${stem || "documento"}.${extension}`;
}

const nouns = {
  image: { select: "Selecione uma imagem para enviar.", one: "Envie uma imagem por vez." },
  document: { select: "Selecione um documento para enviar.", one: "Envie um documento por vez." },
};

function singleFile(parts: readonly FormPart[], kind: keyof typeof nouns): File {
  if (parts.length === 0) throw fieldError(nouns[kind].select);
  if (parts.length > 1) throw fieldError(nouns[kind].one);
  const [part] = parts;
  if (typeof part === "string" || part === undefined) throw fieldError("O campo file deve conter um arquivo.");
  if (part.size === 0) throw fieldError("O arquivo enviado está vazio.");
  return part;
}

export function createUploadsService(deps: {
  context: UploadsContext;
  limits: UploadLimits;
  /** Shared by every service of the process: images are decoded one at a time. */
  queueImage: ImageQueue;
}) {
  const { context, limits, queueImage } = deps;
  const { db, storage } = context;

  /** The row, and its audit entry when asked, on one transaction: no entry without its file. */
  async function insertRow(actor: Actor, row: UploadRow, url: string, options: StoreOptions): Promise<void> {
    await context.transaction(async (tx) => {
      await tx.db.insert(uploads).values(row);
      if (!options.audit) return;
      await tx.services.audit.record({
        actor,
        action: "upload.created",
        recordId: row.id ?? null,
        recordLabel: row.originalName,
        details: {
          Tipo: row.kind === "image" ? "Imagem" : "Documento",
          Endereço: url,
          Tamanho: formatFileSize(row.size),
        },
      });
    });
  }

  return {
    limits,

    /**
     * Stores one uploaded image with its `thumb` and `average` versions, under
     * `images/YYYY/MM/<id>/`. `parts` are the values of the form's `file` field. Only those who publish
     * (administrators, common/roles.ts) upload: the files are public under /files.
     */
    async storeImage(
      actor: Actor | null,
      parts: readonly FormPart[],
      options: StoreOptions = {},
    ): Promise<ImageUpload> {
      const user = requireAdmin(actor);
      const file = singleFile(parts, "image");
      if (file.size > limits.imageBytes) {
        throw tooLarge(`A imagem deve ter no máximo ${formatFileSize(limits.imageBytes)}.`);
      }
      // Waiting uploads hold only the parsed body; the copy and the decode happen in turn.
      const { original, image } = await queueImage(async () => {
        const original = new Uint8Array(await file.arrayBuffer());
        return { original, image: await processImage(original) };
      });
      const { mimeType, extension } = imageFormats[image.format];

      const id = randomUUID();
      const now = new Date();
      const month = String(now.getUTCMonth() + 1).padStart(2, "0");
      const folder = `images/${now.getUTCFullYear()}/${month}/${id}`;
      const keys = {
        original: `${folder}/original.${extension}`,
        thumb: `${folder}/thumb.webp`,
        average: `${folder}/average.webp`,
      };

      try {
        await Promise.all([
          storage.put(keys.original, original, mimeType),
          storage.put(keys.thumb, image.thumb, "image/webp"),
          storage.put(keys.average, image.average, "image/webp"),
        ]);
        const row: UploadRow = {
          id,
          kind: "image",
          originalName: cleanName(file.name, "imagem"),
          mimeType,
          size: original.byteLength,
          width: image.width,
          height: image.height,
          originalKey: keys.original,
          thumbKey: keys.thumb,
          averageKey: keys.average,
          userId: user.id,
        };
        await insertRow(user, row, storage.url(keys.original), options);
      } catch (error) {
        // No row points at these files, so nothing would ever remove them.
        await Promise.allSettled(Object.values(keys).map((key) => storage.delete(key)));
        throw error;
      }

      return {
        id,
        url: storage.url(keys.original),
        thumb: storage.url(keys.thumb),
        average: storage.url(keys.average),
      };
    },

    /**
     * Stores one uploaded document (PDF, Office Open XML, OpenDocument or legacy
     * Office), unchanged, under `documents/YYYY/MM/<id>/<cleaned name>`; administrators only, as images.
     */
    async storeDocument(
      actor: Actor | null,
      parts: readonly FormPart[],
      options: StoreOptions = {},
    ): Promise<DocumentUpload> {
      const user = requireAdmin(actor);
      const file = singleFile(parts, "document");
      if (file.size > limits.documentBytes) {
        throw tooLarge(`O documento deve ter no máximo ${formatFileSize(limits.documentBytes)}.`);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const format = sniffDocumentFormat(bytes);
      if (!format) {
        throw fieldError("Envie um documento PDF, Word, Excel, PowerPoint ou OpenDocument (odt, ods, odp).");
      }
      const { mimeType, extension } = documentFormats[format];
      const name = cleanName(file.name, `documento.${extension}`);

      const id = randomUUID();
      const now = new Date();
      const month = String(now.getUTCMonth() + 1).padStart(2, "0");
      const key = `documents/${now.getUTCFullYear()}/${month}/${id}/${storageName(name, extension)}`;

      try {
        await storage.put(key, bytes, mimeType);
        const row: UploadRow = {
          id,
          kind: "document",
          originalName: name,
          mimeType,
          size: bytes.byteLength,
          originalKey: key,
          userId: user.id,
        };
        await insertRow(user, row, storage.url(key), options);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }

      return { id, url: storage.url(key), name, size: bytes.byteLength, mime_type: mimeType };
    },

    /** The public addresses of stored uploads, by id (what an earlier import stored, found again). */
    async addresses(
      ids: readonly string[],
    ): Promise<Map<string, { id: string; url: string; thumb: string | null; average: string | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: uploads.id, original: uploads.originalKey, thumb: uploads.thumbKey, average: uploads.averageKey })
        .from(uploads)
        .where(inArray(uploads.id, [...ids]));
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            url: storage.url(row.original),
            thumb: row.thumb ? storage.url(row.thumb) : null,
            average: row.average ? storage.url(row.average) : null,
          },
        ]),
      );
    },

    /** Every stored upload's id: an import makes again a file it stored once and that was deleted since. */
    async ids(): Promise<Set<string>> {
      const found = await db.select({ id: uploads.id }).from(uploads);
      return new Set(found.map((row) => row.id));
    },

    /** The name a stored file was sent with (its key holds the upload id as the folder), or null. */
    async originalName(key: string): Promise<string | null> {
      const id = key.split("/").at(-2);
      if (!id) return null;
      const [row] = await db
        .select({ name: uploads.originalName })
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.originalKey, key)))
        .limit(1);
      return row?.name ?? null;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
