/** A person (or, in braces, an organisation) as written in an item's author list. */
export type PersonName = { family: string; given: string; corporate: boolean };

// Brazilian generational suffixes belong to the surname: "João Silva Filho" is filed under "SILVA FILHO".
const SUFFIXES = new Set(["filho", "filha", "júnior", "junior", "jr", "jr.", "neto", "neta", "sobrinho", "sobrinha"]);

/**
 * "Silva, João Carlos" and "João Carlos Silva" are both {family: "Silva", given: "João Carlos"};
 * "{Empresa Brasileira de Pesquisa Agropecuária}" is an organisation, filed under its whole name.
 */
export function parsePersonName(raw: string): PersonName {
  const value = raw.trim().replace(/\s+/g, " ");
  const corporate = /^\{(.*)\}$/.exec(value);
  if (corporate) return { family: (corporate[1] ?? "").trim(), given: "", corporate: true };
  const comma = value.indexOf(",");
  if (comma >= 0) {
    return { family: value.slice(0, comma).trim(), given: value.slice(comma + 1).trim(), corporate: false };
  }
  const words = value.split(" ").filter(Boolean);
  if (words.length <= 1) return { family: value, given: "", corporate: false };
  const last = words[words.length - 1] ?? "";
  const familyWords = SUFFIXES.has(last.toLowerCase()) && words.length >= 3 ? 2 : 1;
  return {
    family: words.slice(-familyWords).join(" "),
    given: words.slice(0, -familyWords).join(" "),
    corporate: false,
  };
}

/** Lower case, no accents, no punctuation, single spaces: how titles and names are compared. */
export function foldForComparison(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, " ")
    .trim();
}

/** Two items are the same work when title, year and first author's surname agree (ignoring case, accents, punctuation). */
export function identityKey(item: {
  title: string;
  year: number | null;
  authors: string[];
  organizers: string[];
}): string {
  const first = item.authors[0] ?? item.organizers[0] ?? "";
  const family = first ? foldForComparison(parsePersonName(first).family) : "";
  return `${foldForComparison(item.title)}|${item.year ?? ""}|${family}`;
}
