// Brazilian phone numbers with their area code (DDD): 10 digits for a landline, 11 for a mobile (a 9
// after the DDD). Stored as bare digits; no zod here, so public pages may check a number too.

/** Area codes have no zero in either digit (11-19, 21, 22, 24... 99). */
const DDD = /^[1-9]{2}/;

/** "(11) 98765-4321", "+55 11 3333-4444" -> "11987654321", "1133334444"; null when it is not a phone. */
export function normalizePhone(text: string): string | null {
  let digits = text.replace(/[\s().+-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  // A country code typed before the DDD.
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) digits = digits.slice(2);
  if (!DDD.test(digits)) return null;
  if (digits.length === 10) return /^[2-5]/.test(digits.slice(2)) ? digits : null;
  if (digits.length === 11) return digits[2] === "9" ? digits : null;
  return null;
}

/** "11987654321" -> "(11) 98765-4321"; "1133334444" -> "(11) 3333-4444". */
export function formatPhone(digits: string): string {
  if (digits.length < 10) return digits;
  const local = digits.slice(2);
  const split = local.length - 4;
  return `(${digits.slice(0, 2)}) ${local.slice(0, split)}-${local.slice(split)}`;
}

export const PHONE_MESSAGE = "Informe um telefone com DDD (10 ou 11 dígitos)";
