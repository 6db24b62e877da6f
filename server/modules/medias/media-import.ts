import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { ImportEntry, ImportResult, ImportSummary } from "../../../common/media-import.ts";
import type { MediaInput, ReferenceFormat } from "../../../common/schemas/media.ts";
import type { Db } from "../../db/client.ts";
import { medias } from "../../db/schema.ts";
import { type Actor, requireAdmin } from "../access.ts";
import { type ParsedEntry, type ParsedReferences, parseReferences } from "./interchange/parse-references.ts";
import { mediaValues } from "./media-row.ts";

/**
 * Rows per INSERT: few round trips, far below the 65 535 parameters of one statement, and short enough
 * that the embedded database (which runs on this thread) never holds the event loop for long.
 */
const INSERT_CHUNK = 100;
/** Serialises imports, so two commits of the same file cannot both find its entries new. */
const IMPORT_LOCK = 4_004_001;

type ValidEntry = ParsedEntry & { input: MediaInput; identity_key: string };
const isValid = (entry: ParsedEntry): entry is ValidEntry => entry.input !== null && entry.identity_key !== null;

type Existing = { id: number; title: string; doi: string; identityKey: string };
type Executor = Pick<Db, "select" | "insert" | "execute">;

/** The library items sharing a DOI (any case) or an identity key with the entries: one query for the whole file. */
async function existingMatches(db: Executor, entries: ValidEntry[]) {
  const dois = [...new Set(entries.map((entry) => entry.input.doi.toLowerCase()).filter(Boolean))];
  const keys = [...new Set(entries.map((entry) => entry.identity_key))];
  const byDoi = new Map<string, Existing>();
  const byKey = new Map<string, Existing>();
  if (entries.length === 0) return { byDoi, byKey };
  const rows = await db
    .select({ id: medias.id, title: medias.title, doi: medias.doi, identityKey: medias.identityKey })
    .from(medias)
    .where(
      sql`lower(${medias.doi}) = ANY(${sql.param(dois)}::text[]) OR ${medias.identityKey} = ANY(${sql.param(keys)}::text[])`,
    )
    .orderBy(medias.id);
  for (const row of rows) {
    if (row.doi && !byDoi.has(row.doi.toLowerCase())) byDoi.set(row.doi.toLowerCase(), row);
    if (!byKey.has(row.identityKey)) byKey.set(row.identityKey, row);
  }
  return { byDoi, byKey };
}

/** Every entry's status: invalid (its reason), a duplicate of a library item or of an earlier entry, or new. */
async function classify(db: Executor, parsed: ParsedReferences) {
  const valid = parsed.entries.filter(isValid);
  const { byDoi, byKey } = await existingMatches(db, valid);
  const seenDoi = new Map<string, number>();
  const seenKey = new Map<string, number>();
  const fresh: MediaInput[] = [];
  const entries = parsed.entries.map((entry): ImportEntry => {
    const base = {
      index: entry.index,
      key: entry.key,
      title: entry.title,
      type: entry.type,
      authors: entry.authors,
      year: entry.year,
    };
    if (!isValid(entry)) return { ...base, status: "invalid", reason: entry.reason, duplicate_of: null };
    const { input, identity_key: key } = entry;
    const doi = input.doi.toLowerCase();
    const existing = (doi ? byDoi.get(doi) : undefined) ?? byKey.get(key);
    if (existing) {
      const detail = existing.doi ? `DOI ${existing.doi}` : "mesmo título, ano e primeiro autor";
      return {
        ...base,
        status: "duplicate",
        reason: `Já existe na biblioteca: «${existing.title}» (${detail})`,
        duplicate_of: existing.id,
      };
    }
    const earlier = (doi ? seenDoi.get(doi) : undefined) ?? seenKey.get(key);
    if (earlier !== undefined) {
      return { ...base, status: "duplicate", reason: `Repetida no arquivo (entrada ${earlier})`, duplicate_of: null };
    }
    if (doi) seenDoi.set(doi, entry.index);
    seenKey.set(key, entry.index);
    fresh.push(input);
    return { ...base, status: "new", reason: null, duplicate_of: null };
  });
  const count = (status: ImportEntry["status"]) => entries.filter((entry) => entry.status === status).length;
  const summary: ImportSummary = {
    format: parsed.format,
    total: entries.length,
    new: count("new"),
    duplicates: count("duplicate"),
    invalid: count("invalid"),
    entries,
  };
  return { summary, fresh };
}

/**
 * Importing a BibTeX or RIS file into the library: a preview that says what each entry would become,
 * and a commit that creates the new entries (published) in one transaction, all or nothing.
 */
export function createMediaImport(db: Db) {
  return {
    async preview(actor: Actor | null, text: string, format?: ReferenceFormat): Promise<ImportSummary> {
      requireAdmin(actor);
      const parsed = await parseReferences(text, format);
      return (await classify(db, parsed)).summary;
    },

    async commit(actor: Actor | null, text: string, format?: ReferenceFormat): Promise<ImportResult> {
      requireAdmin(actor);
      const parsed = await parseReferences(text, format);
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
        // Duplicates are checked again inside the transaction: the library may have changed since the preview.
        const { summary, fresh } = await classify(tx, parsed);
        for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
          // PGlite answers within the same turn of the event loop: let timers and other requests run between chunks.
          await nextTurn();
          const chunk = fresh
            .slice(start, start + INSERT_CHUNK)
            .map((input) => mediaValues({ ...input, status: "published" }));
          await tx.insert(medias).values(chunk);
        }
        return { ...summary, created: fresh.length };
      });
    },
  };
}

export type MediaImport = ReturnType<typeof createMediaImport>;
