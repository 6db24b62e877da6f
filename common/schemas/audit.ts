import { auditActionKeys, auditRecordKindKeys } from "../audit.ts";
import { dayField, plainString, z } from "../zod.ts";
import { idField } from "./id.ts";

/** "" from a form's empty select or field counts as not given. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/**
 * Filters of /conta/auditoria, GET /api/audit and its CSV export: who (the person's id), what (an action),
 * which record (its kind, and optionally its id) and when (São Paulo days, both included).
 */
export const auditListQuerySchema = z
  .object({
    actor_id: optional(idField().meta({ description: "The person who made the change (a user id)." })),
    action: optional(z.enum(auditActionKeys, "Escolha uma ação da lista")),
    record_kind: optional(z.enum(auditRecordKindKeys, "Escolha um tipo de registro da lista")),
    record_id: optional(
      plainString()
        .trim()
        .max(40, "No máximo 40 caracteres")
        .meta({ description: "The record's id; only with record_kind." }),
    ),
    from: dayField("a data inicial").meta({ description: "First day (São Paulo), AAAA-MM-DD." }),
    to: dayField("a data final").meta({ description: "Last day (São Paulo), AAAA-MM-DD, included." }),
  })
  .refine((query) => query.from === "" || query.to === "" || query.from <= query.to, {
    path: ["to"],
    message: "A data final deve ser igual ou posterior à inicial",
  })
  .refine((query) => query.record_id === undefined || query.record_kind !== undefined, {
    path: ["record_kind"],
    message: "Escolha o tipo do registro",
  });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
