import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { orderStatusLabels } from "../../../common/order-status.ts";
import type { OrderListQuery } from "../../../common/schemas/orders.ts";
import type { Actor } from "../../kernel/access.ts";
import { spreadsheetCsv } from "../../kernel/spreadsheet-csv.ts";
import type { AuditWrite } from "../audit/audit-service.ts";
import type { OrderRow } from "./order-moves.ts";

const HEADER = [
  "Número",
  "Data",
  "Situação",
  "Cliente",
  "E-mail",
  "CPF/CNPJ",
  "Telefone",
  "Cidade",
  "UF",
  "Unidades",
  "Subtotal (R$)",
  "Frete (R$)",
  "Cupom",
  "Desconto do cupom (R$)",
  "Desconto no Pix (R$)",
  "Total (R$)",
  "Entrega",
  "Rastreamento",
];

/** Orders as a CSV for Brazilian spreadsheets (server/kernel/spreadsheet-csv.ts). */
export function ordersCsv(rows: { order: OrderRow; units: number }[]): string {
  return spreadsheetCsv(
    HEADER,
    rows.map(({ order, units }) => [
      order.number,
      formatDateTime(order.createdAt),
      orderStatusLabels[order.status],
      order.customerName,
      order.customerEmail,
      order.customerTaxId ? formatTaxId(order.customerTaxId) : "",
      order.customerPhone,
      order.address.city,
      order.address.uf,
      units,
      { cents: order.subtotalCents },
      { cents: order.shippingCents },
      order.couponCode ?? "",
      { cents: order.couponDiscountCents },
      { cents: order.pixDiscountCents },
      { cents: order.totalCents },
      order.shipping.name,
      order.trackingCode ?? "",
    ]),
  );
}

/**
 * The audit entry of an export: it hands every listed customer's name, e-mail, CPF/CNPJ and phone to
 * whoever made it, so who, with which filters and how many orders is kept.
 */
export function orderExportAudit(admin: Actor, query: OrderListQuery & { q: string }, exported: number): AuditWrite {
  const filters: Record<string, string> = {};
  if (query.q) filters["Filtro: busca"] = query.q;
  if (query.status) filters["Filtro: situação"] = orderStatusLabels[query.status];
  if (query.from) filters["Filtro: de"] = query.from;
  if (query.to) filters["Filtro: até"] = query.to;
  return {
    actor: admin,
    action: "order.exported",
    recordLabel: "Pedidos (CSV)",
    details: { ...filters, "Pedidos exportados": exported },
  };
}
