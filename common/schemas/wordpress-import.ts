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
