import { mailStatuses } from "../mail-status.ts";
import { z } from "../zod.ts";
import { paginationSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

/** One e-mail of the outbox, with its plain-text body (what the customer reads, for support). */
export const mailViewSchema = z.strictObject({
  id: z.number().int(),
  kind: z.string().meta({ description: "The template that made it: order-received, contact-message..." }),
  to: z.string(),
  subject: z.string(),
  text: z.string().meta({ description: "The plain-text body." }),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  next_attempt_at: timestampSchema.meta({ description: "When a pending e-mail is tried next." }),
  last_error: z.string().nullable(),
  sent_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type MailView = z.infer<typeof mailViewSchema>;

/** One page of the outbox, newest first. */
export const mailPageSchema = z.strictObject({
  data: z.array(mailViewSchema),
  pagination: paginationSchema,
  smtp_configured: z
    .boolean()
    .meta({ description: "False while SMTP_URL is unset: e-mails then wait in the outbox, none is lost." }),
});
export type MailPage = z.infer<typeof mailPageSchema>;
