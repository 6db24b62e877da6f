import { z } from "../zod.ts";
import { paginationSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

/** A message sent through the contact form. */
export const contactViewSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  read: z.boolean(),
  read_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type ContactView = z.infer<typeof contactViewSchema>;

/** One page of messages, with how many are unread in all. */
export const contactPageSchema = z.strictObject({
  data: z.array(contactViewSchema),
  pagination: paginationSchema,
  unread: z.number().int().meta({ description: "Unread messages in total, whatever the filters." }),
});
export type ContactPage = z.infer<typeof contactPageSchema>;
