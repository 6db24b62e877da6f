import { fiscalEnvironments, issueModes, taxRegimes } from "../schemas/fiscal.ts";
import { z } from "../zod.ts";
import { timestampSchema } from "./timestamp.ts";

const writeOnly = z.literal("").meta({ description: "Always empty: the token is write-only." });

export const itemFiscalViewSchema = z.strictObject({
  ncm: z.string().nullable(),
  origin: z.number().int().nullable(),
  tax_situation: z.string().nullable(),
  unit: z.string().nullable(),
  gtin: z.string().nullable(),
});

/** /conta/fiscal as the form shows it: the tokens only as whether each is set. */
export const fiscalSettingsViewSchema = z.strictObject({
  enabled: z.boolean(),
  environment: z.enum(fiscalEnvironments),
  homologation_token: writeOnly,
  homologation_token_set: z.boolean(),
  production_token: writeOnly,
  production_token_set: z.boolean(),
  cnpj: z.string(),
  state_registration: z.string(),
  uf: z.string(),
  regime: z.enum(taxRegimes),
  series: z.number().int(),
  operation_nature: z.string(),
  issue_mode: z.enum(issueModes),
  customer_mail: z.boolean(),
  defaults: itemFiscalViewSchema,
  webhook: z.strictObject({
    url: z.string().nullable().meta({ description: "Where the provider tells of each note; null without BASE_URL." }),
    registered: z.boolean(),
    error: z.string().nullable().meta({ description: "Why registering it failed last, in pt-BR." }),
  }),
});
export type FiscalSettingsView = z.infer<typeof fiscalSettingsViewSchema>;

/** A field that blocks the note, and the screen where it is fixed. */
export const noteProblemViewSchema = z.strictObject({
  field: z.string(),
  message: z.string(),
  fix_path: z.string().meta({ description: "The account screen to fix it on (/conta/fiscal, a product, the order)." }),
});
export type NoteProblemView = z.infer<typeof noteProblemViewSchema>;

const noteEventViewSchema = z.strictObject({
  state_label: z.string(),
  actor_name: z.string(),
  text: z.string(),
  created_at: timestampSchema,
});

/** An order's nota fiscal, for its administrators and its customer. */
export const fiscalNoteViewSchema = z.strictObject({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.number().int(),
  reference: z.string(),
  environment: z.enum(fiscalEnvironments),
  state: z.enum(["waiting", "processing", "authorized", "rejected", "denied", "cancelled"]),
  state_label: z.string(),
  number: z.string().nullable(),
  series: z.string().nullable(),
  access_key: z.string().nullable(),
  sefaz_status: z.string().nullable(),
  sefaz_message: z.string().nullable(),
  problems: z.array(noteProblemViewSchema),
  provider_errors: z.array(z.string()),
  last_error: z.string().nullable(),
  danfe_url: z.string().nullable().meta({ description: "Our copy of the DANFE (PDF), for the customer and admins." }),
  xml_url: z.string().nullable(),
  cancellation_xml_url: z.string().nullable(),
  correction_pdf_url: z.string().nullable(),
  authorized_at: timestampSchema.nullable(),
  cancelled_at: timestampSchema.nullable(),
  can_reissue: z.boolean(),
  can_cancel: z.boolean(),
  can_correct: z.boolean(),
  history: z.array(noteEventViewSchema),
});
export type FiscalNoteView = z.infer<typeof fiscalNoteViewSchema>;

/** What the customer sees of her order's note: its state and, once authorised, its files. */
export const customerNoteViewSchema = fiscalNoteViewSchema.pick({
  state: true,
  state_label: true,
  number: true,
  series: true,
  access_key: true,
  danfe_url: true,
  xml_url: true,
});
export type CustomerNoteView = z.infer<typeof customerNoteViewSchema>;

/** A note the owner must act on: rejected, denied, blocked by its data, or not reaching the provider. */
export const noteAttentionViewSchema = z.strictObject({
  order_id: z.number().int(),
  order_number: z.number().int(),
  state: fiscalNoteViewSchema.shape.state,
  state_label: z.string(),
  reason: z
    .string()
    .meta({ description: "Why, in pt-BR: the provider's failure, the first blocking field or SEFAZ's text." }),
  order_path: z.string(),
});
export type NoteAttentionView = z.infer<typeof noteAttentionViewSchema>;
