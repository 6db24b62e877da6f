import type { MediaView } from "../media.ts";

/** A piece of a formatted reference; `strong` is the part ABNT highlights (in bold). */
export type CitationPart = { text: string; strong?: boolean };

/** The item's reference per ABNT NBR 6023:2018, in parts so the highlighted element can be bold. */
export function abntReference(item: MediaView): CitationPart[] {
  return [{ text: `${item.title}.`, strong: true }];
}

export const citationText = (parts: CitationPart[]) => parts.map((part) => part.text).join("");
