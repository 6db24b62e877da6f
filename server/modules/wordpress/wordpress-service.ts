import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type Duplex, Readable, pipeline as streamPipeline, type Transform } from "node:stream";
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
import { youngGarbageCollector } from "../../kernel/garbage-collection.ts";
import type { WordpressContext } from "./context.ts";
import { loadExistingState, type SiteKeysReader } from "./import-existing.ts";
import { type ImportPlan, type ImportSources, planImport } from "./import-plan.ts";
import { openTextSpool, type TextSpool } from "./import-text.ts";
import { withoutTrailingSlashes } from "./old-addresses.ts";
import { wordpressImportFiles, wordpressImports, wordpressRecords } from "./tables.ts";
import { receiveWordPressUpload } from "./upload.ts";
import { customersOfCsv } from "./wc-customer-csv.ts";
import { productsOfCsv } from "./wc-product-csv.ts";
import { type FileSource, openFileSource } from "./wp-files.ts";
import { readWxr, WXR_MAX_BYTES, type WxrExport } from "./wxr-reader.ts";

/**
 * Moving a WordPress site in, the import's own part: `preview` reads what was sent and shows what would
 * be done, `claim` marks it running, `openRun` makes its plan again (the site may have changed since the
 * preview), and the run's batches keep its progress and what it wrote here. The run itself, across the
 * areas it writes, is a flow's (server/flows/wordpress-import.ts), as is the reading of what those areas
 * hold (the `readKeys` given to `preview` and `openRun`).
 */

/** Each file fetched from the old site or a folder: as large as an upload may be here. */
const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
/** A run that wrote no batch for this long lost its process: it may be started again. */
const STALLED_AFTER_MS = 2 * 60_000;
const PREVIEW_CHECKS = 8;

export type WordPressState = { running: Map<number, Promise<void>> };
export const createWordPressState = (): WordPressState => ({ running: new Map() });

/** What a run made, updated and left as it was, per kind. */
export type RunResult = { created: ImportCounts; updated: ImportCounts; unchanged: ImportCounts };

/** A run's plan with what it reads: the files and the export; `close` lets go of them. */
export type ImportRun = { plan: ImportPlan; wxr: WxrExport | null; files: FileSource; close(): Promise<void> };

/** Where a run is: done of total, and the step's name. */
export type RunProgress = { done: number; total: number; step: string };

const NOTHING_SENT = "Envie a exportação do WordPress (.xml), a planilha de produtos ou a de clientes (.csv).";
const IMPORT_NOT_FOUND = "Importação não encontrada.";
const UNKNOWN_INTENT = "Ação desconhecida.";

/** Pieces of a file read from disk: small enough that no read holds much of it. */
const READ_PIECE_BYTES = 256 * 1024;

/** `source` through `stages` and the collector of the pieces let go, an error of any one ending the last. */
function piped(source: Readable, ...stages: Duplex[]): Transform {
  const collector = youngGarbageCollector();
  streamPipeline([source, ...stages, collector], () => undefined);
  return collector;
}

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
        chunks: () => piped(createReadStream(file.path, { highWaterMark: READ_PIECE_BYTES })),
      };

/**
 * The compressed files are stored in parts this large (tables.ts). A part's statement runs on the
 * embedded database's event loop, and its time grows with its size: on a quiet machine 1 MB took 210-230 ms to
 * write and 70 ms to read, 128 KB 16-49 and 11-12 ms (the import must not hold the loop for 100 ms, issue 33
 * item 6).
 */
export const STORED_PART_BYTES = 128 * 1024;

/** A file as the preview stored it, its parts read one at a time and inflated as they come. */
const storedSourceOf = (role: ImportFileRole, parts: () => AsyncIterable<Uint8Array>): SourceFile => ({
  role,
  name: role,
  size: null,
  chunks: () => piped(Readable.from(parts()), createGunzip({ chunkSize: READ_PIECE_BYTES })),
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
    // A report written before reports told the front page or the values left out has neither.
    report: { ...row.report, front_page: row.report.front_page ?? null, left_out: row.report.left_out ?? [] },
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

export function createWordPressService(context: WordpressContext, state: WordPressState) {
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
  async function reportOf(
    files: readonly SourceFile[],
    filesSource: WordPressFilesSource,
    maxExportBytes: number,
    readKeys: SiteKeysReader,
  ) {
    const spool = await openSpool();
    try {
      const sources = await readSources(files, maxExportBytes, spool);
      const site = siteKeyOf(sources);
      const plan = await planImport(sources, await loadExistingState(db, site, readKeys), site);
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

  async function load(id: number, on = db): Promise<ImportRow> {
    const [row] = await on.select().from(wordpressImports).where(eq(wordpressImports.id, id)).limit(1);
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return row;
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
      readKeys: SiteKeysReader,
      maxExportBytes = WXR_MAX_BYTES,
    ): Promise<WordPressImportView> {
      const admin = requireAdmin(actor);
      if (files.length === 0) throw invalid(NOTHING_SENT, { export: [NOTHING_SENT] });
      const sent = files.map(sourceOf);
      const report = await reportOf(sent, filesSource, maxExportBytes, readKeys);
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
    async previewUpload(actor: Actor | null, request: Request, readKeys: SiteKeysReader): Promise<WordPressImportView> {
      requireAdmin(actor);
      const upload = await receiveWordPressUpload(request, context.config.DATA_DIR);
      try {
        // The account screen's form says what it asks for; the REST route sends no intent.
        if (upload.fields.intent !== undefined && upload.fields.intent !== "preview") throw invalid(UNKNOWN_INTENT);
        return await this.preview(actor, upload.files, upload.filesSource, readKeys);
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
     * Marks a previewed import (or one that failed or lost its process: it carries on) running, for the
     * caller to run it. Two clicks claim it once: `started` is false when it was running already.
     */
    async claim(actor: Actor | null, id: number): Promise<{ view: WordPressImportView; started: boolean }> {
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
      if (row) return { view: viewOf(row), started: true };
      const current = await load(id);
      if (current.status === "running") return { view: viewOf(current), started: false };
      throw conflict("Esta importação já foi concluída. Envie os arquivos de novo para importar outra vez.");
    },

    /**
     * The plan of a claimed import, made again from its stored files and what the site holds now, with
     * the source of its files. The caller closes it once the run ends.
     */
    async openRun(id: number, readKeys: SiteKeysReader): Promise<ImportRun> {
      const spool = await openSpool();
      try {
        const row = await load(id);
        const stored = await db
          .selectDistinct({ role: wordpressImportFiles.role })
          .from(wordpressImportFiles)
          .where(eq(wordpressImportFiles.importId, id));
        const files = stored.map(({ role }) => storedSourceOf(role as ImportFileRole, () => storedParts(id, role)));
        const sources = await readSources(files, Number.MAX_SAFE_INTEGER, spool);
        const site = siteKeyOf(sources);
        const plan = await planImport(sources, await loadExistingState(db, site, readKeys), site);
        // Opened last: nothing after it fails before the caller holds it.
        const fileSource =
          row.filesSource.kind === "none" ? null : await openFileSource(row.filesSource, fileSourceOptions());
        return {
          plan,
          wxr: sources.wxr,
          files: fileSource ?? { get: async () => ({ ok: false, reason: "Arquivos não importados, como escolhido." }) },
          async close() {
            try {
              await fileSource?.close();
            } finally {
              await spool.close();
            }
          },
        };
      } catch (error) {
        await spool.close();
        throw error;
      }
    },

    /** Keeps which record a WordPress item became here, and the fingerprint of what it was made from. */
    async remember(site: string, kind: string, wpId: string, recordId: string, fingerprint: string): Promise<void> {
      await db
        .insert(wordpressRecords)
        .values({ site, kind, wpId, recordId, fingerprint })
        .onConflictDoUpdate({
          target: [wordpressRecords.site, wordpressRecords.kind, wordpressRecords.wpId],
          set: { recordId, fingerprint, updatedAt: new Date() },
        });
    },

    /** A run's progress, for every process to show; its heartbeat too (a run without one has stalled). */
    async progress(id: number, { done, total, step }: RunProgress): Promise<void> {
      await db
        .update(wordpressImports)
        .set({
          progressDone: done,
          progressTotal: total,
          progressStep: step,
          heartbeatAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(wordpressImports.id, id));
    },

    /** The record an import of `site` made of one WordPress item, or null. */
    async importedRecord(site: string, kind: string, wpId: string): Promise<string | null> {
      const [row] = await db
        .select({ recordId: wordpressRecords.recordId })
        .from(wordpressRecords)
        .where(and(eq(wordpressRecords.site, site), eq(wordpressRecords.kind, kind), eq(wordpressRecords.wpId, wpId)));
      return row?.recordId ?? null;
    },

    /** The records imports of `site` made of one kind, by WordPress id. */
    async importedRecords(site: string, kind: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ wpId: wordpressRecords.wpId, recordId: wordpressRecords.recordId })
        .from(wordpressRecords)
        .where(and(eq(wordpressRecords.site, site), eq(wordpressRecords.kind, kind)));
      return new Map(rows.map((row) => [row.wpId, row.recordId]));
    },

    /** The records of one kind that imports of every site made. */
    async recordsImported(kind: string): Promise<Set<string>> {
      const rows = await db
        .select({ recordId: wordpressRecords.recordId })
        .from(wordpressRecords)
        .where(eq(wordpressRecords.kind, kind));
      return new Set(rows.map((row) => row.recordId));
    },

    /** A run ended well: its report kept, its stored files gone, and what it wrote in the audit log. */
    async finish(actor: Actor, id: number, report: WordPressImportReport, result: RunResult): Promise<void> {
      await context.transaction(async (tx) => {
        const row = await load(id, tx.db);
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
    },

    /** A run stopped by `error`: its batches written stay, and starting it again carries on. */
    async fail(actor: Actor, id: number, error: unknown): Promise<void> {
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
    },

    /** Keeps a run this process started until it ends, for `runningHere` and `settle`. */
    track(id: number, run: Promise<void>): void {
      state.running.set(
        id,
        run.finally(() => state.running.delete(id)),
      );
    },

    /** Waits for this process's run of the import, if it has one. */
    async runningHere(id: number): Promise<void> {
      await state.running.get(id);
    },

    /** Waits for this process's runs (a server stopping, tests). */
    async settle(): Promise<void> {
      await Promise.all(state.running.values());
    },
  };
}

export type WordPressService = ReturnType<typeof createWordPressService>;
