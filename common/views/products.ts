import { productStatuses } from "../schemas/product.ts";
import { z } from "../zod.ts";
import { contentDocumentSchema } from "./content.ts";
import { itemFiscalViewSchema } from "./fiscal.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

const cents = z.number().int().meta({ description: "Integer cents: 1290 is R$ 12,90." });

export const productImageViewSchema = z.strictObject({
  url: z.string(),
  thumb: z.string().nullable(),
  alt: z.string(),
});
export type ProductImage = z.infer<typeof productImageViewSchema>;

export const productOptionViewSchema = z.strictObject({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionViewSchema>;

export const variantViewSchema = z.strictObject({
  id: z.number().int(),
  options: z.array(z.string()).meta({ description: "One value per product option, in the options' order." }),
  sku: z.string(),
  price_cents: cents,
  compare_at_cents: cents.nullable(),
  stock: z.number().int(),
  fiscal: itemFiscalViewSchema.meta({ description: "Its own fiscal data; a null field is the product's." }),
});
export type VariantView = z.infer<typeof variantViewSchema>;

export const productViewSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: z.string().meta({ description: "Sanitised HTML." }),
  status: z.enum(productStatuses),
  featured: z.boolean(),
  images: z.array(productImageViewSchema).meta({ description: "In order; the first is the cover." }),
  documents: z.array(contentDocumentSchema),
  tags: z.array(z.string()),
  options: z.array(productOptionViewSchema),
  variants: z.array(variantViewSchema),
  price_cents: cents.meta({ description: "The lowest price among the variants." }),
  compare_at_cents: cents.nullable().meta({ description: "The struck-through price of the cheapest variant." }),
  in_stock: z.boolean().meta({ description: "False when no variant has stock: shown as Esgotado." }),
  weight_grams: z.number().int(),
  package_format: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  length_cm: z.number().int(),
  height_cm: z.number().int(),
  width_cm: z.number().int(),
  diameter_cm: z.number().int(),
  fiscal: itemFiscalViewSchema.meta({
    description: "NCM, origin, CSOSN/CST, unit and GTIN; a null field is the shop's default.",
  }),
  units_sold: z.number().int().meta({ description: "Units in paid orders: the order of 'mais vendidos'." }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string().meta({ description: "The public path: /loja/{slug}." }),
});
export type ProductView = z.infer<typeof productViewSchema>;

export const productListSchema = paginatedSchema(productViewSchema);
