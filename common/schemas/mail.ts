import { mailStatuses } from "../mail-status.ts";
import { z } from "../zod.ts";
import { idField } from "./id.ts";

/** Filters of the outbox list. */
export const mailListQuerySchema = z.object({
  status: z.enum(mailStatuses, "Use pending, sent ou failed").optional(),
});

/** The outbox screen's retry button: the e-mail it sends again. */
export const mailRetrySchema = z.object({ id: idField() });
