import { type AuditListQuery, auditListQuerySchema } from "../../../../common/schemas/audit.ts";
import { readListQuery } from "../../../lib/list-query.ts";

/** The filters of /conta/auditoria as the page shows them. */
export type AuditListFilters = AuditListQuery & { q: string; page: number; per_page: number };

/**
 * Reads the page and the filters from the loader's `url` with the same schema as GET /api/audit. A value
 * the schema refuses (a malformed day, a range ending before it starts, an id without its kind) is left
 * out, and its message kept for the form, instead of failing the whole page.
 */
export function readAuditListQuery(url: URL): { query: AuditListFilters; errors: Record<string, string> } {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const errors: Record<string, string> = {};
  // Each round leaves out what the last refused; a refinement across fields may refuse one more.
  for (let round = 0; round < 3; round++) {
    const parsed = auditListQuerySchema.safeParse(params);
    if (parsed.success) return { query: { ...readListQuery(url, {}), ...parsed.data }, errors };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
      delete params[field];
      // An id means nothing without its kind.
      if (field === "record_kind") delete params.record_id;
    }
  }
  return { query: { ...readListQuery(url, {}), ...auditListQuerySchema.parse({}) }, errors };
}
