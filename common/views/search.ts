import { z } from "../zod.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

/** One result of the site search (GET /api/search, /busca). */
export const searchHitSchema = z.strictObject({
  type: z.enum(["page", "post", "event", "media", "product"]),
  id: z.number().int(),
  title: z.string(),
  url: z.string().meta({
    description: "The public path: /{slug}, /noticias/{slug}, /agenda/{slug}, /biblioteca/{id} or /loja/{slug}.",
  }),
  excerpt: z
    .string()
    .meta({ description: "Plain text around the match; matched words wrapped in «». Escape before rendering." }),
  date: timestampSchema.meta({
    description:
      "News: publication date; events: start; pages: last update; library items: January 1st (UTC) of the publication year, or the last update when the year is unknown; products: last update.",
  }),
  rank: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultsSchema = paginatedSchema(searchHitSchema);
