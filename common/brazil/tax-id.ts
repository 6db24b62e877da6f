import { plainString, z } from "../zod.ts";

// CPF (people) and CNPJ (organisations): mod-11 check digits, digit = 11 - (sum mod 11), or 0 when the
// remainder is below 2. Since July 2026 a CNPJ's first 12 characters may be letters too, each worth its
// ASCII code minus 48; the two check digits stay numeric.

const checkDigit = (values: number[], weights: number[]): number => {
  const sum = values.reduce((total, value, index) => total + value * (weights[index] ?? 0), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
};

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function validCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const values = [...digits].map(Number);
  const first = checkDigit(values.slice(0, 9), CPF_WEIGHTS.slice(1));
  const second = checkDigit(values.slice(0, 10), CPF_WEIGHTS);
  return values[9] === first && values[10] === second;
}

function validCnpj(text: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(text) || /^(\d)\1{13}$/.test(text)) return false;
  const values = [...text].map((character) => character.charCodeAt(0) - 48);
  const first = checkDigit(values.slice(0, 12), CNPJ_WEIGHTS.slice(1));
  const second = checkDigit(values.slice(0, 13), CNPJ_WEIGHTS);
  return values[12] === first && values[13] === second;
}

/** A CPF or CNPJ as typed ("529.982.247-25", "12.ABC.345/01DE-35") to its bare characters, or null. */
export function normalizeTaxId(text: string): string | null {
  const bare = text
    .trim()
    .toUpperCase()
    .replace(/[.\-/\s]/g, "");
  if (bare.length === 11) return validCpf(bare) ? bare : null;
  if (bare.length === 14) return validCnpj(bare) ? bare : null;
  return null;
}

/** "52998224725" -> "529.982.247-25"; "11222333000181" -> "11.222.333/0001-81". */
export function formatTaxId(bare: string): string {
  if (bare.length === 11) return bare.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  return bare.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, "$1.$2.$3/$4-$5");
}

export const TAX_ID_MESSAGE = "Informe um CPF ou CNPJ válido";

/** An optional CPF or CNPJ: empty stays empty, anything else must have the right check digits. */
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
