import { asc, eq, inArray, sql } from "drizzle-orm";
import { conflict } from "../../../common/errors.ts";
import { formatBRL } from "../../../common/money.ts";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "./tables.ts";

// The catalogue's stock and sales counts as orders move them. The orders area calls these on its own
// transaction's products service, so an order and the stock it takes commit or roll back together, and only
// this area writes the products' tables.

/** One line an order takes from the stock, as the customer reviewed it. */
export type StockTake = {
  product_id: number;
  variant_id: number;
  quantity: number;
  /** The price she reviewed: a different one now is refused. */
  unit_price_cents: number;
  /** "Camiseta (M)", for the refusals. */
  label: string;
};

/** Units of a sold line given back or counted. A variant removed since the sale has nothing to give back to. */
export type StockReturn = { product_id: number; variant_id: number | null; quantity: number };

export const REVIEW_AGAIN = "Revise o pedido e confirme de novo.";

function units(quantity: number): string {
  return quantity === 1 ? "1 unidade" : `${quantity} unidades`;
}

/** The list's stock on the product rows, after their variants' stock changed. */
async function refreshStockTotals(db: Db, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await db
    .update(products)
    .set({
      stockTotal: sql`(select coalesce(sum(${productVariants.stock}), 0) from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    })
    .where(inArray(products.id, ids));
}

/** The units an editor counted for one variant. */
export type StockCount = { variant_id: number; stock: number };

/** The units an editor counted for a product's variants (its edit form), then its list's stock. */
export async function setStock(db: Db, productId: number, counts: readonly StockCount[]): Promise<void> {
  for (const count of counts)
    await db.update(productVariants).set({ stock: count.stock }).where(eq(productVariants.id, count.variant_id));
  await refreshStockTotals(db, [productId]);
}

/**
 * Takes the lines' units from the stock. The variants are locked in id order (two checkouts never wait on
 * each other in a cycle) and each is checked while locked, so concurrent checkouts for the last units make
 * exactly as many orders as there are units. A price that changed since the cart was priced is refused: she
 * pays what she reviewed. Answers each variant's SKU, for the order's copy.
 */
export async function takeStock(db: Db, lines: readonly StockTake[]): Promise<Map<number, string>> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.variant_id, (wanted.get(line.variant_id) ?? 0) + line.quantity);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const locked = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for("update");
  const byId = new Map(locked.map((variant) => [variant.id, variant]));
  for (const line of lines) {
    const variant = byId.get(line.variant_id);
    if (!variant || variant.productId !== line.product_id)
      throw conflict(`${line.label} não está mais disponível. ${REVIEW_AGAIN}`);
    if (variant.priceCents !== line.unit_price_cents)
      throw conflict(`O preço de ${line.label} mudou para ${formatBRL(variant.priceCents)}. ${REVIEW_AGAIN}`);
    const quantity = wanted.get(variant.id) ?? 0;
    if (variant.stock < quantity)
      throw conflict(
        variant.stock === 0
          ? `${line.label} esgotou. ${REVIEW_AGAIN}`
          : `Só há ${units(variant.stock)} de ${line.label} em estoque; você pediu ${quantity}. ${REVIEW_AGAIN}`,
      );
  }
  for (const [variantId, quantity] of wanted)
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${quantity}` })
      .where(eq(productVariants.id, variantId));
  await refreshStockTotals(
    db,
    lines.map((line) => line.product_id),
  );
  return new Map(locked.map((variant) => [variant.id, variant.sku]));
}

/** Gives sold units back to their variants (a canceled or expired order). */
export async function returnStock(db: Db, lines: readonly StockReturn[]): Promise<void> {
  for (const line of lines) {
    if (line.variant_id === null) continue;
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variant_id));
  }
  await refreshStockTotals(
    db,
    lines.map((line) => line.product_id),
  );
}

/** Units sold per product ("mais vendidos") go up when an order is paid and down when a paid one is canceled. */
export async function countSold(db: Db, lines: readonly StockReturn[], sign: 1 | -1): Promise<void> {
  const perProduct = new Map<number, number>();
  for (const line of lines) perProduct.set(line.product_id, (perProduct.get(line.product_id) ?? 0) + line.quantity);
  for (const [productId, quantity] of perProduct)
    await db
      .update(products)
      .set({ unitsSold: sql`greatest(${products.unitsSold} + ${sign * quantity}, 0)` })
      .where(eq(products.id, productId));
}
