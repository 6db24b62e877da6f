import type { AreaName } from "./area-names.ts";
import { areas } from "./areas.ts";

/** Each area with the areas it uses (itself left out: an area calling itself on a transaction is no edge). */
export function areaGraph(): Map<AreaName, AreaName[]> {
  const entries = Object.entries(areas) as [AreaName, { uses: readonly AreaName[] }][];
  return new Map(entries.map(([name, area]) => [name, area.uses.filter((used) => used !== name).sort()]));
}

/** A path of uses that comes back to where it started, or null when the graph has none. */
export function findCycle(graph: Map<AreaName, AreaName[]>): AreaName[] | null {
  const done = new Set<AreaName>();
  const path: AreaName[] = [];
  const visit = (name: AreaName): AreaName[] | null => {
    const at = path.indexOf(name);
    if (at >= 0) return [...path.slice(at), name];
    if (done.has(name)) return null;
    path.push(name);
    for (const used of graph.get(name) ?? []) {
      const cycle = visit(used);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const name of graph.keys()) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The graph as a Markdown table, the areas in layers: an area comes after every area it uses, so the
 * first rows use nothing and the last are used by none. docs/decisions/0022 holds it as generated.
 */
export function areaGraphTable(graph: Map<AreaName, AreaName[]>): string {
  const layer = new Map<AreaName, number>();
  const layerOf = (name: AreaName): number => {
    const known = layer.get(name);
    if (known !== undefined) return known;
    const value = Math.max(0, ...(graph.get(name) ?? []).map((used) => layerOf(used) + 1));
    layer.set(name, value);
    return value;
  };
  const usedBy = new Map<AreaName, AreaName[]>();
  for (const [name, uses] of graph) for (const used of uses) usedBy.set(used, [...(usedBy.get(used) ?? []), name]);
  const rows = [...graph.keys()]
    .sort((a, b) => layerOf(a) - layerOf(b) || a.localeCompare(b))
    .map((name) => {
      const uses = graph.get(name)?.join(", ") || "—";
      const users = (usedBy.get(name) ?? []).sort().join(", ") || "—";
      return `| ${layerOf(name)} | ${name} | ${uses} | ${users} |`;
    });
  return ["| Layer | Area | Uses | Used by |", "| --- | --- | --- | --- |", ...rows].join("\n");
}
