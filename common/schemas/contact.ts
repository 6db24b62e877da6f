import { emailField, requiredText, z } from "../zod.ts";

export const contactSchema = z.object({
  name: requiredText(120),
  email: emailField(),
  message: requiredText(5000),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** Filters of the administrators' message list. */
export const contactListQuerySchema = z.object({
  status: z.enum(["read", "unread"], "Use read ou unread").optional(),
});

/** Marks a message read or unread. */
export const contactReadSchema = z.object({ read: z.boolean("Informe true ou false") });
