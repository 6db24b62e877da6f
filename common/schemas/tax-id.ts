import { normalizeTaxId, TAX_ID_MESSAGE } from "../brazil/tax-id.ts";
import { plainString, z } from "../zod.ts";

/** An optional CPF or CNPJ: empty stays empty; otherwise its check digits must be right. */
export const optionalTaxIdField = () =>
  plainString()
    .trim()
    .max(30, TAX_ID_MESSAGE)
    .default("")
    .transform((value, context) => {
      if (value === "") return "";
      const bare = normalizeTaxId(value);
      if (bare === null) {
        context.addIssue({ code: "custom", message: TAX_ID_MESSAGE });
        return z.NEVER;
      }
      return bare;
    });

/** A required CPF or CNPJ (a customer's), checked by its digits and kept bare. */
export const taxIdField = () =>
  plainString({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(30, TAX_ID_MESSAGE)
    .transform((value, context) => {
      const bare = normalizeTaxId(value);
      if (bare === null) {
        context.addIssue({ code: "custom", message: TAX_ID_MESSAGE });
        return z.NEVER;
      }
      return bare;
    });
