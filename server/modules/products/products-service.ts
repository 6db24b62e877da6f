import { and, arrayContains, asc, count, desc, eq, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { conflict, invalid, notFound } from "../../../common/errors.ts";
import { type ListQuery, type Paginated, pageOffset, toPage } from "../../../common/pagination.ts";
import type { ItemFiscalInput } from "../../../common/schemas/fiscal.ts";
import { parseId } from "../../../common/schemas/id.ts";
import {
  foldCase,
  LOW_STOCK_UNITS,
  type ProductInput,
  type ProductListQuery,
  productStatusLabels,
  type ShopListQuery,
  type VariantInput,
} from "../../../common/schemas/product.ts";
import { shopReservedSlugs, sitePaths } from "../../../common/site-paths.ts";
import type { TagCount } from "../../../common/views/content.ts";
import type { ProductView, VariantView } from "../../../common/views/products.ts";
import type { Db } from "../../db/client.ts";
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { publicReader } from "../../kernel/public-reads.ts";
import { chooseSlug, isDigits, type SlugRules, withSlug } from "../../kernel/slugs.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import { requireShopOpen } from "../shop/shop-open.ts";
import type { ProductsContext } from "./context.ts";
import { productAuditFields } from "./product-audit.ts";
import { productsAccess } from "./products-access.ts";
import {
  countSold,
  returnStock,
  type StockCount,
  type StockReturn,
  type StockTake,
  setStock,
  takeStock,
} from "./stock.ts";
import { products, productVariants } from "./tables.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "products.changed": undefined;
  }
}

export const PRODUCT_NOT_FOUND = "Produto não encontrado.";
const SKU_TAKEN = "Este SKU já está em uso em outro produto.";
const UNKNOWN_VARIANT = "Esta variação não pertence ao produto.";
const ARCHIVED_INSTEAD = "Arquivado em vez de excluído: há pedidos com este produto";
const SLUG_RULES: SlugRules = { word: "produto", reserved: shopReservedSlugs };

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** What the shop's list shows of its cheapest variant, kept on the product (its stock: stock.ts). */
function summaryOfVariants(variants: readonly Pick<VariantInput, "price_cents" | "compare_at_cents">[]) {
  const cheapest = variants.reduce((best, variant) => (variant.price_cents < best.price_cents ? variant : best));
  return { priceCents: cheapest.price_cents, compareAtCents: cheapest.compare_at_cents };
}

function productValues(input: ProductInput, slug: string) {
  return {
    name: input.name,
    sortName: foldCase(input.name),
    slug,
    summary: input.summary,
    content: sanitizeRichText(input.content),
    status: input.status,
    featured: input.featured,
    images: input.images,
    documents: input.documents,
    tags: input.tags,
    options: input.options,
    ...summaryOfVariants(input.variants),
    weightGrams: input.weight_grams,
    packageFormat: input.package_format,
    lengthCm: input.length_cm,
    heightCm: input.height_cm,
    widthCm: input.width_cm,
    diameterCm: input.diameter_cm,
    fiscal: input.fiscal,
  };
}

/** Option values as the product's options spell them ("medio" typed for "Médio" is stored as "Médio"). */
function canonicalOptions(input: ProductInput, variant: VariantInput): string[] {
  return variant.options.map((value, position) => {
    const allowed = input.options[position]?.values ?? [];
    return allowed.find((candidate) => foldCase(candidate) === foldCase(value)) ?? value;
  });
}

function variantView(row: VariantRow): VariantView {
  return {
    id: row.id,
    options: row.options,
    sku: row.sku,
    price_cents: row.priceCents,
    compare_at_cents: row.compareAtCents,
    stock: row.stock,
    fiscal: row.fiscal,
  };
}

export function productView(row: ProductRow, variants: VariantRow[]): ProductView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    summary: row.summary,
    content: row.content,
    status: row.status,
    featured: row.featured,
    images: row.images,
    documents: row.documents,
    tags: row.tags,
    options: row.options,
    variants: variants.map(variantView),
    price_cents: row.priceCents,
    compare_at_cents: row.compareAtCents,
    in_stock: row.stockTotal > 0,
    weight_grams: row.weightGrams,
    package_format: row.packageFormat === 2 ? 2 : row.packageFormat === 3 ? 3 : 1,
    length_cm: row.lengthCm,
    height_cm: row.heightCm,
    width_cm: row.widthCm,
    diameter_cm: row.diameterCm,
    fiscal: row.fiscal,
    units_sold: row.unitsSold,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    url: sitePaths.product(row.slug),
  };
}

const tsQuery = (q: string) => sql`websearch_to_tsquery('pt_unaccent', ${q})`;

function listOrder(query: ListQuery & ShopListQuery): SQL[] {
  const rank = query.q ? [desc(sql`ts_rank(${products.search}, ${tsQuery(query.q)})`)] : [];
  switch (query.sort) {
    case "best_sellers":
      return [desc(products.unitsSold), ...rank, desc(products.createdAt), desc(products.id)];
    case "alphabetical_order":
      return [asc(products.sortName), asc(products.id)];
    default:
      return [...rank, desc(products.createdAt), desc(products.id)];
  }
}

function listWhere(visible: SQL | undefined, query: ListQuery & ProductListQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (visible) filters.push(visible);
  else if (query.status) filters.push(eq(products.status, query.status));
  if (query.q) filters.push(sql`${products.search} @@ ${tsQuery(query.q)}`);
  if (query.tag) filters.push(arrayContains(products.tags, [query.tag]));
  if (query.stock === "in_stock") filters.push(sql`${products.stockTotal} > 0`);
  if (query.stock === "out_of_stock") filters.push(eq(products.stockTotal, 0));
  if (query.stock === "low") filters.push(runningLow);
  return filters.length ? and(...filters) : undefined;
}

/**
 * A product with a variant at or below LOW_STOCK_UNITS (sold out included). The product's id is named in
 * full: in a one-table select Drizzle leaves the table off, which inside the subquery is the variant's id.
 */
const runningLow = sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${sql.identifier("products")}.${sql.identifier("id")} and ${productVariants.stock} <= ${LOW_STOCK_UNITS})`;

/** "12" is an id, anything else a slug; an unusable id finds nothing. */
const byIdOrSlug = (idOrSlug: string): SQL =>
  isDigits(idOrSlug) ? eq(products.id, parseId(idOrSlug) ?? 0) : eq(products.slug, idOrSlug);

async function variantsOf(db: Db, productIds: number[]): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

/**
 * Writes a product's variants: the ones sent with an id are updated, new ones inserted, the rest deleted;
 * the units the editor counted go through stock.ts, the stock's only writer.
 */
async function saveVariants(db: Db, productId: number, input: ProductInput): Promise<void> {
  const existing = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const owned = new Set(existing.map((row) => row.id));
  const kept = input.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
  const foreign = input.variants.findIndex((variant) => variant.id !== undefined && !owned.has(variant.id));
  const counted: StockCount[] = [];
  if (foreign >= 0) throw invalid(UNKNOWN_VARIANT, { [`variants.${foreign}.id`]: [UNKNOWN_VARIANT] });
  await db
    .delete(productVariants)
    .where(
      and(eq(productVariants.productId, productId), kept.length ? notInArray(productVariants.id, kept) : undefined),
    );
  for (const [position, variant] of input.variants.entries()) {
    const values = {
      position,
      options: canonicalOptions(input, variant),
      sku: variant.sku,
      priceCents: variant.price_cents,
      compareAtCents: variant.compare_at_cents,
      fiscal: variant.fiscal,
    };
    const id =
      variant.id ??
      (
        await db
          .insert(productVariants)
          .values({ productId, ...values })
          .returning({ id: productVariants.id })
      )[0]?.id;
    if (id === undefined) throw new Error("variant insert returned nothing");
    if (variant.id !== undefined)
      await db
        .update(productVariants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(productVariants.id, variant.id));
    counted.push({ variant_id: id, stock: variant.stock });
  }
  await setStock(db, productId, counted);
}

/** A SKU used by another product's variant is a 409 on the variants; other failures go on. */
function skuConflict(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === "product_variants_sku_unique")
    throw conflict(SKU_TAKEN, { variants: [SKU_TAKEN] });
  throw error;
}

export function createProductsService(context: ProductsContext) {
  const { db } = context;
  const read = publicReader(context, "products");
  const changed = () => context.announce({ name: "products.changed", payload: undefined });

  const requireOpen = (actor: Actor | null) => requireShopOpen(context.services, actor);

  async function loadOn(on: Db, where: SQL | undefined): Promise<ProductView | null> {
    const [row] = await on.select().from(products).where(where).limit(1);
    if (!row) return null;
    const variants = await variantsOf(on, [row.id]);
    return productView(row, variants.get(row.id) ?? []);
  }
  const load = (where: SQL | undefined) => loadOn(db, where);

  async function listFor(actor: Actor | null, query: ListQuery & ProductListQuery): Promise<Paginated<ProductView>> {
    const where = listWhere(productsAccess(actor), query);
    const found = await db
      .select({ row: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.per_page)
      .offset(pageOffset(query));
    const variants = await variantsOf(
      db,
      found.map(({ row }) => row.id),
    );
    const views = found.map(({ row }) => productView(row, variants.get(row.id) ?? []));
    let total = found[0]?.total ?? 0;
    if (found.length === 0 && query.page > 1) {
      const [counted] = await db.select({ value: count() }).from(products).where(where);
      total = counted?.value ?? 0;
    }
    return toPage(views, total, query);
  }

  /** Inserts or rewrites the product row and its variants in one transaction, with a free slug. */
  function write(actor: Actor | null, id: number | null, input: ProductInput): Promise<ProductView> {
    const admin = requireAdmin(actor);
    return context
      .transaction(async (tx) => {
        const before = id === null ? null : await loadOn(tx.db, eq(products.id, id));
        if (id !== null && !before) throw notFound(PRODUCT_NOT_FOUND);
        const saved = await withSlug(
          () => chooseSlug(tx.db, products, { slug: input.slug, title: input.name }, id, SLUG_RULES),
          (slug) => tx.transaction(async (attempt) => writeRow(attempt.db, id, input, slug)),
        );
        await saveVariants(tx.db, saved, input).catch(skuConflict);
        const view = await loadOn(tx.db, eq(products.id, saved));
        if (!view) throw notFound(PRODUCT_NOT_FOUND);
        await tx.services.audit.record({
          actor: admin,
          action: before ? "product.updated" : "product.created",
          recordId: view.id,
          recordLabel: view.name,
          before: before && productAuditFields(before),
          after: productAuditFields(view),
        });
        return view;
      })
      .then((view) => {
        changed();
        return view;
      });
  }

  async function writeRow(db: Db, id: number | null, input: ProductInput, slug: string): Promise<number> {
    const values = productValues(input, slug);
    if (id === null) {
      const [inserted] = await db.insert(products).values(values).returning({ id: products.id });
      if (!inserted) throw new Error("product insert returned nothing");
      return inserted.id;
    }
    await db
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(products.id, id));
    return id;
  }

  return {
    async list(actor: Actor | null, query: ListQuery & ProductListQuery): Promise<Paginated<ProductView>> {
      await requireOpen(actor);
      return read(actor, `list ${JSON.stringify(query)}`, () => listFor(actor, query));
    },

    /** A draft or archived product is a 404 for visitors and a preview for administrators. */
    async get(actor: Actor | null, idOrSlug: string): Promise<ProductView> {
      await requireOpen(actor);
      return read(actor, `get ${idOrSlug}`, async () => {
        const view = await load(and(byIdOrSlug(idOrSlug), productsAccess(actor)));
        if (!view) throw notFound(PRODUCT_NOT_FOUND);
        return view;
      });
    },

    /** Products that share a tag with this one, most shared tags first, then the newest. */
    async related(actor: Actor | null, product: ProductView, limit = 4): Promise<ProductView[]> {
      if (product.tags.length === 0) return [];
      await requireOpen(actor);
      return read(actor, `related ${product.id} ${limit}`, async () => {
        const tags = sql`ARRAY[${sql.join(
          product.tags.map((tag) => sql`${tag}`),
          sql`, `,
        )}]::text[]`;
        const shared = sql<number>`cardinality(array(select unnest(${products.tags}) intersect select unnest(${tags})))`;
        const rows = await db
          .select()
          .from(products)
          .where(and(productsAccess(actor), sql`${products.tags} && ${tags}`, sql`${products.id} <> ${product.id}`))
          .orderBy(desc(shared), desc(products.createdAt), desc(products.id))
          .limit(limit);
        const variants = await variantsOf(
          db,
          rows.map((row) => row.id),
        );
        return rows.map((row) => productView(row, variants.get(row.id) ?? []));
      });
    },

    create(actor: Actor | null, input: ProductInput): Promise<ProductView> {
      return write(actor, null, input);
    },

    update(actor: Actor | null, id: number, input: ProductInput): Promise<ProductView> {
      return write(actor, id, input);
    },

    /** Every slug in use with its product's id, archived ones included: what an import's plan renames around. */
    async slugs(): Promise<Map<string, number>> {
      const found = await db.select({ id: products.id, slug: products.slug }).from(products);
      return new Map(found.map((row) => [row.slug, row.id]));
    },

    /** Every SKU in use with its product's id: an import leaves a taken SKU to the product holding it. */
    async skus(): Promise<Map<string, number>> {
      const found = await db
        .select({ sku: productVariants.sku, productId: productVariants.productId })
        .from(productVariants)
        .where(ne(productVariants.sku, ""));
      return new Map(found.map((row) => [row.sku, row.productId]));
    },

    /** How many published products run low (the /conta home's count; the list's status=published&stock=low). */
    async lowStockCount(actor: Actor | null): Promise<number> {
      requireAdmin(actor);
      const [row] = await db
        .select({ value: count() })
        .from(products)
        .where(and(eq(products.status, "published"), runningLow));
      return row?.value ?? 0;
    },

    /** A copy to start a similar product from: a draft, its name marked, SKUs and GTINs left for the new one. */
    async duplicate(actor: Actor | null, id: number): Promise<ProductView> {
      requireAdmin(actor);
      const original = await load(eq(products.id, id));
      if (!original) throw notFound(PRODUCT_NOT_FOUND);
      return write(actor, null, {
        name: `${original.name} (cópia)`.slice(0, 200),
        slug: "",
        summary: original.summary,
        content: original.content,
        status: "draft",
        featured: false,
        images: original.images,
        documents: original.documents,
        tags: original.tags,
        options: original.options,
        variants: original.variants.map((variant) => ({
          options: variant.options,
          sku: "",
          price_cents: variant.price_cents,
          compare_at_cents: variant.compare_at_cents,
          stock: variant.stock,
          fiscal: { ...variant.fiscal, gtin: null },
        })),
        weight_grams: original.weight_grams,
        package_format: original.package_format,
        length_cm: original.length_cm,
        height_cm: original.height_cm,
        width_cm: original.width_cm,
        diameter_cm: original.diameter_cm,
        fiscal: { ...original.fiscal, gtin: null },
      });
    },

    /**
     * Deletes a product, or archives it when orders refer to it (their foreign keys refuse the delete):
     * an order must keep what was bought. Answers what happened.
     */
    async remove(actor: Actor | null, id: number): Promise<"deleted" | "archived"> {
      const admin = requireAdmin(actor);
      const outcome = await context.transaction(async (tx) => {
        const before = await loadOn(tx.db, eq(products.id, id));
        if (!before) throw notFound(PRODUCT_NOT_FOUND);
        const entry = { actor: admin, action: "product.deleted", recordId: id, recordLabel: before.name } as const;
        try {
          await tx.transaction((attempt) => attempt.db.delete(products).where(eq(products.id, id)));
          await tx.services.audit.record({ ...entry, before: productAuditFields(before), after: null });
          return "deleted" as const;
        } catch (error) {
          if (!isForeignKeyViolation(error)) throw error;
          await tx.db.update(products).set({ status: "archived", updatedAt: new Date() }).where(eq(products.id, id));
          await tx.services.audit.record({
            ...entry,
            before: { Situação: productStatusLabels[before.status] },
            after: { Situação: productStatusLabels.archived },
            details: { Resultado: ARCHIVED_INSTEAD },
          });
          return "archived" as const;
        }
      });
      changed();
      return outcome;
    },

    async tags(actor: Actor | null): Promise<TagCount[]> {
      await requireOpen(actor);
      return read(actor, "tags", async () => {
        const used = db
          .select({ tag: sql<string>`unnest(${products.tags})`.as("tag") })
          .from(products)
          .where(productsAccess(actor))
          .as("used");
        return db
          .select({ tag: used.tag, count: count() })
          .from(used)
          .groupBy(used.tag)
          .orderBy(desc(count()), used.tag);
      });
    },

    /** What visitors may see, for the sitemap. */
    async sitemap(): Promise<{ url: string; updated_at: string }[]> {
      const rows = await db
        .select({ slug: products.slug, updatedAt: products.updatedAt })
        .from(products)
        .where(productsAccess(null))
        .orderBy(desc(products.updatedAt), desc(products.id));
      return rows.map((row) => ({ url: sitePaths.product(row.slug), updated_at: row.updatedAt.toISOString() }));
    },

    /**
     * The variants a cart holds, with their product, for re-pricing (server/modules/shop/cart-service.ts):
     * only what visitors may buy, published products, whatever else the ids say.
     */
    async forCart(variantIds: number[]): Promise<{ product: ProductView; variant: VariantView }[]> {
      if (variantIds.length === 0) return [];
      const rows = await db
        .select({ variant: productVariants, product: products })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(inArray(productVariants.id, variantIds), productsAccess(null)));
      const variants = await variantsOf(db, [...new Set(rows.map((row) => row.product.id))]);
      return rows.map((row) => ({
        product: productView(row.product, variants.get(row.product.id) ?? []),
        variant: variantView(row.variant),
      }));
    },

    /**
     * The fiscal data of each product and variant of an order, as they are now (a note is issued from today's
     * NCM and tax situation: an order keeps no copy of them), by product id and variant id.
     */
    async fiscalOf(productIds: readonly number[]) {
      const ids = [...new Set(productIds)];
      if (ids.length === 0)
        return { products: new Map<number, ItemFiscalInput>(), variants: new Map<number, ItemFiscalInput>() };
      const [productRows, variantRows] = await Promise.all([
        db.select({ id: products.id, fiscal: products.fiscal }).from(products).where(inArray(products.id, ids)),
        db
          .select({ id: productVariants.id, fiscal: productVariants.fiscal })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids)),
      ]);
      return {
        products: new Map(productRows.map((row) => [row.id, row.fiscal])),
        variants: new Map(variantRows.map((row) => [row.id, row.fiscal])),
      };
    },

    /** An order's lines out of the stock, on the order's transaction (stock.ts). */
    takeStock: (lines: readonly StockTake[]) => takeStock(db, lines),
    /** A canceled order's units back into the stock. */
    returnStock: (lines: readonly StockReturn[]) => returnStock(db, lines),
    /** A paid order's units counted as sold (1), or no longer (-1). */
    countSold: (lines: readonly StockReturn[], sign: 1 | -1) => countSold(db, lines, sign),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
