import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { EMPTY_ITEM_FISCAL, type ItemFiscalInput } from "../../../common/schemas/fiscal.ts";
import { productStatuses } from "../../../common/schemas/product.ts";
import type { ContentDocument } from "../../../common/views/content.ts";
import type { ProductImage, ProductOption } from "../../../common/views/products.ts";
import { createdAt, tsvector, updatedAt } from "../../db/columns.ts";

export const productStatus = pgEnum("product_status", productStatuses);

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** The name without case or accents, for "ordem alfabética" in any database collation. */
    sortName: text("sort_name").notNull(),
    slug: text("slug").notNull(),
    summary: text("summary").notNull().default(""),
    /** Sanitised HTML from the rich-text editor. */
    content: text("content").notNull().default(""),
    status: productStatus("status").notNull().default("draft"),
    featured: boolean("featured").notNull().default(false),
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    documents: jsonb("documents").$type<ContentDocument[]>().notNull().default([]),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    options: jsonb("options").$type<ProductOption[]>().notNull().default([]),
    // Kept from the variants by every write (products-service.ts) so that the shop's list sorts,
    // filters and shows prices without reading the variants of every row.
    priceCents: integer("price_cents").notNull().default(0),
    compareAtCents: integer("compare_at_cents"),
    stockTotal: integer("stock_total").notNull().default(0),
    /** Units in paid orders, kept by the orders: the order of "mais vendidos". */
    unitsSold: integer("units_sold").notNull().default(0),
    weightGrams: integer("weight_grams").notNull().default(0),
    packageFormat: smallint("package_format").notNull().default(1),
    lengthCm: integer("length_cm").notNull().default(0),
    heightCm: integer("height_cm").notNull().default(0),
    widthCm: integer("width_cm").notNull().default(0),
    diameterCm: integer("diameter_cm").notNull().default(0),
    /** NCM, origin, CSOSN/CST, unit and GTIN for its notas fiscais; a field left null uses the shop's default. */
    fiscal: jsonb("fiscal").$type<ItemFiscalInput>().notNull().default(EMPTY_ITEM_FISCAL),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('pt_unaccent', coalesce(name, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(summary, '') || ' ' || cms_tags_text(tags)), 'B') || setweight(to_tsvector('pt_unaccent', coalesce(content, '')), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("products_slug_unique").on(table.slug),
    // Each list order is one index scan to the page asked for, ties (same date, nothing sold) included:
    // with 10,000 products "mais vendidos" otherwise sorted every published row on each read.
    index("products_list_idx").on(table.status, table.createdAt, table.id),
    index("products_name_idx").on(table.status, table.sortName, table.id),
    index("products_sold_idx").on(table.status, table.unitsSold, table.createdAt, table.id),
    index("products_search_idx").using("gin", table.search),
    index("products_tags_idx").using("gin", table.tags),
    check("products_package_format", sql`${table.packageFormat} between 1 and 3`),
    check("products_stock_total", sql`${table.stockTotal} >= 0`),
  ],
);

/** What is sold: one row per combination of the product's option values (one row when it has none). */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** One value per product option, in the options' order. */
    options: text("options").array().notNull().default(sql`'{}'::text[]`),
    sku: text("sku").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    compareAtCents: integer("compare_at_cents"),
    stock: integer("stock").notNull().default(0),
    /** This variant's own fiscal data where it differs from the product's (a field null: the product's). */
    fiscal: jsonb("fiscal").$type<ItemFiscalInput>().notNull().default(EMPTY_ITEM_FISCAL),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("product_variants_product_idx").on(table.productId, table.position),
    uniqueIndex("product_variants_sku_unique").on(table.sku).where(sql`${table.sku} <> ''`),
    check("product_variants_stock", sql`${table.stock} >= 0`),
    check("product_variants_price", sql`${table.priceCents} >= 0`),
  ],
);
