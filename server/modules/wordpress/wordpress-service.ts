import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createGunzip, createGzip } from "node:zlib";
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import { conflict, DomainError, invalid, notFound, tooLarge } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import { decodeReferenceFile } from "../../../common/reference-file.ts";
import {
  type ImportFile,
  type ImportFileRole,
  type UploadedFile,
  WORDPRESS_SPREADSHEET_MAX_BYTES,
} from "../../../common/schemas/wordpress-import.ts";
import {
  type ImportCounts,
  importKindLabels,
  importKinds,
  type WordPressFilesSource,
  type WordPressImportReport,
  type WordPressImportView,
} from "../../../common/views/wordpress-import.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { loadExistingState } from "./import-existing.ts";
import { type ImportSources, planImport } from "./import-plan.ts";
import { runImport } from "./import-run.ts";
import { openTextSpool, type TextSpool } from "./import-text.ts";
import { withoutTrailingSlashes } from "./old-addresses.ts";
import { wordpressImportFiles, wordpressImports } from "./tables.ts";
import { receiveWordPressUpload } from "./upload.ts";
import { customersOfCsv } from "./wc-customer-csv.ts";
import { productsOfCsv } from "./wc-product-csv.ts";
import { openFileSource } from "./wp-files.ts";
import { readWxr, WXR_MAX_BYTES } from "./wxr-reader.ts";

/**
 * Moving a WordPress site in: `preview` reads what was sent and shows what would be done, `start`
 * runs it in the background (its progress in the import's row, for any process to show), `run` waits
 * for it (the command line). The plan is made again when the run starts: the site may have changed
 * since the preview.
 */

/** Each file fetched from the old site or a folder: as large as an upload may be here. */
const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
/** A run that wrote no batch for this long lost its process: it may be started again. */
const STALLED_AFTER_MS = 2 * 60_000;
const PREVIEW_CHECKS = 8;

export type WordPressState = { running: Map<number, Promise<void>> };
export const createWordPressState = (): WordPressState => ({ running: new Map() });

const NOTHING_SENT = "Envie a exportação do WordPress (.xml), a planilha de produtos ou a de clientes (.csv).";
const IMPORT_NOT_FOUND = "Importação não encontrada.";
const UNKNOWN_INTENT = "Ação desconhecida.";

/** Pieces of a file read from disk: small enough that no read holds much of it. */
const READ_PIECE_BYTES = 256 * 1024;

/** A sent or stored file as its bytes come, a piece at a time. */
type SourceFile = {
  role: ImportFileRole;
  name: string;
  size: number | null;
  chunks: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
};

const sourceOf = (file: ImportFile | UploadedFile): SourceFile =>
  "bytes" in file
    ? { role: file.role, name: file.name, size: file.bytes.byteLength, chunks: () => [file.bytes] }
    : {
        role: file.role,
        name: file.name,
        size: file.size,
        chunks: () => createReadStream(file.path, { highWaterMark: READ_PIECE_BYTES }),
      };

/** The compressed files are stored in parts this large (tables.ts). */
const STORED_PART_BYTES = 1024 * 1024;

/** A file as the preview stored it, its parts read one at a time and inflated as they come. */
const storedSourceOf = (role: ImportFileRole, parts: () => AsyncIterable<Uint8Array>): SourceFile => ({
  role,
  name: role,
  size: null,
  chunks: () => Readable.from(parts()).pipe(createGunzip({ chunkSize: READ_PIECE_BYTES })),
});

/**
 * The file compressed off the event loop (zlib works on libuv's threads) into a temporary file beside
 * the uploads, never whole in memory; the caller removes it.
 */
async function gzippedToDisk(file: SourceFile, folder: string): Promise<string> {
  await fs.mkdir(folder, { recursive: true });
  const target = path.join(folder, `${randomUUID()}.gz`);
  try {
    await pipeline(Readable.from(file.chunks()), createGzip(), createWriteStream(target));
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
  return target;
}

type ImportRow = typeof wordpressImports.$inferSelect;

function viewOf(row: ImportRow, now = Date.now()): WordPressImportView {
  return {
    id: row.id,
    status: row.status,
    file_names: row.fileNames,
    files_source: row.filesSource,
    // A report from before the front page was told has none to tell.
    report: { ...row.report, front_page: row.report.front_page ?? null },
    progress: { done: row.progressDone, total: row.progressTotal, step: row.progressStep },
    error: row.error,
    stalled: row.status === "running" && now - (row.heartbeatAt ?? row.updatedAt).getTime() > STALLED_AFTER_MS,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The old site's address as the key of its ids (a spreadsheet alone has no site: its ids are its own). */
const siteKeyOf = (sources: ImportSources) =>
  sources.wxr
    ? withoutTrailingSlashes(sources.wxr.site.baseSiteUrl || sources.wxr.site.link).toLowerCase()
    : "planilha";

/** The import an audit entry is about, and who started it. */
const auditEntry = (actor: Actor, row: ImportRow) =>
  ({
    actor,
    action: "wordpress.imported",
    recordId: row.id,
    recordLabel: row.report.site.title || row.fileNames.join(", "),
  }) as const;

/** A run's counts of one outcome, as a line: "Páginas: 3, Produtos: 2"; "nenhum" when all are 0. */
const countsLine = (counts: ImportCounts) =>
  importKinds
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${importKindLabels[kind]}: ${counts[kind]}`)
    .join(", ") || "nenhum";

export function createWordPressService(context: ServiceContext, state: WordPressState) {
  const { db } = context;

  /** The import's own spool, where the export's long contents wait while it plans and runs (import-text.ts). */
  const openSpool = () => openTextSpool(path.join(context.config.DATA_DIR, "tmp", "wordpress-spool"));
  const compressedFolder = path.join(context.config.DATA_DIR, "tmp", "wordpress-compressed");

  async function readSources(
    files: readonly SourceFile[],
    maxExportBytes: number,
    spool: TextSpool,
  ): Promise<ImportSources> {
    const exportFile = files.find((file) => file.role === "export");
    const productsFile = files.find((file) => file.role === "products");
    const customersFile = files.find((file) => file.role === "customers");
    for (const file of [productsFile, customersFile]) {
      if (file?.size && file.size > WORDPRESS_SPREADSHEET_MAX_BYTES) {
        throw tooLarge(`A planilha ${file.name} passa de ${formatFileSize(WORDPRESS_SPREADSHEET_MAX_BYTES)}.`);
      }
    }
    const text = async (file: SourceFile) => {
      const bytes = await buffer(Readable.from(file.chunks()));
      return decodeReferenceFile(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
    };
    return {
      wxr: exportFile ? await readWxr(exportFile.chunks(), { maxBytes: maxExportBytes, spool }) : null,
      csvProducts: productsFile ? productsOfCsv(await text(productsFile)) : { products: [], skipped: [] },
      customers: customersFile ? customersOfCsv(await text(customersFile)) : null,
    };
  }

  /** What the import would do: the plan's report, the plan and the files read for it let go once it is made. */
  async function reportOf(files: readonly SourceFile[], filesSource: WordPressFilesSource, maxExportBytes: number) {
    const spool = await openSpool();
    try {
      const sources = await readSources(files, maxExportBytes, spool);
      const site = siteKeyOf(sources);
      const plan = await planImport(sources, await loadExistingState(db, site), site);
      plan.report.unfetched_files = await unreadableFiles(plan.attachments, filesSource);
      return plan.report;
    } finally {
      await spool.close();
    }
  }

  function fileSourceOptions() {
    const privateHosts = new Set(context.config.WORDPRESS_FILES_PRIVATE_HOSTS);
    return { maxBytes: ATTACHMENT_MAX_BYTES, privateHosts };
  }

  /** The preview's look at the files: which the run will not be able to read, and why. */
  async function unreadableFiles(
    attachments: readonly { url: string }[],
    source: WordPressFilesSource,
  ): Promise<WordPressImportReport["unfetched_files"]> {
    if (source.kind === "none" || attachments.length === 0) return [];
    const files = await openFileSource(source, fileSourceOptions());
    try {
      const missing: WordPressImportReport["unfetched_files"] = [];
      for (let start = 0; start < attachments.length; start += PREVIEW_CHECKS) {
        const group = attachments.slice(start, start + PREVIEW_CHECKS);
        const found = await Promise.all(group.map((attachment) => files.exists(attachment.url)));
        group.forEach((attachment, index) => {
          const check = found[index];
          if (check && !check.ok) missing.push({ url: attachment.url, reason: check.reason });
        });
      }
      return missing;
    } finally {
      await files.close();
    }
  }

  /** A stored file's parts in order, each read when the one before has been taken. */
  async function* storedParts(importId: number, role: string): AsyncIterable<Uint8Array> {
    for (let part = 0; ; part++) {
      const [row] = await db
        .select({ gzipped: wordpressImportFiles.gzipped })
        .from(wordpressImportFiles)
        .where(
          and(
            eq(wordpressImportFiles.importId, importId),
            eq(wordpressImportFiles.role, role),
            eq(wordpressImportFiles.part, part),
          ),
        );
      if (!row) return;
      yield row.gzipped;
    }
  }

  async function load(id: number): Promise<ImportRow> {
    const [row] = await db.select().from(wordpressImports).where(eq(wordpressImports.id, id)).limit(1);
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return row;
  }

  async function execute(actor: Actor, id: number): Promise<void> {
    let spool: TextSpool | null = null;
    try {
      spool = await openSpool();
      const row = await load(id);
      const stored = await db
        .selectDistinct({ role: wordpressImportFiles.role })
        .from(wordpressImportFiles)
        .where(eq(wordpressImportFiles.importId, id));
      const files = stored.map(({ role }) => storedSourceOf(role as ImportFileRole, () => storedParts(id, role)));
      const sources = await readSources(files, Number.MAX_SAFE_INTEGER, spool);
      const site = siteKeyOf(sources);
      const plan = await planImport(sources, await loadExistingState(db, site), site);
      const fileSource =
        row.filesSource.kind === "none" ? null : await openFileSource(row.filesSource, fileSourceOptions());
      try {
        const { report, result } = await runImport(plan, {
          context,
          actor,
          importId: id,
          files: fileSource ?? { get: async () => ({ ok: false, reason: "Arquivos não importados, como escolhido." }) },
          wxr: sources.wxr,
        });
        await context.transaction(async (tx) => {
          await tx.db
            .update(wordpressImports)
            .set({ status: "done", report, finishedAt: new Date(), updatedAt: new Date(), error: null })
            .where(eq(wordpressImports.id, id));
          await tx.db.delete(wordpressImportFiles).where(eq(wordpressImportFiles.importId, id));
          const { created, updated, unchanged } = result;
          await tx.services.audit.record({
            ...auditEntry(actor, row),
            details: {
              Situação: "Concluída",
              Criados: countsLine(created),
              Atualizados: countsLine(updated),
              "Sem mudança": countsLine(unchanged),
            },
          });
        });
      } finally {
        await fileSource?.close();
      }
    } catch (error) {
      const message =
        error instanceof DomainError
          ? error.message
          : "A importação parou por um erro inesperado; o que já foi importado ficou. Tente de novo: ela continua de onde parou.";
      if (!(error instanceof DomainError))
        context.logger.error({ err: error, importId: id }, "wordpress import failed");
      await context.transaction(async (tx) => {
        const [failed] = await tx.db
          .update(wordpressImports)
          .set({ status: "failed", error: message, updatedAt: new Date() })
          .where(eq(wordpressImports.id, id))
          .returning();
        if (failed)
          await tx.services.audit.record({
            ...auditEntry(actor, failed),
            details: { Situação: "Parou com erro", Erro: message },
          });
      });
    } finally {
      await spool?.close();
    }
  }

  return {
    /**
     * Reads what was sent and answers what the import would do, kept as a new import in "previewed".
     * `maxExportBytes` is larger on the command line than through the web.
     */
    async preview(
      actor: Actor | null,
      files: readonly (ImportFile | UploadedFile)[],
      filesSource: WordPressFilesSource,
      maxExportBytes = WXR_MAX_BYTES,
    ): Promise<WordPressImportView> {
      const admin = requireAdmin(actor);
      if (files.length === 0) throw invalid(NOTHING_SENT, { export: [NOTHING_SENT] });
      const sent = files.map(sourceOf);
      const report = await reportOf(sent, filesSource, maxExportBytes);
      // One file at a time: each compressed while read, none held whole.
      const compressed: { role: ImportFileRole; file: string }[] = [];
      try {
        for (const file of sent)
          compressed.push({ role: file.role, file: await gzippedToDisk(file, compressedFolder) });
        return await context.transaction(async (tx) => {
          const [row] = await tx.db
            .insert(wordpressImports)
            .values({
              status: "previewed",
              fileNames: files.map((file) => file.name),
              filesSource,
              report,
              userId: admin.id,
            })
            .returning();
          if (!row) throw new Error("import insert returned nothing");
          for (const { role, file } of compressed) {
            let part = 0;
            for await (const gzipped of createReadStream(file, { highWaterMark: STORED_PART_BYTES })) {
              await tx.db.insert(wordpressImportFiles).values({ importId: row.id, role, part, gzipped });
              part++;
              // The embedded database writes on the event loop: visitors' requests get a turn between parts.
              await nextTurn();
            }
          }
          return viewOf(row);
        });
      } finally {
        await Promise.all(compressed.map(({ file }) => fs.rm(file, { force: true })));
      }
    },

    /**
     * The web upload (the REST route, the account screen's form): its files streamed to temporary
     * files, previewed, then removed. Who may import is checked before any of it is read.
     */
    async previewUpload(actor: Actor | null, request: Request): Promise<WordPressImportView> {
      requireAdmin(actor);
      const upload = await receiveWordPressUpload(request, context.config.DATA_DIR);
      try {
        // The account screen's form says what it asks for; the REST route sends no intent.
        if (upload.fields.intent !== undefined && upload.fields.intent !== "preview") throw invalid(UNKNOWN_INTENT);
        return await this.preview(actor, upload.files, upload.filesSource);
      } finally {
        await upload.remove();
      }
    },

    async get(actor: Actor | null, id: number): Promise<WordPressImportView> {
      requireAdmin(actor);
      return viewOf(await load(id));
    },

    /** The latest imports, newest first. */
    async list(actor: Actor | null): Promise<WordPressImportView[]> {
      requireAdmin(actor);
      const rows = await db.select().from(wordpressImports).orderBy(desc(wordpressImports.id)).limit(20);
      return rows.map((row) => viewOf(row));
    },

    /**
     * Starts a previewed import (or one that failed or lost its process: it carries on) in the
     * background. Two clicks start it once.
     */
    async start(actor: Actor | null, id: number): Promise<WordPressImportView> {
      const admin = requireAdmin(actor);
      const stalledBefore = new Date(Date.now() - STALLED_AFTER_MS);
      const row = await context.transaction(async (tx) => {
        const [started] = await tx.db
          .update(wordpressImports)
          .set({ status: "running", error: null, heartbeatAt: new Date(), updatedAt: new Date() })
          .where(
            and(
              eq(wordpressImports.id, id),
              or(
                inArray(wordpressImports.status, ["previewed", "failed"]),
                and(eq(wordpressImports.status, "running"), lt(wordpressImports.heartbeatAt, stalledBefore)),
              ),
            ),
          )
          .returning();
        if (started)
          await tx.services.audit.record({
            ...auditEntry(admin, started),
            details: { Situação: "Iniciada", Arquivos: started.fileNames.join(", ") },
          });
        return started;
      });
      if (!row) {
        const current = await load(id);
        if (current.status === "running") return viewOf(current);
        throw conflict("Esta importação já foi concluída. Envie os arquivos de novo para importar outra vez.");
      }
      const run = execute(admin, id).finally(() => state.running.delete(id));
      state.running.set(id, run);
      return viewOf(row);
    },

    /** Starts an import and waits for its end (the command line, tests). */
    async run(actor: Actor | null, id: number): Promise<WordPressImportView> {
      await this.start(actor, id);
      await state.running.get(id);
      return viewOf(await load(id));
    },

    /** Waits for this process's runs (a server stopping, tests). */
    async settle(): Promise<void> {
      await Promise.all(state.running.values());
    },
  };
}

export type WordPressService = ReturnType<typeof createWordPressService>;
