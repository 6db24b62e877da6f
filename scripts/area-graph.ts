/**
 * Prints the areas' graph (server/areas.ts: each area's `uses`) as the Markdown table that
 * docs/decisions/0022-flows-and-area-boundaries.md holds; server/area-boundaries.test.ts fails when the
 * two differ. `node scripts/area-graph.ts`
 */
import { areaGraph, areaGraphTable } from "../server/area-graph.ts";

process.stdout.write(`${areaGraphTable(areaGraph())}\n`);
