import { listQuerySchema } from "../../common/pagination.ts";
import type { z } from "../../common/zod.ts";

/**
 * Reads `page`, `per_page`, `q` and the list's own filters from the loader's `url`
 * (not `request.url`, which carries React Router's `.data` suffix on client navigations).
 * A hand-edited address falls back to the defaults for the values it got wrong
 * instead of failing the whole page.
 */
export function readListQuery<T extends z.ZodRawShape>(url: URL, filters: T) {
  const schema = listQuerySchema.extend(filters);
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  for (const issue of result.error.issues) delete params[String(issue.path[0])];
  return schema.parse(params);
}
