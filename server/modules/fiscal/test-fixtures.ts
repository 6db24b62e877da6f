// Maria's order to Recife and a Simples Nacional shop in Pernambuco, as the fiscal tests draft their notes.
import type { ItemFiscal, NoteOrder, NoteOrderItem, SellerFiscal } from "./note-draft.ts";

export const SELLER: SellerFiscal = {
  cnpj: "11222333000181",
  stateRegistration: "ISENTO",
  regime: "simples",
  uf: "PE",
  series: 1,
  operationNature: "Venda de mercadoria",
  pisCofinsSituation: "07",
};

/** Green coffee beans (NCM 0901.11.10), CSOSN 102, no barcode. */
export const FISCAL: ItemFiscal = { ncm: "09011110", origin: 0, taxSituation: "102", unit: "UN", gtin: "SEM GTIN" };

export function noteItem(productId: number, unitPriceCents: number, quantity: number, fiscal = FISCAL): NoteOrderItem {
  return {
    productId,
    code: `SKU-${productId}`,
    description: `Café da cooperativa ${productId}`,
    quantity,
    unitPriceCents,
    totalCents: unitPriceCents * quantity,
    fiscal,
  };
}

/**
 * Maria's order to Recife (two items and R$ 20,00 of shipping unless told otherwise), its total worked out from
 * its parts as the checkout does (common/order-totals.ts) unless `totalCents` is given.
 */
export function noteOrder(overrides: Partial<NoteOrder> = {}): NoteOrder {
  const items = overrides.items ?? [noteItem(1, 2590, 2), noteItem(2, 1290, 1)];
  const subtotal = items.reduce((sum, line) => sum + line.totalCents, 0);
  const base: NoteOrder = {
    id: 7,
    number: 1007,
    customerName: "Maria da Silva",
    customerEmail: "maria@example.com",
    customerPhone: "81999990000",
    customerTaxId: "52998224725",
    address: {
      postal_code: "50030230",
      uf: "PE",
      city: "Recife",
      street: "Rua da Aurora",
      number: "100",
      neighborhood: "Boa Vista",
      complement: "apto 12",
    },
    pickup: false,
    subtotalCents: subtotal,
    shippingCents: 2000,
    couponItemsDiscountCents: 0,
    couponShippingDiscountCents: 0,
    pixDiscountCents: 0,
    totalCents: 0,
    items,
  };
  const order = { ...base, ...overrides };
  const total =
    order.subtotalCents +
    order.shippingCents -
    order.couponItemsDiscountCents -
    order.couponShippingDiscountCents -
    order.pixDiscountCents;
  return { ...order, totalCents: overrides.totalCents ?? total };
}
