import type { mediaSchema } from "../../../../common/schemas/media.ts";
import type { z } from "../../../../common/zod.ts";

/** An entry read from a reference file, before validation: the same shape the form and the API send. */
export type MediaDraft = z.input<typeof mediaSchema>;

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The stored (sanitised) description as plain text: one line per paragraph, list item or line break. */
export function htmlToPlainText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote|div|ul|ol)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "");
  return paragraphs(decodeEntities(text)).join("\n");
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Plain text from a reference file as description HTML: every line a paragraph, every character escaped. */
export function plainTextToHtml(text: string): string {
  return paragraphs(text)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join("");
}

/** Non-empty lines with their spaces collapsed. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
}

export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** "10-20", "10 – 20" and "10--20" are all "10-20"; anything else is kept. */
export const normalizePages = (pages: string) => oneLine(pages).replace(/\s*(?:--?|–|—)\s*/g, "-");

/** ISSNs look like 1234-567X; anything else in the shared field is treated as an ISBN. */
export const isIssn = (value: string) => /^\d{4}-?\d{3}[\dXx]$/.test(value.trim());

/** Words reference managers write instead of a date ("s.d.", "n.d.", "no prelo"): no date, not a bad one. */
export const isNoDate = (value: string) =>
  /^(?:s\.?\s?d\.?|n\.?\s?d\.?|sem data|no date|in press|no prelo|forthcoming)$/i.test(value.trim());

/** "2019", "2019-05" or "2019-05-12" from parts that may be missing; "" when there is no year. */
export function composeDate(year: string, month: string, day: string): string {
  const y = year.trim();
  if (y === "" || isNoDate(y)) return "";
  const m = month.trim();
  if (m === "") return y;
  const pad = (value: string) => (/^\d$/.test(value) ? `0${value}` : value);
  const d = day.trim();
  return d === "" ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`;
}
