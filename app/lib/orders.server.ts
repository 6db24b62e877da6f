import { type OrderListQuery, orderListQuerySchema } from "../../common/schemas/orders.ts";
import { readListQuery } from "./list-query.ts";

/** The filters of /conta/pedidos as the page shows them. */
export type OrderListFilters = OrderListQuery & { q: string; page: number; per_page: number };

/**
 * Reads the list's page, text and filters from the loader's `url` with the same schemas as GET
 * /api/orders. A value the schema refuses (a malformed day, a range ending before it starts) is left
 * out of the query and its message kept for the form, instead of failing the whole page.
 */
export function readOrderListQuery(url: URL): { query: OrderListFilters; errors: Record<string, string> } {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const errors: Record<string, string> = {};
  const first = orderListQuerySchema.safeParse(params);
  if (!first.success)
    for (const issue of first.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
      delete params[field];
    }
  const filters = orderListQuerySchema.safeParse(params);
  return {
    query: { ...readListQuery(url, {}), ...(filters.success ? filters.data : orderListQuerySchema.parse({})) },
    errors,
  };
}
