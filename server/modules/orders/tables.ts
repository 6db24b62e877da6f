import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Carrier } from "../../../common/brazil/tracking.ts";
import { orderStatuses } from "../../../common/order-status.ts";
import type { PaymentChoice, PaymentProvider } from "../../../common/schemas/payments.ts";
import type { LabelStep } from "../../../common/views/order-labels.ts";
import type { OrderAddress, OrderShipping } from "../../../common/views/orders.ts";
import { createdAt, updatedAt } from "../../db/columns.ts";
import { products, productVariants } from "../products/tables.ts";
import { users } from "../users/tables.ts";

export const orderStatus = pgEnum("order_status", orderStatuses);

/** Human order numbers: a sequence, never "highest + 1", so two checkouts at once never share one. */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 1001 });

/**
 * An order as it was placed: the customer, address, items, shipping and totals are copies taken in the
 * placing transaction (integer cents), so later edits of products, prices or the account never change it.
 */
export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    number: bigint("number", { mode: "number" }).notNull().default(sql`nextval('order_number_seq')`),
    /** Null once the customer deleted her account: the order stays for the fiscal record, anonymised. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The checkout form's key (a v4 UUID, lower case): a double submit or a retried request finds the order
     * it already made. Keys are the customer's own: another's equal key is another order.
     */
    idempotencyKey: text("idempotency_key").notNull(),
    status: orderStatus("status").notNull().default("pending"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    /** CPF or CNPJ, bare characters. */
    customerTaxId: text("customer_tax_id").notNull(),
    customerOrganization: text("customer_organization").notNull().default(""),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    shipping: jsonb("shipping").$type<OrderShipping>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    /** The coupon's code as typed (upper case) when one was applied; its use is counted in coupon_redemptions. */
    couponCode: text("coupon_code"),
    /** What the coupon took off: from the items, and the whole shipping for a free-shipping coupon. */
    couponDiscountCents: integer("coupon_discount_cents").notNull().default(0),
    /** Of couponDiscountCents, what came off the shipping (a free-shipping coupon): the note's freight. */
    couponShippingDiscountCents: integer("coupon_shipping_discount_cents").notNull().default(0),
    /** The shop's discount for paying by Pix, on the items after the coupon (common/order-totals.ts). */
    pixDiscountCents: integer("pix_discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    /** The payment provider chosen when the order was placed: pix, mercadopago or manual. */
    paymentMethod: text("payment_method").$type<PaymentProvider>().notNull(),
    /** How the customer chose to pay at a gateway that takes both (Mercado Pago): the Pix discount is for "pix". */
    paymentChoice: text("payment_choice").$type<PaymentChoice>(),
    trackingCode: text("tracking_code"),
    /** Who carries it once sent (common/brazil/tracking.ts); its tracking page follows from the code. */
    trackingCarrier: text("tracking_carrier").$type<Carrier>(),
    /** The tracking page the administrator gave for "Outra transportadora" (https). */
    trackingUrl: text("tracking_url"),
    /** An unpaid order is canceled after this, and its stock given back. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set in the transaction that gives the stock back: it is given back once. */
    stockReturned: boolean("stock_returned").notNull().default(false),
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("orders_number_unique").on(table.number),
    uniqueIndex("orders_user_idempotency_unique").on(table.userId, table.idempotencyKey),
    index("orders_user_idx").on(table.userId, table.createdAt),
    index("orders_status_idx").on(table.status, table.createdAt),
    index("orders_created_idx").on(table.createdAt),
    index("orders_expiry_idx").on(table.expiresAt).where(sql`${table.status} in ('pending', 'failed')`),
    check(
      "orders_totals",
      sql`${table.totalCents} = ${table.subtotalCents} + ${table.shippingCents} - ${table.couponDiscountCents} - ${table.pixDiscountCents}`,
    ),
    check(
      "orders_amounts",
      sql`${table.subtotalCents} >= 0 and ${table.shippingCents} >= 0 and ${table.couponDiscountCents} >= 0 and ${table.pixDiscountCents} >= 0 and ${table.totalCents} >= 0 and ${table.couponShippingDiscountCents} between 0 and least(${table.couponDiscountCents}, ${table.shippingCents})`,
    ),
  ],
);

/** An order's lines as sold. The product reference keeps a sold product from being deleted (it is archived). */
export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** Null when the variant was removed from the product later; the line keeps its copy. */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** "P / Azul", empty for a product without options. */
    variantLabel: text("variant_label").notNull().default(""),
    sku: text("sku").notNull().default(""),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    totalCents: integer("total_cents").notNull(),
    weightGrams: integer("weight_grams").notNull().default(0),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId, table.position),
    index("order_items_product_idx").on(table.productId),
    check("order_items_quantity", sql`${table.quantity} > 0`),
    check("order_items_total", sql`${table.totalCents} = ${table.unitPriceCents} * ${table.quantity}`),
  ],
);

/** Every change of an order's status: who, when, from, to and why; the order's history. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    /** Null for the system (expiry, a payment provider's notice) or a deleted account. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when it happened ("Sistema", "Mercado Pago"): kept when the account goes. */
    actorName: text("actor_name").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.id)],
);

/**
 * A charge at a payment provider for an order (a Mercado Pago payment). Its status is what the provider
 * said last, read from the provider itself; `providerUpdatedAt` orders its notices, so an older one that
 * arrives late changes nothing.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    status: text("status").notNull(),
    /** What the provider confirmed, in cents; an order is paid only when it equals the order's total. */
    amountCents: integer("amount_cents").notNull(),
    /** Pix "copia e cola", its QR image (base64 PNG) and the provider's payment page, when it gave them. */
    qrCode: text("qr_code"),
    qrCodeBase64: text("qr_code_base64"),
    ticketUrl: text("ticket_url"),
    /** Mercado Pago's checkout page where the order can be paid by card instead. */
    cardCheckoutUrl: text("card_checkout_url"),
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("order_payments_external_unique").on(table.provider, table.externalId),
    index("order_payments_order_idx").on(table.orderId),
  ],
);

/** One Melhor Envio event of a parcel's journey, as last asked (order-labels.ts). */
export type LabelTrackingEvent = { status: string; at: string };

/**
 * The shipping label of an order sent by a Melhor Envio service, bought from the shop's balance in four
 * steps (cart, checkout, generate, print). Each step's result is written as soon as it succeeds, so a
 * failure in the middle keeps what was done and a retry goes on from there; `inProgressUntil` is held
 * while a request runs the steps, so a second click or tab cannot pay again. The tracking Melhor Envio
 * gave last is kept here too, asked again at most every 30 minutes.
 */
export const orderLabels = pgTable(
  "order_labels",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"melhorenvio">().notNull().default("melhorenvio"),
    /** Melhor Envio's service id, from the order's shipping code "melhorenvio:<id>". */
    serviceId: integer("service_id").notNull(),
    step: text("step").$type<LabelStep>().notNull().default("none"),
    /** Melhor Envio's shipment id, once in its cart. */
    externalId: text("external_id"),
    protocol: text("protocol"),
    priceCents: integer("price_cents"),
    labelUrl: text("label_url"),
    trackingCode: text("tracking_code"),
    /** Melhor Envio's own page for the shipment, as it gave it. */
    trackingUrl: text("tracking_url"),
    trackingStatus: text("tracking_status"),
    trackingEvents: jsonb("tracking_events").$type<LabelTrackingEvent[]>().notNull().default([]),
    /** When Melhor Envio last answered about the tracking. */
    trackingCheckedAt: timestamp("tracking_checked_at", { withTimezone: true }),
    /** When it last failed to, since its last answer: the events shown are then the last known. */
    trackingFailedAt: timestamp("tracking_failed_at", { withTimezone: true }),
    /** Why the last attempt to buy stopped, in pt-BR for the administrator; null once a step succeeds. */
    lastError: text("last_error"),
    /** A request is running the steps until then (a lease: a process that died frees it when it runs out). */
    inProgressUntil: timestamp("in_progress_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("order_labels_order_unique").on(table.orderId),
    check("order_labels_step", sql`${table.step} in ('none', 'in_cart', 'paid', 'generated', 'printed')`),
  ],
);
