import { formatBRL } from "../../../common/money.ts";
import { type PaymentSettings, paymentProviderLabels } from "../../../common/schemas/payments.ts";
import {
  correiosEnvironmentLabels,
  MELHOR_ENVIO_SERVICES,
  melhorEnvioEnvironmentLabels,
  type ShippingSettings,
} from "../../../common/schemas/shipping.ts";
import type { OwnerNotifications } from "../../../common/schemas/shop.ts";
import type { AuditFields } from "../audit/audit-changes.ts";

// The shop's settings as their audit entries show them: one field per thing the form sets, named as the form
// names it, money as R$. The secrets are passed under their own names for the log to tell only that they
// changed ("alterado"); the Pix key is not one: where the money goes is exactly what an entry must show.

export const CORREIOS_ACCESS_CODE = "Correios: código de acesso à API";
export const MELHOR_ENVIO_TOKEN = "Melhor Envio: token";
export const MERCADO_PAGO_ACCESS_TOKEN = "Mercado Pago: access token";
export const MERCADO_PAGO_WEBHOOK_SECRET = "Mercado Pago: assinatura secreta dos webhooks";

export const shopSecrets = [CORREIOS_ACCESS_CODE, MELHOR_ENVIO_TOKEN] as const;
export const paymentSecrets = [MERCADO_PAGO_ACCESS_TOKEN, MERCADO_PAGO_WEBHOOK_SECRET] as const;

const melhorEnvioServiceName = (id: number) => {
  const service = MELHOR_ENVIO_SERVICES.find((candidate) => candidate.id === id);
  return service ? `${service.company} ${service.name}` : String(id);
};

/** One row of the shop's table of rates, in a line: "Regional (PE; 0 a 5000 g): R$ 15,00 em 3 dias". */
function tableRateLine(rate: ShippingSettings["table_rates"][number]): string {
  const region = rate.region.kind === "uf" ? rate.region.uf : `CEP ${rate.region.from} a ${rate.region.to}`;
  const grams = `${rate.min_weight_grams} a ${rate.max_weight_grams} g`;
  return `${rate.name} (${region}; ${grams}): ${formatBRL(rate.price_cents)} em ${rate.delivery_days} dias`;
}

export type ShopAuditSource = {
  legalName: string;
  address: string;
  taxId: string;
  city: string;
  uf: string;
  originPostalCode: string | null;
  shipping: ShippingSettings;
  orderExpiryHours: number;
  notifications: OwnerNotifications;
  whatsapp: string | null;
};

/** Everything /conta/shop sets but the payments (paymentAuditFields): who sells, shipping, e-mails, WhatsApp. */
export function shopAuditFields(shop: ShopAuditSource): AuditFields {
  const { table_rates, pickup, free_shipping, correios, melhor_envio } = shop.shipping;
  const margin = melhor_envio.margin;
  return {
    "Razão social ou nome": shop.legalName,
    "Endereço do remetente": shop.address,
    "CNPJ ou CPF": shop.taxId,
    Cidade: shop.city,
    Estado: shop.uf,
    "CEP de origem": shop.originPostalCode,
    "Frete por tabela": table_rates.map(tableRateLine),
    "Retirada no local": pickup.enabled,
    "Endereço de retirada": pickup.address,
    "Instruções de retirada": pickup.instructions,
    "Prazo para retirada (dias)": pickup.delivery_days,
    "Frete grátis": free_shipping.enabled,
    "Frete grátis a partir de": formatBRL(free_shipping.min_subtotal_cents),
    "Cotar com os Correios": correios.enabled,
    "Correios: ambiente": correiosEnvironmentLabels[correios.environment],
    "Correios: usuário": correios.user,
    [CORREIOS_ACCESS_CODE]: correios.access_code,
    "Correios: cartão de postagem": correios.posting_card,
    "Correios: contrato": correios.contract,
    "Correios: DR": correios.dr,
    "Correios: serviços": correios.services.map((service) => `${service.code} ${service.name}`),
    "Cotar com o Melhor Envio": melhor_envio.enabled,
    "Melhor Envio: ambiente": melhorEnvioEnvironmentLabels[melhor_envio.environment],
    [MELHOR_ENVIO_TOKEN]: melhor_envio.token,
    "Melhor Envio: serviços": melhor_envio.services.map(melhorEnvioServiceName),
    "Melhor Envio: margem": margin.kind === "fixed" ? formatBRL(margin.value) : `${margin.value}%`,
    "Melhor Envio: dias a mais no prazo": melhor_envio.extra_days,
    "Prazo para pagamento (horas)": shop.orderExpiryHours,
    "WhatsApp da loja": shop.whatsapp,
    "E-mail para avisos da loja": shop.notifications.email,
    "Aviso: novo pedido": shop.notifications.new_order,
    "Aviso: pagamento confirmado": shop.notifications.payment_confirmed,
    "Aviso: estorno ou contestação": shop.notifications.payment_reversed,
    "Aviso: mensagem de contato": shop.notifications.contact_message,
  };
}

/** How the shop is paid: the provider, the Pix key and its receiver, Mercado Pago's secrets, the instructions. */
export function paymentAuditFields(payments: PaymentSettings): AuditFields {
  return {
    "Forma de pagamento": paymentProviderLabels[payments.provider],
    "Chave Pix": payments.pix.key,
    "Nome de quem recebe": payments.pix.receiver_name,
    "Cidade de quem recebe": payments.pix.receiver_city,
    [MERCADO_PAGO_ACCESS_TOKEN]: payments.mercadopago.access_token,
    [MERCADO_PAGO_WEBHOOK_SECRET]: payments.mercadopago.webhook_secret,
    "Instruções de pagamento": payments.manual.instructions,
    "Desconto para pagamento com Pix (%)": payments.pix_discount_percent,
  };
}
