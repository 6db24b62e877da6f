// Brazilian phone numbers with their area code (DDD): 10 digits for a landline, 11 for a mobile (a 9
// after the DDD). Stored as bare digits; no zod here, so public pages may check a number too.

/** Area codes have no zero in either digit (11-19, 21, 22, 24... 99). */
const DDD = /^[1-9]{2}/;

/** The digits typed, without punctuation or the country code; null when something else was typed. */
function digitsOf(text: string): string | null {
  const digits = text.replace(/[\s().+-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  // A country code typed before the DDD.
  return (digits.length === 12 || digits.length === 13) && digits.startsWith("55") ? digits.slice(2) : digits;
}

/** "(11) 98765-4321", "+55 11 3333-4444" -> "11987654321", "1133334444"; null when it is not a phone. */
export function normalizePhone(text: string): string | null {
  return phoneProblem(text) === null ? digitsOf(text) : null;
}

/** "11987654321" -> "(11) 98765-4321"; "1133334444" -> "(11) 3333-4444". */
export function formatPhone(digits: string): string {
  if (digits.length < 10) return digits;
  const local = digits.slice(2);
  const split = local.length - 4;
  return `(${digits.slice(0, 2)}) ${local.slice(0, split)}-${local.slice(split)}`;
}

export const PHONE_MESSAGE = "Informe um telefone com DDD (10 ou 11 dígitos)";

/**
 * Why a typed number is not a phone, in words that say what to change; null when it is one. A number
 * of the right length but the wrong kind gets its own message: "(11) 9876-5432" has the 10 digits of
 * a landline, which never starts with 9 (an old mobile number missing the 9 added in 2012-2016).
 */
export function phoneProblem(text: string): string | null {
  const digits = digitsOf(text);
  if (digits === null || (digits.length !== 10 && digits.length !== 11)) return PHONE_MESSAGE;
  if (!DDD.test(digits)) return "Informe um DDD válido: dois dígitos sem zero, como 11 ou 81";
  const [ddd, local] = [digits.slice(0, 2), digits.slice(2)];
  if (digits.length === 10 && !/^[2-5]/.test(local))
    return `Telefone fixo tem 10 dígitos e não começa com ${local[0]} depois do DDD; celular tem 11, com o 9 na frente: ${formatPhone(`${ddd}9${local}`)}`;
  if (digits.length === 11 && local[0] !== "9")
    return "Celular tem 11 dígitos, com o 9 depois do DDD; telefone fixo tem 10 dígitos";
  return null;
}
