import { TransferError } from "./query.ts";

type Node = { name: string; references: string[] };

/**
 * Referenced tables before the tables referring to them (Kahn's algorithm, alphabetical among equals so
 * the order is stable). Foreign keys are NOT DEFERRABLE and deferring them or turning triggers off needs
 * a superuser, so a cycle between tables cannot be loaded and is refused; a table referring to itself is
 * not a cycle here (see CatalogTable.selfReferencing).
 */
export function orderTables<Table extends Node>(tables: Table[]): Table[] {
  const names = new Set(tables.map(({ name }) => name));
  const waiting = new Map(tables.map((table) => [table, new Set(table.references.filter((r) => names.has(r)))]));
  const ordered: Table[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting]
      .filter(([, pending]) => pending.size === 0)
      .map(([table]) => table)
      .sort((a, b) => a.name.localeCompare(b.name));
    if (ready.length === 0) {
      const cycle = [...waiting.keys()].map(({ name }) => name).sort();
      throw new TransferError(
        `The foreign keys between these tables form a cycle, which cannot be copied in any order: ${cycle.join(", ")}.`,
      );
    }
    for (const table of ready) {
      waiting.delete(table);
      ordered.push(table);
      for (const pending of waiting.values()) pending.delete(table.name);
    }
  }
  return ordered;
}
