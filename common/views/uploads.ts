import { z } from "../zod.ts";

/** Public addresses of a stored image and its versions. */
export const imageUploadSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  thumb: z.string(),
  average: z.string().meta({ description: "The address the rich-text editor inserts." }),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;

/** A stored document: what a page, news item or event keeps in its `documents` list, plus the upload id. */
export const documentUploadSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  name: z.string().meta({ description: "The original file name, cleaned." }),
  size: z.number().int(),
  mime_type: z.string().meta({ description: "Told from the content, not from the name." }),
});
export type DocumentUpload = z.infer<typeof documentUploadSchema>;
