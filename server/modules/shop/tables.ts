import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { PaymentSettings } from "../../../common/schemas/payments.ts";
import type { ShippingSettings } from "../../../common/schemas/shipping.ts";
import type { OwnerNotifications } from "../../../common/schemas/shop.ts";
import { updatedAt } from "../../db/columns.ts";

/** The shop's one row of settings (/conta/shop): who sells, where parcels leave from, how they travel. */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull().default(""),
    /** Street, number and district of the sender, for the packing slip and the declaração de conteúdo. */
    address: text("address").notNull().default(""),
    /** CPF or CNPJ, bare characters. */
    taxId: text("tax_id").notNull().default(""),
    city: text("city").notNull().default(""),
    uf: text("uf").notNull().default(""),
    originPostalCode: text("origin_postal_code"),
    /** Table rates, pickup, free shipping and the Correios contract, as shippingSettingsSchema reads them. */
    shipping: jsonb("shipping").$type<ShippingSettings>().notNull(),
    /** The payment provider and its settings (Pix key, Mercado Pago credentials, manual instructions). */
    payments: jsonb("payments").$type<PaymentSettings>(),
    /** An unpaid order is canceled after this many hours and its stock given back (3 days by default). */
    orderExpiryHours: integer("order_expiry_hours").notNull().default(72),
    /** The shop's own e-mails: where they go and which are on, as ownerNotificationsSchema reads them. */
    notifications: jsonb("notifications").$type<OwnerNotifications>(),
    /** wa.me's digits (5581999998888) for "Fale conosco pelo WhatsApp"; null: no button. */
    whatsapp: text("whatsapp"),
    updatedAt: updatedAt(),
  },
  (table) => [check("shop_settings_single_row", sql`${table.id} = 1`)],
);

/**
 * How each carrier with a network API (Correios with a contract, Melhor Envio) fares in quotes, kept in the
 * database so every process agrees: the failures since its last success and since when, the last reason in
 * pt-BR, and when the shop was e-mailed about this run of failures (once per incident).
 */
export const carrierHealth = pgTable(
  "carrier_health",
  {
    provider: text("provider").$type<"correios" | "melhorenvio">().primaryKey(),
    failures: integer("failures").notNull().default(0),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** The last failure: "unauthorized" (credentials refused) or "unreachable" (anything else). */
    lastKind: text("last_kind").$type<"unauthorized" | "unreachable">(),
    lastMessage: text("last_message"),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [check("carrier_health_provider", sql`${table.provider} in ('correios', 'melhorenvio')`)],
);
