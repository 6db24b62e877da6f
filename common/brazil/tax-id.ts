import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { plainString, z } from "../zod.ts";

// CPF (people) and CNPJ (organisations), checked by @brazilian-utils: mod-11 check digits, repeated-digit
// numbers refused, and the alphanumeric CNPJ that the Receita issues from July 2026 (its "version 2").

/** A CPF or CNPJ as typed ("529.982.247-25", "12.ABC.345/01DE-35") to its bare characters, or null. */
export function normalizeTaxId(text: string): string | null {
  const bare = text
    .trim()
    .toUpperCase()
    .replace(/[.\-/\s]/g, "");
  if (bare.length === 11) return isValidCpf(bare) ? bare : null;
  if (bare.length === 14) return isValidCnpj(bare, { version: 2 }) ? bare : null;
  return null;
}

/** "52998224725" -> "529.982.247-25"; "11222333000181" -> "11.222.333/0001-81". */
export function formatTaxId(bare: string): string {
  return bare.length === 11 ? formatCpf(bare) : formatCnpj(bare, { version: 2 });
}

export const TAX_ID_MESSAGE = "Informe um CPF ou CNPJ válido";

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
