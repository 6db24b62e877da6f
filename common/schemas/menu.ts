import { isSitePath, isWebAddress, plainString, requiredText, z } from "../zod.ts";
import { idField } from "./id.ts";

/** Ids are PostgreSQL `integer` columns. */
const id = idField();

export const menuSchema = z
  .object({
    name: requiredText(80),
    url: plainString()
      .trim()
      .max(500, "No máximo 500 caracteres")
      .refine(
        (value) => value === "" || isSitePath(value) || isWebAddress(value),
        "Use um caminho do site (/contato) ou um endereço completo (https://...)",
      )
      .default(""),
    page_id: id.nullable().default(null),
    parent_id: id.nullable().default(null),
    enabled: z.boolean().default(true),
    position: z.coerce.number().int().min(0).max(10000).optional(),
  })
  // A top-level item without an address is the title of a dropdown; it shows only while it has submenus.
  .refine((menu) => menu.parent_id === null || menu.url !== "" || menu.page_id !== null, {
    path: ["url"],
    message: "Informe um endereço ou escolha uma página",
  });

export type MenuInput = z.input<typeof menuSchema>;
export type MenuValues = z.infer<typeof menuSchema>;

export const menuOrderSchema = z.object({
  parent_id: id.nullable().default(null),
  ids: z.array(id).min(1, "Informe a nova ordem").max(500),
});

export type MenuOrder = z.infer<typeof menuOrderSchema>;
