import { setImmediate as nextTurn } from "node:timers/promises";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { MediaInput, ReferenceFormat } from "../../../common/schemas/media.ts";
import type { ImportEntry, ImportResult, ImportSummary } from "../../../common/views/medias.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { MediaImportContext } from "./context.ts";
import { type ParsedEntry, type ParsedReferences, parseReferences } from "./interchange/parse-references.ts";
import { mediaValues } from "./media-row.ts";
import { notStaged } from "./medias-access.ts";
import { mediaImports, medias } from "./tables.ts";

/**
 * Rows per INSERT: few round trips, far below the 65 535 parameters of one statement, and short enough
 * that the embedded database (which runs on this thread) never holds the event loop for long.
 */
const INSERT_CHUNK = 100;
/** Serialises the final step of imports: of two commits of one file, the later finds the earlier's items and drops its copies. */
const IMPORT_LOCK = 4_004_001;

const FORMAT_NAMES: Record<ReferenceFormat, string> = { bibtex: "BibTeX", ris: "RIS" };

/** What an import's audit entry tells: the file's format and what became of its entries. */
const importDetails = (result: ImportResult) => ({
  Formato: FORMAT_NAMES[result.format],
  "Entradas no arquivo": result.total,
  "Itens criados": result.created,
  Duplicadas: result.duplicates,
  Inválidas: result.invalid,
});

type ValidEntry = ParsedEntry & { input: MediaInput; identity_key: string };
const isValid = (entry: ParsedEntry): entry is ValidEntry => entry.input !== null && entry.identity_key !== null;

type Existing = { id: number; title: string; doi: string; identityKey: string };
type Executor = Pick<Db, "select" | "insert" | "execute">;

/** The visible library items sharing a DOI (any case) or an identity key with the entries: one query for the whole file. */
async function existingMatches(db: Executor, entries: ValidEntry[]) {
  const dois = [...new Set(entries.map((entry) => entry.input.doi.toLowerCase()).filter(Boolean))];
  const keys = [...new Set(entries.map((entry) => entry.identity_key))];
  const byDoi = new Map<string, Existing>();
  const byKey = new Map<string, Existing>();
  if (entries.length > 0) {
    const rows = await db
      .select({ id: medias.id, title: medias.title, doi: medias.doi, identityKey: medias.identityKey })
      .from(medias)
      .where(
        and(
          notStaged(),
          sql`(lower(${medias.doi}) = ANY(${sql.param(dois)}::text[]) OR ${medias.identityKey} = ANY(${sql.param(keys)}::text[]))`,
        ),
      )
      .orderBy(medias.id);
    for (const row of rows) {
      if (row.doi && !byDoi.has(row.doi.toLowerCase())) byDoi.set(row.doi.toLowerCase(), row);
      if (!byKey.has(row.identityKey)) byKey.set(row.identityKey, row);
    }
  }
  /** The item an entry duplicates, if any. */
  return (entry: ValidEntry): Existing | undefined => {
    const doi = entry.input.doi.toLowerCase();
    return (doi ? byDoi.get(doi) : undefined) ?? byKey.get(entry.identity_key);
  };
}

function duplicateOf(entry: ImportEntry, existing: Existing): ImportEntry {
  const detail = existing.doi ? `DOI ${existing.doi}` : "mesmo título, ano e primeiro autor";
  return {
    ...entry,
    status: "duplicate",
    reason: `Já existe na biblioteca: «${existing.title}» (${detail})`,
    duplicate_of: existing.id,
  };
}

function summarize(format: ReferenceFormat, entries: ImportEntry[]): ImportSummary {
  const count = (status: ImportEntry["status"]) => entries.filter((entry) => entry.status === status).length;
  return {
    format,
    total: entries.length,
    new: count("new"),
    duplicates: count("duplicate"),
    invalid: count("invalid"),
    entries,
  };
}

/** Every entry's status: invalid (its reason), a duplicate of a library item or of an earlier entry, or new. */
async function classify(db: Executor, parsed: ParsedReferences) {
  const existing = await existingMatches(db, parsed.entries.filter(isValid));
  const seenDoi = new Map<string, number>();
  const seenKey = new Map<string, number>();
  const fresh: ValidEntry[] = [];
  const entries = parsed.entries.map((entry): ImportEntry => {
    const base: ImportEntry = {
      index: entry.index,
      key: entry.key,
      title: entry.title,
      type: entry.type,
      authors: entry.authors,
      year: entry.year,
      status: "new",
      reason: null,
      duplicate_of: null,
    };
    if (!isValid(entry)) return { ...base, status: "invalid", reason: entry.reason };
    const match = existing(entry);
    if (match) return duplicateOf(base, match);
    const doi = entry.input.doi.toLowerCase();
    const earlier = (doi ? seenDoi.get(doi) : undefined) ?? seenKey.get(entry.identity_key);
    if (earlier !== undefined) {
      return { ...base, status: "duplicate", reason: `Repetida no arquivo (entrada ${earlier})` };
    }
    if (doi) seenDoi.set(doi, entry.index);
    seenKey.set(entry.identity_key, entry.index);
    fresh.push(entry);
    return base;
  });
  return { summary: summarize(parsed.format, entries), fresh };
}

/**
 * Importing a BibTeX or RIS file into the library: a preview that says what each entry would become,
 * and a commit that creates the new entries (published), all or nothing.
 *
 * The commit writes the new items in short chunks tagged with a pending import, invisible to every
 * list, search and duplicate check, then re-checks duplicates and marks the import done in one short
 * transaction: the file appears whole or not at all, and other requests keep being answered while a
 * large file is written (the embedded database has a single session, so one long transaction would
 * make every other query wait).
 */
export function createMediaImport(context: MediaImportContext) {
  const { db } = context;
  return {
    async preview(actor: Actor | null, text: string, format?: ReferenceFormat): Promise<ImportSummary> {
      requireAdmin(actor);
      const parsed = await parseReferences(text, format);
      return (await classify(db, parsed)).summary;
    },

    /** The import's audit entry (media.imported with its counts) is written with its final step. */
    async commit(actor: Actor | null, text: string, format?: ReferenceFormat): Promise<ImportResult> {
      const admin = requireAdmin(actor);
      const parsed = await parseReferences(text, format);
      // An import left pending this long was cut off (the process stopped): its items go with it.
      await db
        .delete(mediaImports)
        .where(and(eq(mediaImports.status, "pending"), lt(mediaImports.createdAt, sql`now() - interval '1 hour'`)));
      const planned = await classify(db, parsed);
      if (planned.fresh.length === 0) return { ...planned.summary, created: 0 };

      const [batch] = await db.insert(mediaImports).values({}).returning({ id: mediaImports.id });
      if (!batch) throw new Error("media import insert returned nothing");
      try {
        const stagedIds = new Map<number, number>();
        for (let start = 0; start < planned.fresh.length; start += INSERT_CHUNK) {
          // PGlite answers within the same turn of the event loop: let timers and other requests run between chunks.
          await nextTurn();
          const chunk = planned.fresh.slice(start, start + INSERT_CHUNK);
          const rows = await db
            .insert(medias)
            .values(
              chunk.map((entry) => ({ ...mediaValues({ ...entry.input, status: "published" }), importId: batch.id })),
            )
            .returning({ id: medias.id });
          chunk.forEach((entry, position) => {
            const row = rows[position];
            if (row) stagedIds.set(entry.index, row.id);
          });
        }
        const result = await context.transaction(async ({ db: tx, services }) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
          // The library may have changed while the chunks were written (another import, an item made by hand).
          const existing = await existingMatches(tx, planned.fresh);
          const late = new Map<number, Existing>();
          for (const entry of planned.fresh) {
            const match = existing(entry);
            if (match) late.set(entry.index, match);
          }
          const dropped = [...late.keys()].flatMap((index) => stagedIds.get(index) ?? []);
          if (dropped.length > 0) await tx.delete(medias).where(inArray(medias.id, dropped));
          await tx.update(mediaImports).set({ status: "done" }).where(eq(mediaImports.id, batch.id));
          const entries = planned.summary.entries.map((entry) => {
            const match = late.get(entry.index);
            return match ? duplicateOf(entry, match) : entry;
          });
          const imported = { ...summarize(parsed.format, entries), created: planned.fresh.length - late.size };
          await services.audit.record({
            actor: admin,
            action: "media.imported",
            recordLabel: `Arquivo ${FORMAT_NAMES[parsed.format]}`,
            details: importDetails(imported),
          });
          return imported;
        });
        context.announce({ name: "medias.changed", payload: undefined });
        return result;
      } catch (error) {
        // Deleting the import deletes the items written for it (ON DELETE CASCADE).
        await db.delete(mediaImports).where(eq(mediaImports.id, batch.id));
        throw error;
      }
    },
  };
}

export type MediaImport = ReturnType<typeof createMediaImport>;
