import { plainString, z } from "./zod.ts";

export const listQuerySchema = z.object({
  page: z.coerce.number().int("Página inválida").min(1, "Página inválida").max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "No máximo 100 por página").default(20),
  q: plainString().trim().max(200).default(""),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

/** The list shape of every REST endpoint (ENGINEERING §4). */
export type Paginated<T> = {
  data: T[];
  pagination: { total: number; page: number; per_page: number };
};

export const pageCount = (pagination: Paginated<unknown>["pagination"]) =>
  Math.max(1, Math.ceil(pagination.total / pagination.per_page));
