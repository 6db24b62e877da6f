import type { Context } from "hono";
import { Hono } from "hono";
import { invalid, tooLarge } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import { MEDIA_PAGE_SIZE } from "../../../common/media.ts";
import { listQuerySchema } from "../../../common/pagination.ts";
import { parseInput } from "../../../common/parse-input.ts";
import { decodeReferenceFile } from "../../../common/reference-file.ts";
import {
  exportQuerySchema,
  importSchema,
  MAX_IMPORT_BYTES,
  mediaListQuerySchema,
  mediaSchema,
  type ReferenceFormat,
} from "../../../common/schemas/media.ts";
import { z } from "../../../common/zod.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";
import { sharedJson } from "../../http/shared-json.ts";
import { formatReferences } from "./interchange/format-references.ts";

/** Page, per_page and q of the library list: a page holds MEDIA_PAGE_SIZE items, as on the public page. */
export const mediaPageQuerySchema = listQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100, "No máximo 100 por página").default(MEDIA_PAGE_SIZE),
});

/** The search words of an export, which takes the list's filters but no pagination. */
export const mediaTextQuerySchema = listQuerySchema.pick({ q: true });

export const IMPORT_TOO_LARGE = `O arquivo passa de ${formatFileSize(MAX_IMPORT_BYTES)}. Divida-o em arquivos menores.`;
const FILE_MISSING = "Envie um arquivo BibTeX (.bib) ou RIS (.ris) no campo file.";

/** The multipart form of an import: the file and, optionally, its format. */
export const importFormSchema = z.object({
  file: z.file(FILE_MISSING).min(1, "O arquivo enviado está vazio."),
  format: importSchema.shape.format,
});

const downloads: Record<ReferenceFormat, { contentType: string; extension: string }> = {
  bibtex: { contentType: "application/x-bibtex; charset=utf-8", extension: "bib" },
  ris: { contentType: "application/x-research-info-systems; charset=utf-8", extension: "ris" },
};

/** The references as a file to save: biblioteca.bib, biblioteca-12.ris... */
function download(c: Context<AppEnv>, text: string, format: ReferenceFormat, name: string) {
  const { contentType, extension } = downloads[format];
  return c.body(text, 200, {
    "content-type": contentType,
    "content-disposition": `attachment; filename="${name}.${extension}"`,
  });
}

/** An import body: JSON {text, format?}, or multipart with the file in `file` (and `format`). */
async function readImport(c: Context<AppEnv>) {
  if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    const input = await readBody(c, importSchema);
    if (Buffer.byteLength(input.text) > MAX_IMPORT_BYTES) throw tooLarge(IMPORT_TOO_LARGE);
    return input;
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw invalid("Não foi possível ler o formulário enviado.");
  }
  const { file, format } = parseInput(importFormSchema, { ...form, format: form.format || undefined });
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge(IMPORT_TOO_LARGE);
  return parseInput(importSchema, { text: decodeReferenceFile(await file.arrayBuffer()), format });
}

export const mediasRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", async (c) => {
    const query = { ...readQuery(c, mediaPageQuerySchema), ...readQuery(c, mediaListQuerySchema) };
    return sharedJson(c, await c.get("services").medias.list(c.get("actor"), query));
  })
  .get("/filters", async (c) => c.json(await c.get("services").medias.filters(c.get("actor"))))
  .get("/export", async (c) => {
    const { format } = readQuery(c, exportQuerySchema);
    const query = { ...readQuery(c, mediaTextQuerySchema), ...readQuery(c, mediaListQuerySchema) };
    const items = await c.get("services").medias.exportItems(c.get("actor"), query);
    return download(c, formatReferences(items, format), format, "biblioteca");
  })
  .post("/import/preview", adminOnly, async (c) => {
    const { text, format } = await readImport(c);
    return c.json(await c.get("services").mediaImport.preview(c.get("actor"), text, format));
  })
  .post("/import", adminOnly, async (c) => {
    const { text, format } = await readImport(c);
    return c.json(await c.get("services").mediaImport.commit(c.get("actor"), text, format));
  })
  .get("/:id", async (c) => sharedJson(c, await c.get("services").medias.get(c.get("actor"), readId(c))))
  .get("/:id/export", async (c) => {
    const id = readId(c);
    const { format } = readQuery(c, exportQuerySchema);
    const item = await c.get("services").medias.get(c.get("actor"), id);
    return download(c, formatReferences([item], format), format, `biblioteca-${id}`);
  })
  .post("/", adminOnly, async (c) => {
    const input = await readBody(c, mediaSchema);
    return c.json(await c.get("services").medias.create(c.get("actor"), input), 201);
  })
  .put("/:id", adminOnly, async (c) => {
    const id = readId(c);
    const input = await readBody(c, mediaSchema);
    return c.json(await c.get("services").medias.update(c.get("actor"), id, input));
  })
  .delete("/:id", adminOnly, async (c) => {
    await c.get("services").medias.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  });
