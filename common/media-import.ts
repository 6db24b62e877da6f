import type { MediaType } from "./media.ts";
import type { ReferenceFormat } from "./schemas/media.ts";

/** new: will be created; duplicate: its DOI or title + year + first author already exists; invalid: cannot be read. */
export type ImportEntryStatus = "new" | "duplicate" | "invalid";

/** One entry of an imported file, as the preview lists it. */
export type ImportEntry = {
  /** 1-based position in the file. */
  index: number;
  /** The BibTeX citation key or the RIS ID, when present. */
  key: string;
  title: string;
  type: MediaType | null;
  authors: string[];
  year: number | null;
  status: ImportEntryStatus;
  /** pt-BR: why the entry is invalid or a duplicate (of which item or of which earlier entry). */
  reason: string | null;
  /** The existing library item it duplicates. */
  duplicate_of: number | null;
};

export type ImportSummary = {
  format: ReferenceFormat;
  total: number;
  new: number;
  duplicates: number;
  invalid: number;
  entries: ImportEntry[];
};

/** The answer of a committed import: `created` items were written in one transaction. */
export type ImportResult = ImportSummary & { created: number };
