import { z } from "zod";
import { ptBR } from "zod/locales";
import { sitePaths } from "./site-paths.ts";

// Messages from zod's Brazilian Portuguese locale unless a schema gives its own.
z.config(ptBR());
// In the browser, zod probes `new Function` for its compiled parsers; the Content-Security-Policy
// forbids eval and reports the probe as a violation. Set before any schema is built.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

export const INVALID_CHARACTERS = "Caracteres inválidos";

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: nobody types them,
 * and PostgreSQL refuses NUL in text.
 */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** Every text input starts here: a string without control characters. */
export const plainString = (params?: { error: string }) =>
  z.string(params).refine((value) => !hasControlCharacter(value), INVALID_CHARACTERS);

export const requiredText = (max = 255) =>
  plainString({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(max, `No máximo ${max} caracteres`);

export const optionalText = (max = 5000) => plainString().trim().max(max, `No máximo ${max} caracteres`).default("");

/** Content dates: PostgreSQL stores far wider years, but outside these they can only be typos or probes. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2200;

/** ISO 8601: a day, or a moment with an optional offset ("2030-03-10", "2030-03-10T23:30:00-03:00"). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An instant (ISO 8601 text or a Date) between MIN_DATE_YEAR and MAX_DATE_YEAR. Other values are
 * refused before coercion: Date's own parser makes a date of almost any text.
 */
export const dateTimeField = (label: string) =>
  z.preprocess(
    (value) =>
      value instanceof Date || (typeof value === "string" && ISO_DATE_TIME.test(value.trim())) ? value : Number.NaN,
    z.coerce
      .date({ error: `Informe ${label}` })
      .min(new Date(Date.UTC(MIN_DATE_YEAR, 0, 1)), `Informe uma data entre ${MIN_DATE_YEAR} e ${MAX_DATE_YEAR}`)
      .max(
        new Date(Date.UTC(MAX_DATE_YEAR, 11, 31, 23, 59, 59, 999)),
        `Informe uma data entre ${MIN_DATE_YEAR} e ${MAX_DATE_YEAR}`,
      ),
  );

/** An absolute http(s) address with a host, such as https://www.example.com/page. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

/** A path of this site; it starts with one "/": browsers read "//host" and "/\\host" as another site. */
export const isSitePath = (value: string) => /^\/(?![/\\])[^\s\\]*$/.test(value);

/** Where uploaded files are served (storage urls are `/files/...`, or FILES_URL + that). */
export const isFilePath = (value: string) => value.startsWith(`${sitePaths.files}/`) && isSitePath(value);

/** An optional http(s) address; "" when none. */
export const webAddressField = (message: string, max = 500) =>
  plainString()
    .trim()
    .max(max, `No máximo ${max} caracteres`)
    .refine((value) => value === "" || isWebAddress(value), message)
    .default("");

/** An uploaded file (`/files/...`) or a file elsewhere on the web; never another scheme (javascript:, data:). */
export const isFileAddress = (value: string) => isWebAddress(value) || isFilePath(value);

/** A required file address. */
export const fileAddressField = (message: string) =>
  plainString({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(500, "No máximo 500 caracteres")
    .refine(isFileAddress, message);

/** An optional file address: "" and null both clear it. */
export const optionalFileAddressField = (message: string) =>
  plainString()
    .trim()
    .max(500, "No máximo 500 caracteres")
    .refine((value) => value === "" || isFileAddress(value), message)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .default(null);

export const emailField = () =>
  z
    .string({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .pipe(z.email("Informe um e-mail válido"))
    .transform((value) => value.toLowerCase());

export const PASSWORD_MIN_LENGTH = 6;

export const passwordField = () =>
  plainString({ error: "Campo obrigatório" })
    .min(1, "Campo obrigatório")
    .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`)
    .max(200, "No máximo 200 caracteres");

/**
 * A refinement's `when` for checks across fields (zod skips them when any other field failed): checked as
 * long as these fields were given as text, so a form sent without JavaScript learns every field's
 * problem at once instead of this one on the next round trip.
 */
export const whenTyped =
  (...fields: string[]) =>
  ({ value }: { value: unknown }): boolean =>
    typeof value === "object" &&
    value !== null &&
    fields.every((field) => {
      const text = (value as Record<string, unknown>)[field];
      return typeof text === "string" && text !== "";
    });

/** Field errors in the REST shape `{ field: [texts] }`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A list filter's calendar day "2026-11-24" (São Paulo's clock), or empty for no bound; `label` names it in the error. */
export const dayField = (label: string) =>
  plainString()
    .trim()
    .default("")
    .refine((value) => {
      if (value === "") return true;
      const match = DAY.exec(value);
      if (!match) return false;
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(Date.UTC(year, month - 1, day));
      return (
        year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
      );
    }, `Informe ${label} como AAAA-MM-DD`);
