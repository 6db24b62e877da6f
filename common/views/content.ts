import { contentStatuses } from "../schemas/content.ts";
import { z } from "../zod.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

/** An attached file kept with a piece of content or a library item. */
export const contentDocumentSchema = z.strictObject({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

/** What pages, news and events share, as the API and the app see them. */
export const contentViewSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: z.string().meta({ description: "Sanitised HTML." }),
  cover: z.string().nullable(),
  cover_alt: z.string().meta({ description: "The cover's text alternative; empty for a decorative picture." }),
  documents: z.array(contentDocumentSchema),
  tags: z.array(z.string()),
  status: z.enum(contentStatuses),
  members_only: z.boolean().meta({ description: "Somente associados: opened only by members in good standing." }),
  withheld: z.boolean().meta({
    description:
      "True on the site's own pages when the reader may not open this members-only item: its summary, content, documents and (events) place and link are empty.",
  }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string().meta({ description: "The public path: /{slug}, /noticias/{slug} or /agenda/{slug}." }),
});
export type ContentView = z.infer<typeof contentViewSchema>;

/** A page is content and nothing more. */
export const pageViewSchema = contentViewSchema;
export type PageView = z.infer<typeof pageViewSchema>;

export const postViewSchema = contentViewSchema.extend({
  published_at: timestampSchema.meta({ description: "Hidden from visitors until this moment." }),
});
export type PostView = z.infer<typeof postViewSchema>;

export const eventViewSchema = contentViewSchema.extend({
  start_at: timestampSchema,
  end_at: timestampSchema,
  place_name: z.string(),
  place_address: z.string(),
  online_url: z.string(),
});
export type EventView = z.infer<typeof eventViewSchema>;

export const pageListSchema = paginatedSchema(pageViewSchema);
export const postListSchema = paginatedSchema(postViewSchema);
export const eventListSchema = paginatedSchema(eventViewSchema);

const tagCountSchema = z.strictObject({ tag: z.string(), count: z.number().int() });
export type TagCount = z.infer<typeof tagCountSchema>;

/** A kind's tags in use among what the reader may see, most used first. */
export const tagCountsSchema = z.array(tagCountSchema);
