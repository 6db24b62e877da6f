import type { ReferenceFormat } from "../../../../common/schemas/media.ts";
import type { MediaView } from "../../../../common/views/medias.ts";
import { writeBibtex } from "./bibtex.ts";
import { writeRis } from "./ris.ts";

/** The items as a reference manager file (BibTeX or RIS), for the export downloads. */
export function formatReferences(items: MediaView[], format: ReferenceFormat): string {
  return format === "bibtex" ? writeBibtex(items) : writeRis(items);
}
