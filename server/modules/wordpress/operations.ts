import { wordpressFileOrigins } from "../../../common/schemas/wordpress-import.ts";
import { wordpressImportViewSchema } from "../../../common/views/wordpress-import.ts";
import { z } from "../../../common/zod.ts";
import { areaOperations, input, type Operation, output } from "../../http/openapi/operation.ts";

const importForm = input(
  "WordPressImportForm",
  z.object({
    export: z.file().optional().meta({ description: "The WordPress export (WXR 1.1/1.2), up to 100 MB" }),
    products: z.file().optional().meta({ description: "WooCommerce's product CSV (English or pt-BR columns)" }),
    customers: z.file().optional().meta({ description: "A customer CSV (WooCommerce or user export)" }),
    files: z.enum(wordpressFileOrigins).optional().meta({ description: "Where the attachments' files come from" }),
  }),
);
const importView = output("WordPressImport", wordpressImportViewSchema);
const importList = output("WordPressImportList", z.array(wordpressImportViewSchema));

const imports = areaOperations({ tag: "wordpress", path: "/api/wordpress-imports", access: "admin" });

export const wordpressOperations: Operation[] = [
  imports.get({
    path: "",
    summary: "The latest WordPress imports, newest first",
    success: { status: 200, description: "Imports", schema: importList },
  }),
  imports.post({
    path: "",
    summary: "Send a WordPress export and/or WooCommerce spreadsheets: answers the preview, nothing imported yet",
    body: importForm,
    multipart: true,
    success: {
      status: 201,
      description: "The preview: counts, what is skipped and why, renamed slugs",
      schema: importView,
    },
  }),
  imports.get({
    path: "/{id}",
    summary: "One import: its preview, progress or report",
    success: { status: 200, description: "The import", schema: importView },
  }),
  imports.post({
    path: "/{id}/start",
    summary: "Run a previewed import in the background (again after a failure: it carries on)",
    success: { status: 202, description: "Running; poll the import for its progress", schema: importView },
    refusals: [{ status: 409, description: "Already done" }],
  }),
];
