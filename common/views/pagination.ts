import { z } from "../zod.ts";

/** The `pagination` of every list answer (common/pagination.ts builds it). */
export const paginationSchema = z.strictObject({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** A list answer: one page of `item` views and where it sits in the whole list. */
export const paginatedSchema = <Item extends z.ZodType>(item: Item) =>
  z.strictObject({ data: z.array(item), pagination: paginationSchema });
