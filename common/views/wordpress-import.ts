import { wordpressImportStatuses } from "../schemas/wordpress-import.ts";
import { z } from "../zod.ts";
import { timestampSchema } from "./timestamp.ts";

/** Where a run reads the attachments' files (the CLI may also name a folder or a URL). */
export const wordpressFilesSourceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("none") }),
  z.strictObject({ kind: z.literal("site") }),
  z.strictObject({ kind: z.literal("url"), url: z.string() }),
  z.strictObject({ kind: z.literal("folder"), path: z.string() }),
  z.strictObject({ kind: z.literal("zip"), path: z.string() }),
]);
export type WordPressFilesSource = z.infer<typeof wordpressFilesSourceSchema>;

export const importKinds = ["attachment", "page", "post", "event", "product", "menu", "customer", "redirect"] as const;
export type ImportKind = (typeof importKinds)[number];
export const importKindLabels: Record<ImportKind, string> = {
  attachment: "Arquivos e imagens",
  page: "Páginas",
  post: "Notícias",
  event: "Eventos",
  product: "Produtos",
  menu: "Itens de menu",
  customer: "Clientes",
  redirect: "Endereços antigos redirecionados",
};

const kindCounts = z.strictObject(
  Object.fromEntries(importKinds.map((kind) => [kind, z.number().int()])) as Record<ImportKind, z.ZodNumber>,
);
export type ImportCounts = Record<ImportKind, number>;

export const wordpressImportReportSchema = z.strictObject({
  site: z.strictObject({ title: z.string(), url: z.string() }),
  counts: kindCounts,
  skipped: z.array(z.strictObject({ kind: z.string(), wp_id: z.string(), title: z.string(), reason: z.string() })),
  renamed: z.array(z.strictObject({ kind: z.string(), title: z.string(), from: z.string(), to: z.string() })),
  unknown_shortcodes: z.array(z.strictObject({ name: z.string(), count: z.number().int() })),
  unfetched_files: z.array(z.strictObject({ url: z.string(), reason: z.string() })),
  /** Values an imported item had that our checks refuse (an NCM, a GTIN), left empty: the shop's defaults apply. */
  left_out: z.array(
    z.strictObject({ kind: z.string(), title: z.string(), field: z.string(), value: z.string(), reason: z.string() }),
  ),
  /**
   * The old site's static front page (WordPress's "página inicial estática"), null when it showed its
   * latest posts; `becomes_home` whether the run makes it the site's home ("/"): not when the site has a
   * home page already, the owner's or an earlier import's.
   */
  front_page: z.strictObject({ title: z.string(), becomes_home: z.boolean() }).nullable(),
  /** After the run: what it created, updated or found unchanged. */
  result: z.strictObject({ created: kindCounts, updated: kindCounts, unchanged: kindCounts }).nullable(),
});
export type WordPressImportReport = z.infer<typeof wordpressImportReportSchema>;

export const wordpressImportViewSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(wordpressImportStatuses),
  file_names: z.array(z.string()),
  files_source: wordpressFilesSourceSchema,
  report: wordpressImportReportSchema,
  progress: z.strictObject({ done: z.number().int(), total: z.number().int(), step: z.string() }),
  error: z.string().nullable(),
  /** A run whose process stopped answering (no batch for two minutes): it may be started again. */
  stalled: z.boolean(),
  created_at: timestampSchema,
  finished_at: timestampSchema.nullable(),
});
export type WordPressImportView = z.infer<typeof wordpressImportViewSchema>;

export const emptyImportCounts = (): ImportCounts =>
  Object.fromEntries(importKinds.map((kind) => [kind, 0])) as ImportCounts;
