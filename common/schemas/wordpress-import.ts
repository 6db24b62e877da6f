import { invalid } from "../errors.ts";
import type { WordPressFilesSource } from "../views/wordpress-import.ts";
import { z } from "../zod.ts";

export const wordpressImportStatuses = ["previewed", "running", "done", "failed"] as const;
export type WordPressImportStatus = (typeof wordpressImportStatuses)[number];
export const wordpressImportStatusLabels: Record<WordPressImportStatus, string> = {
  previewed: "Prévia pronta",
  running: "Importando",
  done: "Concluída",
  failed: "Interrompida",
};

/** Where the attachments' files come from: the old site while it is up, a zip of wp-content/uploads, or nowhere. */
export const wordpressFileOrigins = ["site", "zip", "none"] as const;
export type WordPressFileOrigin = (typeof wordpressFileOrigins)[number];
export const wordpressFileOriginLabels: Record<WordPressFileOrigin, string> = {
  site: "Baixar do site antigo (ele ainda está no ar)",
  zip: "De um arquivo .zip da pasta wp-content/uploads",
  none: "Não importar os arquivos (imagens e anexos)",
};

/** The web upload's limits; the command line reads larger exports from the server's disk. */
export const WORDPRESS_WEB_EXPORT_MAX_BYTES = 100 * 1024 * 1024;
/** A bigger spreadsheet is not a shop's catalogue or customers. */
export const WORDPRESS_SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024;
/** The export and both spreadsheets at their largest, and the form around them. */
export const WORDPRESS_UPLOAD_MAX_BYTES =
  WORDPRESS_WEB_EXPORT_MAX_BYTES + 2 * WORDPRESS_SPREADSHEET_MAX_BYTES + 1024 * 1024;

/** The upload form's choices besides its files (the files are read from the multipart body). */
export const wordpressImportOptionsSchema = z.object({
  files: z.enum(wordpressFileOrigins, "Escolha de onde vêm os arquivos").default("site"),
});
export type WordPressImportOptions = z.infer<typeof wordpressImportOptionsSchema>;

/** The multipart fields the upload reads. */
export const wordpressUploadFields = {
  export: "export",
  products: "products",
  customers: "customers",
  uploads: "uploads",
} as const;

export type ImportFileRole = "export" | "products" | "customers";
export const importFileRoles: readonly ImportFileRole[] = ["export", "products", "customers"];
/** A file sent for the import, as its bytes (the command line, tests). */
export type ImportFile = { role: ImportFileRole; name: string; bytes: Uint8Array };
/** A file of the web upload, in the temporary file it was streamed to: a 100 MB export is never held in memory whole. */
export type UploadedFile = { role: ImportFileRole; name: string; path: string; size: number };

const filesSourceOf = (origin: WordPressFileOrigin): WordPressFilesSource =>
  origin === "site" ? { kind: "site" } : { kind: "none" };

/** The form's choice of where the attachments come from, read the same way by the account screen and the REST route. */
export function readWordPressFilesChoice(value: string | undefined): WordPressFilesSource {
  const options = wordpressImportOptionsSchema.safeParse({ files: value });
  if (!options.success) throw invalid("Escolha de onde vêm os arquivos.", { files: ["Escolha uma opção"] });
  return filesSourceOf(options.data.files);
}
