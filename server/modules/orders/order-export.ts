import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { orderStatusLabels } from "../../../common/order-status.ts";
import { spreadsheetCsv } from "../../kernel/spreadsheet-csv.ts";
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
