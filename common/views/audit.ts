import { auditActionKeys, auditRecordKindKeys } from "../audit.ts";
import { z } from "../zod.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

const auditValueSchema = z
  .unknown()
  .meta({ description: 'The value as it was kept (text, number, yes/no, list, null); a secret is "alterado".' });

/** One entry of the audit log, as the super users' screen, the REST API and the CSV export see it. */
export const auditEntryViewSchema = z.strictObject({
  id: z.number().int(),
  at: timestampSchema,
  actor: z.strictObject({
    id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The person's user id; null for the system (a provider's notice, a script, a job)." }),
    name: z.string().meta({
      description: "The name the person had then, kept after the account is deleted; for the system, what acted.",
    }),
    email: z
      .string()
      .nullable()
      .meta({ description: "The person's e-mail then; null for the system and for entries older than it." }),
    kind: z
      .enum(["person", "system"])
      .meta({ description: "A signed-in person, or the system on its own: never told apart by the name." }),
  }),
  address: z.string().nullable().meta({ description: "The client's address; null outside a request." }),
  request_id: z.string().nullable().meta({ description: "The request's X-Request-Id, to find its log lines." }),
  action: z.enum(auditActionKeys),
  action_label: z.string().meta({ description: "The action in pt-BR." }),
  record: z.strictObject({
    kind: z.enum(auditRecordKindKeys),
    kind_label: z.string(),
    id: z.string().nullable(),
    label: z.string().meta({ description: "The record's name at the time of the change." }),
    href: z.string().nullable().meta({ description: "Its account screen; null when it has none or no longer exists." }),
  }),
  changes: z
    .array(z.strictObject({ field: z.string(), before: auditValueSchema, after: auditValueSchema }))
    .meta({ description: "The fields that changed; for a created record its fields, for a deleted one what it had." }),
  details: z
    .array(z.strictObject({ field: z.string(), value: auditValueSchema }))
    .meta({ description: "Facts of the event that are not a change (the e-mail a sign-in used)." }),
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

export const auditEntryListSchema = paginatedSchema(auditEntryViewSchema);
export type AuditEntryList = z.infer<typeof auditEntryListSchema>;
