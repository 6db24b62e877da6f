import { optionalText, requiredText, z } from "../zod.ts";

export const contentStatuses = ["draft", "published"] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const contentStatusLabels: Record<ContentStatus, string> = { draft: "Rascunho", published: "Publicado" };

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slug = z
  .string()
  .trim()
  .max(120, "No máximo 120 caracteres")
  .refine((value) => value === "" || SLUG_PATTERN.test(value), "Use só letras minúsculas sem acento, números e hífens")
  .default("");

const fileUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === "" || /^(https?:\/\/|\/)[^\s]*$/i.test(value), "Endereço de arquivo inválido")
  .transform((value) => (value === "" ? null : value))
  .nullable()
  .default(null);

const contentDocument = z.object({
  url: z.string().trim().min(1).max(500),
  name: requiredText(200),
  size: z.number().int().min(0),
  mime_type: z.string().trim().max(200),
});

const tags = z
  .array(z.string().trim().min(1, "Etiqueta vazia").max(40, "Etiquetas têm no máximo 40 caracteres"))
  .max(20, "No máximo 20 etiquetas")
  .default([])
  .transform((values) => [...new Set(values)]);

/** Fields every piece of content has; an empty slug is generated from the title. */
export const contentFields = {
  title: requiredText(200),
  slug,
  summary: optionalText(300),
  content: z.string().max(200_000, "O conteúdo é grande demais").default(""),
  cover: fileUrl,
  documents: z.array(contentDocument).max(20, "No máximo 20 documentos").default([]),
  tags,
  status: z.enum(contentStatuses, "Escolha Rascunho ou Publicado").default("draft"),
};

export const pageSchema = z.object(contentFields);

const dateTime = (label: string) =>
  z.coerce.date({ error: `Informe ${label}` }).refine((value) => !Number.isNaN(value.getTime()), `Informe ${label}`);

export const postSchema = z.object({
  ...contentFields,
  /** A future moment keeps the news item hidden until then. */
  published_at: dateTime("a data de publicação").default(() => new Date()),
});

const onlineUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), "Informe um endereço começando com https://")
  .default("");

export const eventSchema = z
  .object({
    ...contentFields,
    start_at: dateTime("o início"),
    end_at: dateTime("o término"),
    place_name: optionalText(200),
    place_address: optionalText(300),
    online_url: onlineUrl,
  })
  .refine((event) => event.end_at.getTime() >= event.start_at.getTime(), {
    path: ["end_at"],
    message: "O término não pode ser antes do início",
  });

export type PageInput = z.infer<typeof pageSchema>;
export type PostInput = z.infer<typeof postSchema>;
export type EventInput = z.infer<typeof eventSchema>;

/** List filters shared by the REST API and the admin lists (with page, per_page and q). */
export const contentListQuerySchema = z.object({
  tag: z.string().trim().max(40).optional(),
  status: z.enum(contentStatuses, "Use draft ou published").optional(),
  sort: z.enum(["date_desc", "date_asc"], "Use date_desc ou date_asc").default("date_desc"),
});

export const eventListQuerySchema = contentListQuerySchema.extend({
  /** upcoming: not yet over, soonest first; past: over, latest first; none: upcoming then past. */
  when: z.enum(["upcoming", "past"], "Use upcoming ou past").optional(),
});

export type ContentListQuery = z.infer<typeof contentListQuerySchema>;
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
