import { fromSaoPauloLocal } from "../dates/local-input.ts";
import type { ContentDocument } from "../views/content.ts";
import {
  dateTimeField,
  fileAddressField,
  optionalFileAddressField,
  optionalText,
  plainString,
  requiredText,
  webAddressField,
  z,
} from "../zod.ts";

export const contentStatuses = ["draft", "published"] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const contentStatusLabels: Record<ContentStatus, string> = { draft: "Rascunho", published: "Publicado" };

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slug = plainString()
  .trim()
  .max(120, "No máximo 120 caracteres")
  .refine((value) => value === "" || SLUG_PATTERN.test(value), "Use só letras minúsculas sem acento, números e hífens")
  .default("");

/** Larger than any upload we take: a bigger size is a made-up one. */
const MAX_DOCUMENT_BYTES = 1024 ** 3;

/**
 * An attached file: uploaded here (`/files/...`) or a link to an http(s) address. The fields of the
 * ContentDocument view (common/views/content.ts), each with what a write must respect.
 */
export const documentSchema = z.object({
  url: fileAddressField("Use um arquivo enviado ou um endereço começando com https://"),
  name: requiredText(200),
  size: z.number().int().min(0, "Tamanho de arquivo inválido").max(MAX_DOCUMENT_BYTES, "Tamanho de arquivo inválido"),
  // A link's type may be unknown: "" (a form sends it as no value).
  mime_type: plainString().trim().max(200, "No máximo 200 caracteres").default(""),
} satisfies { [Field in keyof ContentDocument]: z.ZodType<ContentDocument[Field]> });

const tags = z
  .array(plainString().trim().min(1, "Etiqueta vazia").max(40, "Etiquetas têm no máximo 40 caracteres"))
  .max(20, "No máximo 20 etiquetas")
  .default([])
  .transform((values) => [...new Set(values)]);

/** Fields every piece of content has; an empty slug is generated from the title. */
export const contentFields = {
  title: requiredText(200),
  slug,
  summary: optionalText(300),
  content: plainString().max(200_000, "O conteúdo é grande demais").default(""),
  cover: optionalFileAddressField("Endereço de arquivo inválido"),
  cover_alt: optionalText(300),
  documents: z.array(documentSchema).max(20, "No máximo 20 documentos").default([]),
  tags,
  status: z.enum(contentStatuses, "Escolha Rascunho ou Publicado").default("draft"),
  /** "Somente associados": opened only by members in good standing; others see that it is for members. */
  members_only: z.boolean("Informe true ou false").default(false),
};

export const pageSchema = z.object(contentFields);

export const postSchema = z.object({
  ...contentFields,
  /** A future moment keeps the news item hidden until then. */
  published_at: dateTimeField("a data de publicação").default(() => new Date()),
});

const eventFields = {
  ...contentFields,
  start_at: dateTimeField("o início"),
  end_at: dateTimeField("o término"),
  place_name: optionalText(200),
  place_address: optionalText(300),
  online_url: webAddressField("Informe um endereço começando com https://"),
};

const endsAfterStart = (event: { start_at: Date; end_at: Date }) => event.end_at.getTime() >= event.start_at.getTime();
const END_BEFORE_START = {
  path: ["end_at"],
  message: "O término não pode ser antes do início",
  // Checked beside the other fields' errors (all at once), once both dates are dates.
  when: ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !issues.some((issue) => issue.path?.[0] === "start_at" || issue.path?.[0] === "end_at"),
};

export const eventSchema = z.object(eventFields).refine(endsAfterStart, END_BEFORE_START);

/**
 * A moment as the account forms type it: "YYYY-MM-DDTHH:mm" on São Paulo's clock (what
 * `<input type="datetime-local">` sends, whatever the browser's zone), then checked as the API's instant.
 */
export const localDateTimeField = (label: string) =>
  z.preprocess((local) => (typeof local === "string" ? (fromSaoPauloLocal(local) ?? "") : local), dateTimeField(label));

/** The account forms of pages, news and events: the API's fields, with dates on São Paulo's clock. */
export const pageFormSchema = pageSchema;

export const postFormSchema = z.object({
  ...contentFields,
  published_at: localDateTimeField("a data de publicação"),
});

export const eventFormSchema = z
  .object({ ...eventFields, start_at: localDateTimeField("o início"), end_at: localDateTimeField("o término") })
  .refine(endsAfterStart, END_BEFORE_START);

export type PageInput = z.infer<typeof pageSchema>;
export type PostInput = z.infer<typeof postSchema>;
export type EventInput = z.infer<typeof eventSchema>;

/** List filters shared by the REST API and the admin lists (with page, per_page and q). */
export const contentListQuerySchema = z.object({
  tag: plainString().trim().max(40).optional(),
  status: z.enum(contentStatuses, "Use draft ou published").optional(),
  sort: z.enum(["date_desc", "date_asc"], "Use date_desc ou date_asc").default("date_desc"),
});

export const eventListQuerySchema = contentListQuerySchema.extend({
  /** upcoming: not yet over, soonest first; past: over, latest first; none: upcoming then past. */
  when: z.enum(["upcoming", "past"], "Use upcoming ou past").optional(),
});

export type ContentListQuery = z.infer<typeof contentListQuerySchema>;
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
