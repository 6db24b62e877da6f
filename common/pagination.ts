import { plainString, z } from "./zod.ts";

export const listQuerySchema = z.object({
  page: z.coerce.number().int("Página inválida").min(1, "Página inválida").max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "No máximo 100 por página").default(20),
  q: plainString().trim().max(200).default(""),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

/** The list shape of every REST endpoint (the OpenAPI document says it: server/http/openapi/document.ts). */
export type Paginated<T> = {
  data: T[];
  pagination: { total: number; page: number; per_page: number };
};

/** The page and size a list was asked for: what `toPage` and `pageOffset` read from a list query. */
export type PageRequest = { page: number; per_page: number };

/** Rows to skip to reach the requested page. */
export const pageOffset = (query: PageRequest) => (query.page - 1) * query.per_page;

/** Wraps one page of rows in the list shape, echoing the requested page and size. */
export const toPage = <T>(data: T[], total: number, query: PageRequest): Paginated<T> => ({
  data,
  pagination: { total, page: query.page, per_page: query.per_page },
});
