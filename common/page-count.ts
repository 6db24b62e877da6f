import type { Paginated } from "./pagination.ts";

/** How many pages a list has (at least one). Apart from pagination.ts so public pages count pages without loading zod. */
export const pageCount = (pagination: Paginated<unknown>["pagination"]) =>
  Math.max(1, Math.ceil(pagination.total / pagination.per_page));
