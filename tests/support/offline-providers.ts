/**
 * The outside services' addresses a test server gets unless the test points one at its local fake:
 * a port on loopback where nothing listens, so that a test which forgets its fake (a Correios contract or
 * a Melhor Envio token saved, a CEP looked up, a payment asked, a member's dues sent to Asaas) meets a
 * refused connection, as when the provider is down, and never the real provider on a machine that has the
 * internet.
 */
const NOWHERE = "http://127.0.0.1:1";

export const OFFLINE_PROVIDERS = {
  CORREIOS_URL: NOWHERE,
  MELHOR_ENVIO_URL: NOWHERE,
  VIACEP_URL: NOWHERE,
  BRASILAPI_URL: NOWHERE,
  MERCADOPAGO_URL: NOWHERE,
  ASAAS_URL: NOWHERE,
  FOCUS_NFE_URL: NOWHERE,
} as const;
