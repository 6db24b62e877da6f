/**
 * The Recife shop's fiscal settings as PUT /api/fiscal/settings takes them: a valid CNPJ, exempt from the
 * inscrição estadual, the Simples Nacional, and the products' defaults (coffee's NCM, CSOSN 102), so that a
 * product needs no fiscal data of its own. Switched on with `token` (the fake's), off without one.
 */
export function recifeFiscalSettings(token = "", changes: Record<string, unknown> = {}) {
  return {
    enabled: token !== "",
    environment: "homologacao",
    homologation_token: token,
    production_token: "",
    cnpj: "11.222.333/0001-81",
    state_registration: "ISENTO",
    uf: "PE",
    regime: "simples",
    series: 1,
    operation_nature: "Venda de mercadoria",
    issue_mode: "on_payment",
    customer_mail: true,
    defaults: { ncm: "0901.11.10", origin: "0", tax_situation: "102", unit: "UN", gtin: "SEM GTIN" },
    ...changes,
  };
}
