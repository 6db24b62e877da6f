// One module per function: the package's main entry is a single file that brings its city and bank lists
// along, which public pages would download with the checkout's CPF check.
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";

// CPF (people) and CNPJ (organisations), checked by @brazilian-utils: mod-11 check digits, repeated-digit
// numbers refused, and the alphanumeric CNPJ that the Receita issues from July 2026 (its "version 2").
// No zod here, so public pages check a number too; the schemas' fields are in common/schemas/tax-id.ts.

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
