import { and, eq, like, ne, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { conflict, invalid } from "../../common/errors.ts";
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/sql.ts";

/** A table whose rows have an address of their own: pages, news, events, products. */
export type SlugTable = PgTable & { id: PgColumn; slug: PgColumn };

export const SLUG_TAKEN = "Este endereço já está em uso.";
const SLUG_DIGITS = "O endereço não pode ter só números.";
const SLUG_RESERVED = "Este endereço é usado pelo próprio site; escolha outro.";
const SLUG_MAX = 100;

/** "Quem Somos — Nossa história!" -> "quem-somos-nossa-historia". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

export const isDigits = (value: string) => /^\d+$/.test(value);

export type SlugRules = {
  /** Stands in for a title with no letters or digits, and prefixes an all-digit one ("2025" -> "noticia-2025"). */
  word: string;
  reserved?: readonly string[];
};

/**
 * Chooses the slug to store: a given one must be free (409) and allowed (400); an
 * empty one is made from the title, with -2, -3... when that is taken.
 */
export async function chooseSlug(
  db: Db,
  table: SlugTable,
  input: { slug: string; title: string },
  exceptId: number | null,
  rules: SlugRules,
): Promise<{ slug: string; generated: boolean }> {
  const reserved = new Set<string>(rules.reserved ?? []);
  const others = exceptId === null ? undefined : ne(table.id, exceptId);
  if (input.slug) {
    if (isDigits(input.slug)) throw invalid(SLUG_DIGITS, { slug: [SLUG_DIGITS] });
    if (reserved.has(input.slug)) throw invalid(SLUG_RESERVED, { slug: [SLUG_RESERVED] });
    const [taken] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.slug, input.slug), others))
      .limit(1);
    if (taken) throw conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    return { slug: input.slug, generated: false };
  }
  const fromTitle = slugify(input.title);
  const base = fromTitle === "" ? rules.word : isDigits(fromTitle) ? `${rules.word}-${fromTitle}` : fromTitle;
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(or(eq(table.slug, base), like(table.slug, `${base}-%`)), others));
  const taken = new Set([...reserved, ...rows.map((row) => row.slug)]);
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  return { slug, generated: true };
}

/**
 * Runs a write with a chosen slug; when a concurrent request takes the same slug first,
 * a generated one is chosen again and an explicit one is a conflict.
 */
export async function withSlug<T>(
  choose: () => Promise<{ slug: string; generated: boolean }>,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const { slug, generated } = await choose();
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (!generated || attempt >= 3) throw conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    }
  }
}
