import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { forbidden, notFound } from "../../../common/errors.ts";
import { orderStatusLabels, unpaidOrderStatuses } from "../../../common/order-status.ts";
import { type PageRequest, type Paginated, pageOffset, toPage } from "../../../common/pagination.ts";
import type {
  OrderAddressCorrection,
  OrderListQuery,
  OrderNeed,
  OrderStatusChangeInput,
} from "../../../common/schemas/orders.ts";
import type { OrderMoveView } from "../../../common/views/order-move.ts";
import type { OrderListItem, OrderPaymentView, OrderView } from "../../../common/views/orders.ts";
import { containsPattern } from "../../db/sql.ts";
import { type Actor, isAdmin, requireAdmin, requireUser } from "../../kernel/access.ts";
import type { ProviderPayment } from "../payments/provider.ts";
import type { OrdersContext } from "./context.ts";
import { correctOrderAddress } from "./order-address.ts";
import { orderAnonymization } from "./order-anonymization.ts";
import { orderExportAudit } from "./order-export.ts";
import { createOrderLabels } from "./order-labels.ts";
import { moveOrder, type OrderRow, SYSTEM } from "./order-moves.ts";
import { orderForNote } from "./order-note.ts";
import { cancelNoteToo } from "./order-note-cancel.ts";
import { type PaymentOutcome, paymentOf, recordProviderPayment } from "./order-payments.ts";
import { confirmNothingToPay, orderOfKey, type PricedOrder, recordOrder, tellOfNewOrder } from "./order-record.ts";
import { orderView, trackingView } from "./order-views.ts";
import { ordersAccess } from "./orders-access.ts";
import { shopDashboard } from "./shop-dashboard.ts";
import { orderEvents, orderItems, orderLabels, orders } from "./tables.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "orders.changed": { id: number };
  }
}

export const ORDER_NOT_FOUND = "Pedido não encontrado.";
export const ORDER_MAIL_NEEDS_BASE_URL =
  "Sem o endereço do site (a variável BASE_URL), os e-mails dos pedidos vão sem links: o cliente não recebe o botão para ver o pedido nem o de pagar com cartão. Defina BASE_URL com o domínio do site e reinicie.";
const EXPIRED_NOTE = "Pedido cancelado: o prazo para o pagamento terminou.";

/** Paid and not yet sent: the orders the shop still has to ship. */
const toShip = inArray(orders.status, ["paid", "processing"]);

/**
 * Each of the shop's to-dos as a filter on orders, shared by the list and the /conta home's counts so a
 * count is what its link lists. The order's id is named in full (see list's itemCount).
 */
const needs: Record<OrderNeed, SQL> = {
  shipping: toShip,
  label: sql`${toShip} and exists (select 1 from ${orderLabels} where ${orderLabels.orderId} = ${sql.identifier("orders")}.${sql.identifier("id")} and ${orderLabels.lastError} is not null)`,
};

/** The list's text filter: an order number, a CPF/CNPJ (digits), or part of a name or e-mail. */
function textFilter(text: string): SQL | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const pattern = containsPattern(trimmed);
  const filters: SQL[] = [ilike(orders.customerName, pattern), ilike(orders.customerEmail, pattern)];
  const bare = trimmed.toUpperCase().replace(/[.\-/\s#]/g, "");
  if (/^\d{1,15}$/.test(bare)) filters.push(eq(orders.number, Number(bare)));
  if (/^[0-9A-Z]{3,14}$/.test(bare)) filters.push(ilike(orders.customerTaxId, containsPattern(bare)));
  return or(...filters);
}

/** Days are São Paulo's: "2026-11-24" starts at 03:00 UTC. */
function listFilters(actor: Actor | null, query: OrderListQuery & { q: string }): SQL[] {
  const filters: SQL[] = [ordersAccess(actor)];
  if (query.status !== "") filters.push(eq(orders.status, query.status));
  if (query.needs !== "") filters.push(needs[query.needs]);
  if (query.from !== "")
    filters.push(gte(orders.createdAt, sql`(${query.from}::date)::timestamp at time zone 'America/Sao_Paulo'`));
  if (query.to !== "")
    filters.push(lt(orders.createdAt, sql`(${query.to}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`));
  const text = textFilter(query.q);
  if (text) filters.push(text);
  return filters;
}

export function createOrdersService(context: OrdersContext) {
  const { db, services } = context;

  /** An order the actor may see, or a 404 (never a 403: another's order does not exist for her). */
  async function readOrder(actor: Actor | null, id: number): Promise<OrderRow> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), ordersAccess(actor)));
    if (!row) throw notFound(ORDER_NOT_FOUND);
    return row;
  }

  const labels = createOrderLabels(context, readOrder);

  async function view(actor: Actor, order: OrderRow): Promise<OrderView> {
    const [items, events, label] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
      db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
      labels.labelOf(actor, order),
    ]);
    return orderView(actor, order, items, events, label);
  }

  return {
    ...orderAnonymization(db),
    /** The order the customer's idempotency key already made (each customer's own), or null. */
    ofKey: (actor: Actor, key: string): Promise<OrderRow | null> => orderOfKey(context, actor, key),

    /**
     * Writes an order priced on the caller's transaction (server/flows/place-order.ts): the order, its lines
     * and its history's first line (order-record.ts).
     */
    record: (actor: Actor, priced: PricedOrder): Promise<OrderRow> => recordOrder(context, actor, priced),

    /** Queues the new order's e-mails, the customer's and the shop's, on the caller's transaction. */
    tellOfNewOrder: (order: OrderRow): Promise<void> => tellOfNewOrder(context, order),

    /** The order as its nota fiscal is drafted from (a read model for server/flows/fiscal-notes.ts). */
    forNote: (orderId: number) => orderForNote(db, orderId),

    /** Confirms, on the caller's transaction, an order just placed with nothing to pay. */
    confirmNothingToPay: (order: OrderRow): Promise<OrderRow> => confirmNothingToPay(context, order),

    async get(actor: Actor | null, id: number): Promise<OrderView> {
      const viewer = requireUser(actor);
      return view(viewer, await readOrder(viewer, id));
    },

    /** How the order is paid now (the /checkout page). */
    async payment(actor: Actor | null, id: number): Promise<{ order: OrderView; payment: OrderPaymentView }> {
      const viewer = requireUser(actor);
      const order = await readOrder(viewer, id);
      return { order: await view(viewer, order), payment: await paymentOf(context, order) };
    },

    async list(
      actor: Actor | null,
      query: OrderListQuery & PageRequest & { q: string },
    ): Promise<Paginated<OrderListItem>> {
      const where = and(...listFilters(actor, query));
      // Named in full: in a one-table select Drizzle leaves the table off ${orders.id}, which inside the
      // subquery would then be order_items' own id.
      const orderId = sql`${sql.identifier("orders")}.${sql.identifier("id")}`;
      const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orderId})`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: orders.id,
            number: orders.number,
            status: orders.status,
            customerName: orders.customerName,
            customerEmail: orders.customerEmail,
            itemCount,
            totalCents: orders.totalCents,
            createdAt: orders.createdAt,
            trackingCode: orders.trackingCode,
            trackingCarrier: orders.trackingCarrier,
            trackingUrl: orders.trackingUrl,
          })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.per_page)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(orders).where(where),
      ]);
      return toPage(
        rows.map((row) => ({
          id: row.id,
          number: row.number,
          status: row.status,
          status_label: orderStatusLabels[row.status],
          customer_name: row.customerName,
          customer_email: row.customerEmail,
          item_count: row.itemCount,
          total_cents: row.totalCents,
          created_at: row.createdAt.toISOString(),
          ...trackingView(row),
        })),
        total?.value ?? 0,
        query,
      );
    },

    /** Every order the filters select, oldest first, for the CSV export (administrators). */
    async forExport(actor: Actor | null, query: OrderListQuery & { q: string }) {
      const admin = requireAdmin(actor);
      const rows = await db
        .select()
        .from(orders)
        .where(and(...listFilters(actor, query)))
        .orderBy(asc(orders.createdAt), asc(orders.id));
      const items = rows.length
        ? await db
            .select({ orderId: orderItems.orderId, quantity: sql<number>`sum(${orderItems.quantity})::int` })
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                rows.map((row) => row.id),
              ),
            )
            .groupBy(orderItems.orderId)
        : [];
      const units = new Map(items.map((item) => [item.orderId, item.quantity]));
      await context.services.audit.record(orderExportAudit(admin, query, rows.length));
      return rows.map((row) => ({ order: row, units: units.get(row.id) ?? 0 }));
    },

    /** An administrator corrects the order's delivery address and CPF/CNPJ (for its label and its nota fiscal). */
    async correctAddress(actor: Actor | null, id: number, input: OrderAddressCorrection): Promise<OrderView> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const [order] = await tx.db.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!order) throw notFound(ORDER_NOT_FOUND);
        await correctOrderAddress(tx, admin, order, input);
      });
      return view(admin, await readOrder(admin, id));
    },

    /**
     * Moves an order (administrators along the state machine; a customer may only cancel her own unpaid
     * order). A tracking code is required to mark it sent. A cancellation with `cancel_note` then cancels the
     * order's authorised nota fiscal too (order-note-cancel.ts): what became of it is in `note_cancellation`.
     */
    async changeStatus(actor: Actor | null, id: number, input: OrderStatusChangeInput): Promise<OrderMoveView> {
      const viewer = requireUser(actor);
      await readOrder(viewer, id);
      if (input.cancel_note && !isAdmin(viewer)) throw forbidden("Só a loja pode cancelar a nota fiscal.");
      const moved = await context.transaction(async (tx) => {
        const [order] = await tx.db.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!order) throw notFound(ORDER_NOT_FOUND);
        if (!isAdmin(viewer) && !(input.status === "canceled" && unpaidOrderStatuses.includes(order.status)))
          throw forbidden("Só a loja pode mudar a situação deste pedido.");
        return moveOrder(tx, order, input.status, viewer, {
          note: input.note,
          tracking: {
            carrier: input.carrier,
            code: input.tracking_code,
            url: input.carrier === "other" && input.tracking_url !== "" ? input.tracking_url : null,
          },
        });
      });
      const noteCancellation = input.cancel_note ? await cancelNoteToo(context, viewer, id, input.justification) : null;
      return { ...(await view(viewer, moved)), note_cancellation: noteCancellation };
    },

    /**
     * Cancels unpaid orders whose time to pay is over, giving their stock back; each in its own
     * transaction, re-read under lock so a payment that arrived meanwhile wins. Returns how many.
     */
    async expireDue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.status, [...unpaidOrderStatuses]), lt(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(200);
      let expired = 0;
      for (const { id } of due) {
        const done = await context.transaction(async (tx) => {
          const [order] = await tx.db.select().from(orders).where(eq(orders.id, id)).for("update");
          if (!order || !unpaidOrderStatuses.includes(order.status) || order.expiresAt >= now) return false;
          await moveOrder(tx, order, "canceled", SYSTEM, { note: EXPIRED_NOTE });
          return true;
        });
        if (done) expired++;
      }
      return expired;
    },

    /** A payment provider's confirmed state of a charge (its webhook asked the provider first). */
    recordProviderPayment: (payment: ProviderPayment): Promise<PaymentOutcome> =>
      recordProviderPayment(context, payment),

    /** What administrators are told while order e-mails go without links (no BASE_URL); null for anyone else. */
    mailLinksNotice(actor: Actor | null): string | null {
      return actor !== null && isAdmin(actor) && !context.config.BASE_URL ? ORDER_MAIL_NEEDS_BASE_URL : null;
    },

    /**
     * What the shop has to act on, for the /conta home (administrators): orders awaiting payment, to
     * ship, and with a label that failed; one count query each, over the list's own filters.
     */
    async attention(actor: Actor | null): Promise<{ unpaid: number; to_ship: number; label: number }> {
      requireAdmin(actor);
      const countWhere = async (where: SQL) => (await db.select({ value: count() }).from(orders).where(where))[0];
      const [unpaid, shipping, label] = await Promise.all([
        countWhere(eq(orders.status, "pending")),
        countWhere(needs.shipping),
        countWhere(needs.label),
      ]);
      return { unpaid: unpaid?.value ?? 0, to_ship: shipping?.value ?? 0, label: label?.value ?? 0 };
    },

    /** The /conta home's charts: orders and revenue of the last 30 days, best sellers, stock (administrators). */
    async dashboard(actor: Actor | null, now = new Date()) {
      requireAdmin(actor);
      return shopDashboard(db, now);
    },

    /** The order and the seller, for the packing slip and declaração de conteúdo (administrators). */
    async packingSlip(actor: Actor | null, id: number) {
      const admin = requireAdmin(actor);
      const order = await view(admin, await readOrder(admin, id));
      const shop = await services.shop.settings(admin);
      return { order, sender: shop };
    },

    /** Buys (or resumes buying) the order's Melhor Envio label (order-labels.ts; administrators). */
    buyLabel: labels.buy,

    /** The order's Melhor Envio tracking, cached 30 minutes; null when it has no paid label (order-labels.ts). */
    tracking: (actor: Actor | null, id: number) => labels.tracking(actor, id),

    /** The tracking asked of Melhor Envio now (administrators). */
    refreshTracking: (actor: Actor | null, id: number) => labels.tracking(actor, id, { refresh: true }),

    /** "Marcar como enviado" with the label's tracking code (administrators). */
    async markLabelSent(actor: Actor | null, id: number): Promise<OrderView> {
      const moved = await labels.markSent(actor, id);
      return view(requireUser(actor), moved);
    },

    /** "Marcar como recebido" once the tracking shows the delivery (administrators). */
    async markDelivered(actor: Actor | null, id: number): Promise<OrderView> {
      const moved = await labels.markReceived(actor, id);
      return view(requireUser(actor), moved);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
