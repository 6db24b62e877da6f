/**
 * A shop in Recife that ships across Pernambuco by a table rate and takes static Pix: the body of
 * PUT /api/shop/settings the order tests and the copier's fixture set up.
 */
export const RECIFE_SHOP_SETTINGS = {
  legal_name: "Cooperativa Boa Terra",
  address: "Rua do Sol, 20 - Santo Antônio",
  tax_id: "11.222.333/0001-81",
  city: "Recife",
  uf: "PE",
  origin_postal_code: "50010-000",
  shipping: {
    table_rates: [
      {
        name: "Entrega regional",
        region: { kind: "uf", uf: "PE" },
        min_weight_grams: 0,
        max_weight_grams: 30000,
        price_cents: 1500,
        delivery_days: 4,
      },
    ],
  },
  payments: {
    provider: "pix",
    pix: { key: "cooperativa@example.org", receiver_name: "Boa Terra", receiver_city: "Recife" },
  },
};
