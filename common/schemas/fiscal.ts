// The fiscal data a nota fiscal needs, as the forms, the page actions and the REST API take it: a product's (or a
// variant's) NCM, origin, tax situation, unit and GTIN, each left empty to use the shop's default; and the shop's
// fiscal settings. Shapes are checked here (an NCM's eight digits, a GTIN's check digit); whether an NCM exists
// in the official table is the note's check (server/modules/fiscal/note-draft.ts), said on the order's page.
import { isValidCnpj } from "@brazilian-utils/brazilian-utils";
import { isValidGtin, NO_GTIN } from "../brazil/gtin.ts";
import { isStateCode } from "../brazil/states.ts";
import { plainString, requiredText, z } from "../zod.ts";

export const NCM_MESSAGE = "O NCM tem 8 dígitos (por exemplo 0901.11.10)";
export const GTIN_MESSAGE =
  'Informe um GTIN/EAN de 8, 12, 13 ou 14 dígitos com o dígito verificador certo, ou "SEM GTIN"';
export const UNIT_MESSAGE = "A unidade comercial tem de 1 a 6 letras ou números (UN, KG, CX...)";
export const ORIGIN_MESSAGE = "A origem da mercadoria vai de 0 a 8";

export const TAX_SITUATIONS = {
  simples: ["102", "103", "300", "400", "500"],
  /** Also for the Simples past its sublimit (CRT 2): only CRT 1 uses CSOSN. */
  normal: ["40", "41", "50", "60"],
} as const;
const ALL_TAX_SITUATIONS: readonly string[] = [...TAX_SITUATIONS.simples, ...TAX_SITUATIONS.normal];

/** A field a form may leave empty: then the shop's default applies (null). */
const optionalFiscal = <T>(parse: (text: string) => T | null, message: string) =>
  plainString()
    .trim()
    .max(20, message)
    .nullish()
    .transform((value, context): T | null => {
      if (value == null || value === "") return null;
      const parsed = parse(value);
      if (parsed === null) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });

const ncm = (text: string) => {
  const digits = text.replace(/[.\s]/g, "");
  return /^\d{8}$/.test(digits) ? digits : null;
};
const gtin = (text: string) => {
  const value = text.toUpperCase() === NO_GTIN ? NO_GTIN : text.replace(/\s/g, "");
  return isValidGtin(value) ? value : null;
};
const unit = (text: string) => (/^[A-Za-z0-9]{1,6}$/.test(text) ? text.toUpperCase() : null);
const origin = (text: string) => (/^[0-8]$/.test(text) ? Number(text) : null);
const taxSituation = (text: string) => (ALL_TAX_SITUATIONS.includes(text) ? text : null);

/** A product's or a variant's fiscal data; each field null uses the product's, then the shop's. */
export const itemFiscalInputSchema = z.object({
  ncm: optionalFiscal(ncm, NCM_MESSAGE),
  origin: z
    .union([z.number(), plainString()])
    .nullish()
    .transform((value, context): number | null => {
      if (value == null || value === "") return null;
      const parsed = origin(String(value).trim());
      if (parsed === null) {
        context.addIssue({ code: "custom", message: ORIGIN_MESSAGE });
        return z.NEVER;
      }
      return parsed;
    }),
  tax_situation: optionalFiscal(
    taxSituation,
    `Use um CSOSN (${TAX_SITUATIONS.simples.join(", ")}) ou um CST (${TAX_SITUATIONS.normal.join(", ")})`,
  ),
  unit: optionalFiscal(unit, UNIT_MESSAGE),
  gtin: optionalFiscal(gtin, GTIN_MESSAGE),
});
export type ItemFiscalInput = z.infer<typeof itemFiscalInputSchema>;

/** Nothing of its own: every field from the product's, then the shop's defaults. */
export const EMPTY_ITEM_FISCAL: ItemFiscalInput = {
  ncm: null,
  origin: null,
  tax_situation: null,
  unit: null,
  gtin: null,
};

/** The providers a shop can issue its notes through (server/adapters/fiscal/providers.ts makes their clients). */
export const fiscalProviderNames = ["focus_nfe"] as const;
export type FiscalProviderName = (typeof fiscalProviderNames)[number];
export const fiscalEnvironments = ["homologacao", "producao"] as const;
export const taxRegimes = ["simples", "simples_excesso", "normal"] as const;
export const issueModes = ["on_payment", "manual"] as const;
export type FiscalEnvironment = (typeof fiscalEnvironments)[number];
export type TaxRegime = (typeof taxRegimes)[number];
export type IssueMode = (typeof issueModes)[number];

/** /conta/shop's fiscal section (administrators): the tokens are write-only, an empty one keeps the saved one. */
export const fiscalSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    provider: z.enum(fiscalProviderNames, "Escolha o emissor").default("focus_nfe"),
    environment: z.enum(fiscalEnvironments, "Escolha homologação ou produção"),
    homologation_token: plainString().trim().max(200, "No máximo 200 caracteres").default(""),
    production_token: plainString().trim().max(200, "No máximo 200 caracteres").default(""),
    cnpj: plainString()
      .trim()
      .max(20, "O CNPJ tem 14 dígitos")
      .transform((value) => value.replace(/\D/g, ""))
      .refine((value) => value === "" || isValidCnpj(value), "O CNPJ não confere com os dígitos verificadores")
      .default(""),
    state_registration: plainString()
      .trim()
      .max(20, "No máximo 20 caracteres")
      .transform((value) => (value.toUpperCase() === "ISENTO" ? "ISENTO" : value.replace(/\D/g, "")))
      .default(""),
    uf: plainString()
      .refine((value) => value === "" || isStateCode(value), "Escolha o estado (UF)")
      .default(""),
    regime: z.enum(taxRegimes, "Escolha o regime tributário"),
    series: z.coerce
      .number("Informe a série")
      .int("A série é um número inteiro")
      .min(1, "A série vai de 1 a 889")
      .max(889, "A série vai de 1 a 889"),
    operation_nature: requiredText(60),
    issue_mode: z.enum(issueModes, "Escolha quando emitir"),
    customer_mail: z.boolean().default(true),
    defaults: itemFiscalInputSchema,
  })
  .superRefine((settings, context) => {
    if (!settings.enabled) return;
    if (settings.cnpj === "") context.addIssue({ code: "custom", path: ["cnpj"], message: "Informe o CNPJ da loja" });
    if (settings.state_registration === "")
      context.addIssue({
        code: "custom",
        path: ["state_registration"],
        message: 'Informe a inscrição estadual ou "isento"',
      });
    if (settings.uf === "") context.addIssue({ code: "custom", path: ["uf"], message: "Escolha o estado (UF)" });
    const situation = settings.defaults.tax_situation;
    const csosn = settings.regime === "simples";
    const allowed: readonly string[] = csosn ? TAX_SITUATIONS.simples : TAX_SITUATIONS.normal;
    if (situation !== null && !allowed.includes(situation))
      context.addIssue({
        code: "custom",
        path: ["defaults", "tax_situation"],
        message: `Para ${csosn ? "o Simples Nacional use um CSOSN" : settings.regime === "normal" ? "o regime normal use um CST" : "o Simples Nacional com excesso de sublimite use um CST"}: ${allowed.join(", ")}`,
      });
  });
export type FiscalSettingsInput = z.infer<typeof fiscalSettingsInputSchema>;

/** SEFAZ's limits for a cancellation's justification and a carta de correção's text. */
export const CANCEL_JUSTIFICATION = { min: 15, max: 255 } as const;
export const CORRECTION_TEXT = { min: 15, max: 1000 } as const;

const boundedText = (limits: { min: number; max: number }, what: string) =>
  plainString({ error: `Escreva ${what}` })
    .trim()
    .min(limits.min, `${what[0]?.toUpperCase()}${what.slice(1)} tem de ${limits.min} a ${limits.max} caracteres`)
    .max(limits.max, `${what[0]?.toUpperCase()}${what.slice(1)} tem de ${limits.min} a ${limits.max} caracteres`);

/** "Cancelar nota": why, as SEFAZ keeps it. */
export const noteCancelSchema = z.object({ justification: boundedText(CANCEL_JUSTIFICATION, "a justificativa") });
export type NoteCancelInput = z.infer<typeof noteCancelSchema>;

/** "Carta de correção": the corrected text (never values, quantities, the buyer or dates: SEFAZ refuses those). */
export const noteCorrectionSchema = z.object({ correction: boundedText(CORRECTION_TEXT, "a correção") });
export type NoteCorrectionInput = z.infer<typeof noteCorrectionSchema>;

/** The accountant's export: one month, São Paulo's. */
/** The NF-e (model 55) is issued since April 2006. */
const NFE_FIRST_MONTH = "2006-01";

export const fiscalMonthSchema = z.object({
  month: plainString({ error: "Escolha o mês" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Escolha o mês (AAAA-MM)")
    // The NF-e began in 2006: an earlier month has no note, and years before 1970 read oddly as dates.
    .refine((month) => month >= NFE_FIRST_MONTH, "Escolha um mês a partir de 2006"),
});
