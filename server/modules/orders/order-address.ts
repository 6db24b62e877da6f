// An administrator's correction of an order's delivery address and buyer's CPF/CNPJ: the copies taken at the
// checkout are what the label and the nota fiscal use, so a missing neighbourhood, a wrong number or a CPF
// SEFAZ refused is fixed here, in the order's history and the audit log, before its note is issued again.
import { and, eq } from "drizzle-orm";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { conflict } from "../../../common/errors.ts";
import type { OrderAddressCorrection } from "../../../common/schemas/orders.ts";
import type { OrderAddress } from "../../../common/views/orders.ts";
import type { Actor } from "../../kernel/access.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import type { OrdersContext } from "./context.ts";
import { type OrderRow, orderLabel } from "./order-moves.ts";
import { orderEvents, orders } from "./tables.ts";

const addressFields = (address: OrderAddress, taxId: string): AuditFields => ({
  "CPF/CNPJ": taxId ? formatTaxId(taxId) : "",
  CEP: address.postal_code,
  Estado: address.uf,
  Cidade: address.city,
  Rua: address.street,
  Número: address.number,
  Bairro: address.neighborhood,
  Complemento: address.complement,
});

/**
 * Writes the corrected address (and CPF/CNPJ, when given) on the caller's transaction, if the order has not
 * changed since it was read.
 */
export async function correctOrderAddress(
  tx: OrdersContext,
  admin: Actor,
  order: OrderRow,
  input: OrderAddressCorrection,
): Promise<void> {
  const address: OrderAddress = {
    postal_code: input.postal_code,
    uf: input.uf,
    city: input.city,
    street: input.street,
    number: input.number,
    neighborhood: input.neighborhood,
    complement: input.complement,
  };
  const taxId = input.tax_id === "" ? order.customerTaxId : input.tax_id;
  const [saved] = await tx.db
    .update(orders)
    .set({ address, customerTaxId: taxId, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.updatedAt, order.updatedAt)))
    .returning({ id: orders.id });
  if (!saved) throw conflict("O pedido mudou enquanto você o editava. Recarregue a página e tente de novo.");
  await tx.db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actorId: admin.id,
    actorName: admin.name,
    note:
      taxId === order.customerTaxId ? "Endereço de entrega corrigido." : "Endereço de entrega e CPF/CNPJ corrigidos.",
  });
  await tx.services.audit.record({
    actor: admin,
    action: "order.address_corrected",
    recordId: order.id,
    recordLabel: orderLabel(order),
    before: addressFields(order.address, order.customerTaxId),
    after: addressFields(address, taxId),
  });
  tx.announce({ name: "orders.changed", payload: { id: order.id } });
}
