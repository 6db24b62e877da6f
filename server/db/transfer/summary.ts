import type { LoadSummary } from "./load.ts";

/** A database address fit to print: its password replaced. */
export function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(the given address)";
  }
}

/** One line per table with its rows, then the sequences with their values, each list by name. */
export function formatSummary(summary: LoadSummary): string {
  const byName = <Item extends { name: string }>(items: Item[]) =>
    [...items].sort((a, b) => a.name.localeCompare(b.name));
  const width = Math.max(...[...summary.tables, ...summary.sequences].map(({ name }) => name.length), 8);
  const total = summary.tables.reduce((sum, { rows }) => sum + rows, 0);
  return [
    ...byName(summary.tables).map(({ name, rows }) => `  ${name.padEnd(width)}  ${String(rows).padStart(8)} rows`),
    `  ${"total".padEnd(width)}  ${String(total).padStart(8)} rows in ${summary.tables.length} tables`,
    ...byName(summary.sequences).map(
      ({ name, value, called }) => `  ${name.padEnd(width)}  ${called ? `at ${value}` : `starts at ${value}`}`,
    ),
  ].join("\n");
}
