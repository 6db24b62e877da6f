import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { conflict, invalid, notFound } from "../../../common/errors.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import { safeRedirect } from "../../../common/safe-redirect.ts";
import { type RedirectListQuery, type RedirectValues, redirectSchema } from "../../../common/schemas/redirects.ts";
import type { RedirectPage, RedirectView } from "../../../common/views/redirects.ts";
import type { Db } from "../../db/client.ts";
import { containsPattern } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import { redirectKey } from "../wordpress/old-addresses.ts";
import type { RedirectsContext } from "./context.ts";
import type { RedirectHits } from "./redirect-hits.ts";
import { redirects } from "./tables.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "redirects.changed": undefined;
  }
}

/** What a request meets: the redirect (for its hit) and the Location to answer, percent-encoded. */
export type ResolvedRedirect = { id: number; to: string };
/** Every redirect by the key of its old address: what each request is looked up in. */
export type RedirectTable = Map<string, ResolvedRedirect>;
export type RedirectsState = { table: Memo<RedirectTable>; hits: RedirectHits };

/** One old address of an imported site: `from` as the old site wrote it, `to` a path of this site. */
export type ImportedRedirect = { from: string; to: string };
export type ImportOutcome = { created: number; updated: number; unchanged: number; skipped: number };

const NOT_FOUND = "Redirecionamento não encontrado.";
export const FROM_TAKEN = "Já existe um redirecionamento deste endereço";
export const TO_ITSELF = "O destino é o próprio endereço antigo: o visitante voltaria sempre ao mesmo lugar";
export const HOME = "A página inicial não pode ser redirecionada: escolha a página inicial do site em Configurações";
/** No chains: a visitor follows one redirect at most, so none can lead round in a loop. */
export const chainTo = (to: string) => `Este endereço já é redirecionado para ${to}: informe ${to} como destino`;

/** How many imported redirects go in one statement. */
const IMPORT_CHUNK = 500;

/** The key of an address written with its query ("/?p=12", "/Sobre/#equipe"): see redirectKey. */
export function keyOf(address: string): string {
  const path = address.split("#")[0] ?? "";
  const query = path.indexOf("?");
  return query === -1 ? redirectKey(path) : redirectKey(path.slice(0, query), path.slice(query));
}

type Row = typeof redirects.$inferSelect;

/** A redirect as its audit entries show it, in the words of its form and list. */
const redirectAuditFields = (redirect: Pick<RedirectView, "from" | "to">): AuditFields => ({
  "Endereço antigo": redirect.from,
  "Leva para": redirect.to,
});

const toView = (row: Row): RedirectView => ({
  id: row.id,
  from: row.fromPath,
  to: row.toPath,
  source: row.source,
  hits: row.hits,
  last_hit_at: row.lastHitAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function loadRedirectTable(db: Db): Promise<RedirectTable> {
  const rows = await db
    .select({ id: redirects.id, fromKey: redirects.fromKey, toPath: redirects.toPath })
    .from(redirects);
  return new Map(rows.map((row) => [row.fromKey, { id: row.id, to: safeRedirect(row.toPath) }]));
}

/** Writes of redirects one at a time, each checked against all the others as they are. */
async function lockRedirects(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('redirects', 0))`);
}

/** What the rules across redirects read of each. */
const LINK_COLUMNS = {
  id: redirects.id,
  fromKey: redirects.fromKey,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  source: redirects.source,
};

/** Every redirect with both keys: what the rules across redirects are checked against. */
async function loadLinks(db: Db) {
  const rows = await db.select(LINK_COLUMNS).from(redirects);
  return rows.map((row) => ({ ...row, toKey: keyOf(row.toPath) }));
}

type Link = Awaited<ReturnType<typeof loadLinks>>[number];

/** Keys per query: an IN list this long stays well within what both databases take. */
const KEYS_PER_QUERY = 500;

/** The redirects whose old address is one of `keys`, found by their unique index. */
async function linksFrom(db: Db, keys: readonly string[]) {
  const found: Omit<Link, "toKey">[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    found.push(
      ...(await db
        .select(LINK_COLUMNS)
        .from(redirects)
        .where(inArray(redirects.fromKey, keys.slice(start, start + KEYS_PER_QUERY)))),
    );
  }
  return found;
}

/** Which of `keys` some redirect leads to. */
async function toKeysAmong(db: Db, keys: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const rows = await db
      .selectDistinct({ toKey: redirects.toKey })
      .from(redirects)
      .where(inArray(redirects.toKey, keys.slice(start, start + KEYS_PER_QUERY)));
    for (const row of rows) if (row.toKey !== null) found.push(row.toKey);
  }
  return found;
}

/** Gives the redirects written before to_key was kept theirs (once: afterwards none is missing it). */
async function fillToKeys(db: Db): Promise<void> {
  const missing = await db
    .select({ id: redirects.id, toPath: redirects.toPath })
    .from(redirects)
    .where(isNull(redirects.toKey));
  for (const row of missing) {
    await db
      .update(redirects)
      .set({ toKey: keyOf(row.toPath) })
      .where(eq(redirects.id, row.id));
  }
}

/**
 * The rules across redirects that the schema cannot check, as keys against the `others`: one redirect
 * per old address (409), never the home page, never to itself, never to another redirect's old address.
 */
function checkAgainst(others: Link[], fromKey: string, toKey: string): void {
  if (others.some((link) => link.fromKey === fromKey)) throw conflict(`${FROM_TAKEN}.`, { from: [FROM_TAKEN] });
  const errors: Record<string, string[]> = {};
  if (fromKey === "/") errors.from = [HOME];
  const next = others.find((link) => link.fromKey === toKey);
  if (toKey === fromKey) errors.to = [TO_ITSELF];
  else if (next) errors.to = [chainTo(next.toPath)];
  const [first] = Object.values(errors).flat();
  if (first) throw invalid(`${first}.`, errors);
}

export function createRedirectsService(context: RedirectsContext, state: RedirectsState) {
  const { db } = context;

  async function find(on: Db, id: number): Promise<Row> {
    const [row] = await on.select().from(redirects).where(eq(redirects.id, id)).limit(1);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /**
   * Creates (`id` null) or rewrites a redirect an administrator wrote: it is then hers (manual), and
   * a later import leaves it alone. Redirects that led to its old address now lead where it does,
   * so that none is a chain.
   */
  async function save(actor: Actor | null, id: number | null, values: RedirectValues): Promise<RedirectView> {
    const admin = requireAdmin(actor);
    return context.transaction(async (tx) => {
      await lockRedirects(tx.db);
      const links = await loadLinks(tx.db);
      if (id !== null && !links.some((link) => link.id === id)) throw notFound(NOT_FOUND);
      const before = id === null ? null : await find(tx.db, id);
      const fromKey = keyOf(values.from);
      const others = links.filter((link) => link.id !== id);
      const toKey = keyOf(values.to);
      checkAgainst(others, fromKey, toKey);
      const fields = { fromKey, fromPath: values.from, toPath: values.to, toKey, source: "manual" as const };
      const [written] =
        id === null
          ? await tx.db.insert(redirects).values(fields).returning({ id: redirects.id })
          : await tx.db
              .update(redirects)
              .set({ ...fields, updatedAt: new Date() })
              .where(eq(redirects.id, id))
              .returning({ id: redirects.id });
      if (!written) throw new Error("redirect write returned nothing");
      const leadingHere = others.filter((link) => link.toKey === fromKey);
      if (leadingHere.length > 0) {
        await tx.db
          .update(redirects)
          .set({ toPath: values.to, toKey, updatedAt: new Date() })
          .where(
            inArray(
              redirects.id,
              leadingHere.map((link) => link.id),
            ),
          );
      }
      const view = toView(await find(tx.db, written.id));
      await tx.services.audit.record({
        actor: admin,
        action: before ? "redirect.updated" : "redirect.created",
        recordId: view.id,
        recordLabel: view.from,
        before: before && redirectAuditFields(toView(before)),
        after: redirectAuditFields(view),
      });
      // The redirects that now lead where this one does, so that none is a chain, changed too.
      for (const link of leadingHere) {
        await tx.services.audit.record({
          actor: admin,
          action: "redirect.updated",
          recordId: link.id,
          recordLabel: link.fromPath,
          before: redirectAuditFields({ from: link.fromPath, to: link.toPath }),
          after: redirectAuditFields({ from: link.fromPath, to: values.to }),
        });
      }
      tx.announce({ name: "redirects.changed", payload: undefined });
      return view;
    });
  }

  return {
    /** Administrators: newest first, searched in both addresses, optionally by origin. */
    async list(actor: Actor | null, query: ListQuery & RedirectListQuery): Promise<RedirectPage> {
      requireAdmin(actor);
      const filters: SQL[] = [];
      if (query.q) {
        const pattern = containsPattern(query.q);
        const match = or(
          ilike(redirects.fromPath, pattern),
          ilike(redirects.fromKey, pattern),
          ilike(redirects.toPath, pattern),
        );
        if (match) filters.push(match);
      }
      if (query.source) filters.push(eq(redirects.source, query.source));
      const where = filters.length ? and(...filters) : undefined;
      const [total] = await db.select({ value: count() }).from(redirects).where(where);
      const rows = await db
        .select()
        .from(redirects)
        .where(where)
        .orderBy(desc(redirects.createdAt), desc(redirects.id))
        .limit(query.per_page)
        .offset(pageOffset(query));
      return toPage(rows.map(toView), total?.value ?? 0, query);
    },

    async get(actor: Actor | null, id: number): Promise<RedirectView> {
      requireAdmin(actor);
      return toView(await find(db, id));
    },

    create: (actor: Actor | null, values: RedirectValues) => save(actor, null, values),

    update: (actor: Actor | null, id: number, values: RedirectValues) => save(actor, id, values),

    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const [deleted] = await tx.db.delete(redirects).where(eq(redirects.id, id)).returning();
        if (!deleted) throw notFound(NOT_FOUND);
        const view = toView(deleted);
        await tx.services.audit.record({
          actor: admin,
          action: "redirect.deleted",
          recordId: id,
          recordLabel: view.from,
          before: redirectAuditFields(view),
        });
        tx.announce({ name: "redirects.changed", payload: undefined });
      });
    },

    /**
     * The WordPress import's old addresses, written in the caller's transaction as source 'wordpress':
     * a new old address is created, one imported before is updated when its destination changed, and
     * an administrator's redirect is never touched. Skipped: what the schema refuses, the home page,
     * an entry leading to itself, a second entry for the same old address, and what would make a
     * chain (an old address that is a destination, which is a page of this site, or a destination
     * that is an old address). Importing the same entries again changes nothing.
     */
    async importMany(actor: Actor | null, entries: ImportedRedirect[]): Promise<ImportOutcome> {
      requireAdmin(actor);
      return context.transaction(async (tx) => {
        await lockRedirects(tx.db);
        await fillToKeys(tx.db);
        const parsedEntries = entries.map((entry) => {
          const parsed = redirectSchema.safeParse(entry);
          return parsed.success
            ? { values: parsed.data, fromKey: keyOf(parsed.data.from), toKey: keyOf(parsed.data.to) }
            : null;
        });
        // Only the redirects these entries meet are read: a batch that read every one held the event
        // loop for 300 ms once an import had written 12,000.
        const entryKeys = parsedEntries.flatMap((entry) => (entry ? [entry.fromKey] : []));
        const byFrom = new Map((await linksFrom(tx.db, entryKeys)).map((link) => [link.fromKey, link]));
        const outcome: ImportOutcome = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
        const candidates = new Map<string, RedirectValues & { fromKey: string; toKey: string }>();
        for (const entry of parsedEntries) {
          const manual = entry ? byFrom.get(entry.fromKey)?.source === "manual" : false;
          if (
            !entry ||
            entry.fromKey === "/" ||
            entry.fromKey === entry.toKey ||
            candidates.has(entry.fromKey) ||
            manual
          ) {
            outcome.skipped++;
            continue;
          }
          candidates.set(entry.fromKey, { ...entry.values, fromKey: entry.fromKey, toKey: entry.toKey });
        }
        const destinations = new Set([
          ...(await toKeysAmong(tx.db, [...candidates.keys()])),
          ...[...candidates.values()].map((candidate) => candidate.toKey),
        ]);
        const kept = [...candidates.values()].filter((candidate) => !destinations.has(candidate.fromKey));
        const oldAddresses = new Set([
          ...(
            await linksFrom(
              tx.db,
              kept.map((candidate) => candidate.toKey),
            )
          ).map((link) => link.fromKey),
          ...kept.map((candidate) => candidate.fromKey),
        ]);
        const rows: (typeof redirects.$inferInsert)[] = [];
        for (const candidate of kept) {
          const existing = byFrom.get(candidate.fromKey);
          if (oldAddresses.has(candidate.toKey)) outcome.skipped++;
          else if (existing?.fromPath === candidate.from && existing.toPath === candidate.to) outcome.unchanged++;
          else {
            outcome[existing ? "updated" : "created"]++;
            rows.push({
              fromKey: candidate.fromKey,
              fromPath: candidate.from,
              toPath: candidate.to,
              toKey: candidate.toKey,
              source: "wordpress",
            });
          }
        }
        outcome.skipped += candidates.size - kept.length;
        for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
          await tx.db
            .insert(redirects)
            .values(rows.slice(start, start + IMPORT_CHUNK))
            .onConflictDoUpdate({
              target: redirects.fromKey,
              set: {
                fromPath: sql`excluded.from_path`,
                toPath: sql`excluded.to_path`,
                toKey: sql`excluded.to_key`,
                updatedAt: sql`now()`,
              },
              setWhere: eq(redirects.source, "wordpress"),
            });
        }
        if (rows.length > 0) tx.announce({ name: "redirects.changed", payload: undefined });
        return outcome;
      });
    },

    /**
     * The redirect a request's path and query meet, or null: read from the process's memo (dropped on
     * every change, on every process), so a request costs its key and a Map lookup.
     */
    async resolve(pathname: string, search: string): Promise<ResolvedRedirect | null> {
      const table = await readThrough(context, state.table, () => loadRedirectTable(db));
      if (table.size === 0) return null;
      return table.get(redirectKey(pathname, search)) ?? null;
    },

    /** One visitor sent on by redirect `id`: counted in memory, written within seconds (redirect-hits.ts). */
    countHit(id: number): void {
      state.hits.count(id);
    },

    /** Writes the hits counted so far (the process is stopping, or a test reads them). */
    flushHits: (): Promise<void> => state.hits.flush(),
  };
}

export type RedirectsService = ReturnType<typeof createRedirectsService>;
