import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { OrderStatus } from "../../../common/order-status.ts";
import { LOW_STOCK_UNITS } from "../../../common/schemas/product.ts";
import type { ShopDashboard } from "../../../common/views/orders.ts";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../products/tables.ts";
import { orderItems, orders } from "./tables.ts";

export const DASHBOARD_DAYS = 30;
const PAID: OrderStatus[] = ["paid", "processing", "sent", "received"];

/** "2026-11-24" of `instant` in São Paulo (UTC-3 all year since 2019). */
function saoPauloDay(instant: Date): string {
  return new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The last 30 days, day by day (orders placed and not canceled; revenue of the paid ones), the best
 * sellers of those days by units paid, and the published variants running low.
 */
export async function shopDashboard(db: Db, now: Date): Promise<ShopDashboard> {
  const firstDay = saoPauloDay(new Date(now.getTime() - (DASHBOARD_DAYS - 1) * 86_400_000));
  const since = sql`(${firstDay}::date)::timestamp at time zone 'America/Sao_Paulo'`;
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;
  const perDay = await db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${inArray(orders.status, PAID)}), 0)::int`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, since), ne(orders.status, "canceled")))
    .groupBy(day);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const key = saoPauloDay(new Date(now.getTime() - (DASHBOARD_DAYS - 1 - index) * 86_400_000));
    const row = byDay.get(key);
    return { day: key, orders: row?.orders ?? 0, revenue_cents: row?.revenue ?? 0 };
  });
  const units = sql<number>`sum(${orderItems.quantity})::int`;
  const best = await db
    .select({
      productId: orderItems.productId,
      name: sql<string>`max(${orderItems.name})`,
      units,
      revenue: sql<number>`sum(${orderItems.totalCents})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(gte(orders.createdAt, since), inArray(orders.status, PAID)))
    .groupBy(orderItems.productId)
    .orderBy(desc(units), asc(orderItems.productId))
    .limit(5);
  const low = await db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      name: products.name,
      options: productVariants.options,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, "published"), lte(productVariants.stock, LOW_STOCK_UNITS)))
    .orderBy(asc(productVariants.stock), asc(products.sortName), asc(productVariants.position))
    .limit(10);
  return {
    days,
    best_sellers: best.map((row) => ({
      product_id: row.productId,
      name: row.name,
      units: row.units,
      revenue_cents: row.revenue,
    })),
    low_stock: low.map((row) => ({
      product_id: row.productId,
      variant_id: row.variantId,
      name: row.name,
      variant: row.options.join(" / "),
      stock: row.stock,
    })),
  };
}
