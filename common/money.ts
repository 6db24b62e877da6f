import { z } from "./zod.ts";

// Amounts are integer cents everywhere (database, services, forms); only these functions turn them into text
// and back. Both work on digit strings, never on floating-point reais, so no amount is ever rounded.

const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/** Groups the digits of a whole number in threes with dots: "1234567" -> "1.234.567". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ".");

/**
 * Cents as Brazilian reais: 123456 -> "R$ 1.234,56", -500 -> "-R$ 5,00" (a plain space after "R$").
 * Throws a RangeError for anything but a safe integer: a fractional cent is a bug upstream.
 */
export function formatBRL(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, "0");
  const reais = groupThousands(digits.slice(0, -2));
  return `${cents < 0 ? "-" : ""}R$ ${reais},${digits.slice(-2)}`;
}

/**
 * An optional minus, an optional "R$", then reais written either without separators ("1234") or grouped
 * in threes by dots ("1.234"), then optionally a comma and one or two centavo digits.
 * A dot is only ever a thousands separator, so "1,234.56" and "1.23" are refused rather than guessed.
 */
const BRL = /^(-)?(?:R\$\s*)?(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/i;

/**
 * Text typed as reais to cents: "1.234,56", "R$ 1.234,56", "1234,5", "1234" and " 12,3 " are read;
 * null for anything else (letters, more than two decimals, a misplaced dot) and for amounts beyond
 * Number.MAX_SAFE_INTEGER cents.
 */
export function parseBRL(text: string): number | null {
  const match = BRL.exec(text.trim());
  if (!match) return null;
  const [, minus, reais = "", centavos = ""] = match;
  const cents = BigInt(reais.replaceAll(".", "") + centavos.padEnd(2, "0"));
  if (cents > MAX_CENTS) return null;
  if (cents === 0n) return 0;
  return Number(minus ? -cents : cents);
}

export const MONEY_FORMAT_MESSAGE = "Informe um valor em reais, como 1.234,56";

/** The largest amount a price field takes: R$ 10.000.000,00. Anything above is a typo or a probe. */
export const MAX_PRICE_CENTS = 1_000_000_000;

/**
 * The largest order: R$ 20.000.000,00. Orders keep their amounts in 32-bit integer cents (at most
 * R$ 21.474.836,47), and a cart of a few dearer items can pass that.
 */
export const MAX_ORDER_TOTAL_CENTS = 2_000_000_000;

/**
 * An amount as non-negative integer cents, up to `max`. One field for both edges: the REST API sends a
 * JSON number, which is cents (1290), and a form sends the text a person typed, which is reais
 * ("12,90", "R$ 1.234,56").
 */
export const moneyField = (max = MAX_PRICE_CENTS) =>
  z.preprocess(
    (value) => {
      if (typeof value === "number") return Number.isSafeInteger(value) ? value : Number.NaN;
      if (typeof value !== "string") return value;
      if (value.trim() === "") return undefined;
      return parseBRL(value) ?? Number.NaN;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? "Campo obrigatório" : MONEY_FORMAT_MESSAGE),
      })
      .min(0, "O valor não pode ser negativo")
      .max(max, `O valor máximo é ${formatBRL(max)}`),
  );
