import { MAX_PRICE_CENTS, moneyField } from "../money.ts";
import { fileAddressField, optionalFileAddressField, optionalText, plainString, requiredText, z } from "../zod.ts";
import { contentFields, documentSchema } from "./content.ts";
import { EMPTY_ITEM_FISCAL, itemFiscalInputSchema } from "./fiscal.ts";

export const productStatuses = ["draft", "published", "archived"] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const productStatusLabels: Record<ProductStatus, string> = {
  draft: "Rascunho",
  published: "Publicado",
  archived: "Arquivado",
};

/** Spec option list 4: how a product travels. */
export const packageFormats = [
  { value: 1, label: "Caixa/Pacote" },
  { value: 2, label: "Rolo/Prisma" },
  { value: 3, label: "Envelope" },
] as const;
export type PackageFormat = (typeof packageFormats)[number]["value"];

/** Spec option list 3: the public shop's orders. */
export const productSorts = [
  { value: "most_recent", label: "mais recentes" },
  { value: "best_sellers", label: "mais vendidos" },
  { value: "alphabetical_order", label: "ordem alfabética" },
] as const;
export type ProductSort = (typeof productSorts)[number]["value"];
const productSortValues = productSorts.map((sort) => sort.value) as [ProductSort, ...ProductSort[]];

export const MAX_OPTIONS = 2;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 200;
/** More than a small shop keeps of one item; a larger figure is a typo. */
export const MAX_STOCK = 1_000_000;
const MAX_WEIGHT_GRAMS = 1_000_000;
const MAX_SIDE_CM = 1_000;

const optionValue = requiredText(40);

/** "Tamanho: P, M, G": a product has up to two, and each combination of their values is a variant. */
const optionSchema = z.object({
  name: requiredText(40),
  values: z
    .array(optionValue)
    .min(1, "Informe ao menos um valor")
    .max(MAX_OPTION_VALUES, `No máximo ${MAX_OPTION_VALUES} valores`)
    .refine((values) => new Set(values.map(foldCase)).size === values.length, "Os valores não podem se repetir"),
});

const wholeNumber = (label: string, max: number) =>
  z.coerce
    .number({ error: `Informe ${label}` })
    .int(`Informe ${label} em números inteiros`)
    .min(0, `${capitalise(label)} não pode ser negativo`)
    .max(max, `No máximo ${max.toLocaleString("pt-BR")}`);

const variantSchema = z.object({
  /** Kept across edits so that carts holding the variant still find it; absent for a new one. */
  id: z.coerce.number().int().positive().max(2147483647).optional(),
  /** One value per product option, in the options' order; none for a product without options. */
  options: z.array(optionValue).max(MAX_OPTIONS).default([]),
  sku: optionalText(64),
  price_cents: moneyField(MAX_PRICE_CENTS),
  /** The "de R$ ..." price shown struck through; above the price or absent. */
  compare_at_cents: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    moneyField(MAX_PRICE_CENTS).nullable(),
  ),
  stock: wholeNumber("o estoque", MAX_STOCK),
  /** Where this variant's nota fiscal differs from the product's (a GTIN of its own, mostly); null: the product's. */
  fiscal: itemFiscalInputSchema.default(EMPTY_ITEM_FISCAL),
});

/** An image of the product: the first one is its cover. */
export const productImageSchema = z.object({
  url: fileAddressField("Endereço de imagem inválido"),
  thumb: optionalFileAddressField("Endereço de imagem inválido"),
  alt: optionalText(200),
});

const shippingFields = {
  weight_grams: wholeNumber("o peso", MAX_WEIGHT_GRAMS).default(0),
  package_format: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], "Escolha Caixa/Pacote, Rolo/Prisma ou Envelope"))
    .default(1),
  length_cm: wholeNumber("o comprimento", MAX_SIDE_CM).default(0),
  height_cm: wholeNumber("a altura", MAX_SIDE_CM).default(0),
  width_cm: wholeNumber("a largura", MAX_SIDE_CM).default(0),
  diameter_cm: wholeNumber("o diâmetro", MAX_SIDE_CM).default(0),
};

/** A product as the administrators' form and the REST API write it. */
export const productSchema = z
  .object({
    name: requiredText(200),
    slug: contentFields.slug,
    summary: optionalText(160),
    content: contentFields.content,
    status: z.enum(productStatuses, "Escolha Rascunho, Publicado ou Arquivado").default("draft"),
    featured: z.boolean("Informe true ou false").default(false),
    images: z.array(productImageSchema).max(20, "No máximo 20 imagens").default([]),
    documents: z.array(documentSchema).max(20, "No máximo 20 documentos").default([]),
    tags: contentFields.tags,
    options: z
      .array(optionSchema)
      .max(MAX_OPTIONS, `No máximo ${MAX_OPTIONS} opções, como Tamanho e Cor`)
      .default([])
      .refine(
        (options) => new Set(options.map((option) => foldCase(option.name))).size === options.length,
        "As opções não podem ter o mesmo nome",
      ),
    variants: z
      .array(variantSchema)
      .min(1, "Informe preço e estoque")
      .max(MAX_VARIANTS, `No máximo ${MAX_VARIANTS} variações`),
    ...shippingFields,
    /** NCM, origin, CSOSN/CST, unit and GTIN for its notas fiscais; null: the shop's default. */
    fiscal: itemFiscalInputSchema.default(EMPTY_ITEM_FISCAL),
  })
  .superRefine((product, context) => {
    const combinations = new Set<string>();
    product.variants.forEach((variant, index) => {
      const path = (field: string) => ["variants", index, field];
      if (variant.options.length !== product.options.length) {
        context.addIssue({
          code: "custom",
          path: path("options"),
          message: product.options.length
            ? `Escolha um valor de cada opção (${product.options.map((option) => option.name).join(", ")})`
            : "Um produto sem opções tem uma única variação, sem valores",
        });
        return;
      }
      variant.options.forEach((value, position) => {
        const option = product.options[position];
        if (option && !option.values.some((allowed) => foldCase(allowed) === foldCase(value)))
          context.addIssue({
            code: "custom",
            path: ["variants", index, "options", position],
            message: `"${value}" não é um valor de ${option.name}`,
          });
      });
      const combination = variant.options.map(foldCase).join("\u0000");
      if (combinations.has(combination))
        context.addIssue({ code: "custom", path: path("options"), message: "Esta combinação já foi informada" });
      combinations.add(combination);
      if (variant.compare_at_cents !== null && variant.compare_at_cents <= variant.price_cents)
        context.addIssue({
          code: "custom",
          path: path("compare_at_cents"),
          message: 'O preço "de" precisa ser maior que o preço de venda',
        });
    });
    const skus = product.variants.map((variant) => variant.sku).filter(Boolean);
    if (new Set(skus).size !== skus.length)
      context.addIssue({ code: "custom", path: ["variants"], message: "Cada variação precisa de um SKU diferente" });
  });

export type ProductInput = z.infer<typeof productSchema>;
export type VariantInput = ProductInput["variants"][number];

/** A variant at or below this many units is running low: the /conta home counts it, the list filters it. */
export const LOW_STOCK_UNITS = 5;

const stockFilters = ["in_stock", "out_of_stock", "low"] as const;

/** The public shop's list: text, tag and order, all in the address. */
export const shopListQuerySchema = z.object({
  tag: plainString().trim().max(40).optional(),
  sort: z.enum(productSortValues, "Use most_recent, best_sellers ou alphabetical_order").default("most_recent"),
});

/** The administrators' list adds the status and stock filters. */
export const productListQuerySchema = shopListQuerySchema.extend({
  status: z.enum(productStatuses, "Use draft, published ou archived").optional(),
  stock: z.enum(stockFilters, "Use in_stock, out_of_stock ou low").optional(),
});

export type ShopListQuery = z.infer<typeof shopListQuerySchema>;
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Option values and names compare without case or accents: "Médio" and "medio" are the same value. */
export function foldCase(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-BR");
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase("pt-BR") + text.slice(1);
}
