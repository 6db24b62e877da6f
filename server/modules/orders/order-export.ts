import { stringify } from "csv-stringify/sync";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { orderStatusLabels } from "../../../common/order-status.ts";
import type { OrderRow } from "./order-moves.ts";

/** 1234.5 reais as a Brazilian spreadsheet reads a number: "1234,50". */
function spreadsheetMoney(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

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
  "Total (R$)",
  "Entrega",
  "Rastreamento",
];

/**
 * Orders as a CSV a Brazilian spreadsheet opens as it is: `;` between fields (the comma is the decimal
 * separator there), UTF-8 with a byte-order mark (else accents come out garbled), CRLF line ends.
 */
export function ordersCsv(rows: { order: OrderRow; units: number }[]): string {
  return stringify(
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
      spreadsheetMoney(order.subtotalCents),
      spreadsheetMoney(order.shippingCents),
      spreadsheetMoney(order.totalCents),
      order.shipping.name,
      order.trackingCode ?? "",
    ]),
    { header: true, columns: HEADER, delimiter: ";", bom: true, record_delimiter: "windows" },
  );
}
