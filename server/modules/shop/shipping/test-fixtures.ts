import type { QuoteItem, QuoteRequest } from "./provider.ts";

/** A 20 x 15 x 5 cm box of 300 g at R$ 50,00; tests change what they are about. */
export const quoteItem = (overrides: Partial<QuoteItem> = {}): QuoteItem => ({
  weight_grams: 300,
  length_cm: 20,
  width_cm: 15,
  height_cm: 5,
  diameter_cm: 0,
  format: 1,
  quantity: 1,
  price_cents: 5000,
  ...overrides,
});

/** From Avenida Paulista (SP) to Copacabana (RJ), one item. */
export const quoteRequest = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  origin_cep: "01310-100",
  destination_cep: "22070-011",
  items: [quoteItem()],
  subtotal_cents: 5000,
  ...overrides,
});

/** A table rate to Rio de Janeiro state: the destination of `quoteRequest`, at R$ 19,90 in 4 days. */
export const RIO_TABLE_RATE = {
  name: "Entrega padrão",
  region: { kind: "uf", uf: "RJ" },
  min_weight_grams: 0,
  max_weight_grams: 30000,
  price_cents: 1990,
  delivery_days: 4,
};
