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
export type ImportFile = { role: ImportFileRole; name: string; bytes: Uint8Array };
const fileRoles: ImportFileRole[] = ["export", "products", "customers"];

export const filesSourceOf = (origin: WordPressFileOrigin): WordPressFilesSource =>
  origin === "site" ? { kind: "site" } : { kind: "none" };

/**
 * The import form's files (`export`, `products`, `customers`: one each, an empty one is none) and
 * where the attachments come from, read the same way by the account screen and the REST route.
 */
export async function readWordPressImportForm(form: FormData) {
  const files: ImportFile[] = [];
  for (const role of fileRoles) {
    const sent = form
      .getAll(wordpressUploadFields[role])
      .filter((part): part is File => typeof part !== "string" && part.size > 0);
    if (sent.length > 1) throw invalid("Envie um arquivo de cada tipo.", { [role]: ["Envie um arquivo só"] });
    const [file] = sent;
    if (file) {
      const name = file.name.split(/[\\/]/).pop() || role;
      files.push({ role, name, bytes: new Uint8Array(await file.arrayBuffer()) });
    }
  }
  const options = wordpressImportOptionsSchema.safeParse({ files: form.get("files") ?? undefined });
  if (!options.success) throw invalid("Escolha de onde vêm os arquivos.", { files: ["Escolha uma opção"] });
  return { files, filesSource: filesSourceOf(options.data.files) };
}
