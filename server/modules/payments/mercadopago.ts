import { busy, conflict, type DomainError, invalid, notFound } from "../../../common/errors.ts";
import type { PaymentSettings } from "../../../common/schemas/payments.ts";
import {
  createMercadoPagoClient,
  MercadoPagoError,
  type MercadoPagoPayment,
} from "../../adapters/payments/mercadopago-client.ts";
import type { PaymentGateway, PaymentGatewayDeps, ProviderPayment } from "./provider.ts";

/** Statuses after which the payment will not be paid: the order may be marked failed. */
const FAILED_STATUSES = new Set(["rejected", "cancelled", "refunded", "charged_back"]);

/** Mercado Pago's refusal as the customer or the webhook's caller should see it. */
function domainErrorOf(error: MercadoPagoError): DomainError {
  const { status, message } = error;
  if (status === undefined || status >= 500) return busy(message);
  if (status === 404) return notFound("O Mercado Pago não encontrou este pagamento.");
  if (status === 401 || status === 403) return conflict(message);
  return invalid(message);
}

async function translated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof MercadoPagoError ? domainErrorOf(error) : error;
  }
}

const clientFor = (settings: PaymentSettings["mercadopago"], deps: PaymentGatewayDeps) =>
  createMercadoPagoClient({ accessToken: settings.access_token, baseUrl: deps.mercadoPagoUrl, fetch: deps.fetch });

/**
 * Mercado Pago: a Pix charge with its own dynamic QR, and (unless she chose Pix for its discount) a checkout
 * preference for paying by card, made once per order whatever the retries (idempotency keys derived from the order's). Either payment
 * is reported by webhook, and read back with mercadoPagoPayment.
 */
export function mercadoPagoGateway(settings: PaymentSettings["mercadopago"], deps: PaymentGatewayDeps): PaymentGateway {
  const client = clientFor(settings, deps);
  return {
    provider: "mercadopago",
    async charge(input) {
      const common = {
        amountCents: input.totalCents,
        payer: input.payer,
        externalReference: String(input.orderId),
        notificationUrl: input.notificationUrl,
      };
      const [pix, preference] = await translated(
        Promise.all([
          client.createPixPayment({
            ...common,
            description: input.description,
            idempotencyKey: `${input.idempotencyKey}:pix`,
            expiresAt: input.expiresAt,
          }),
          input.offerCard
            ? client.createPreference({
                ...common,
                title: input.description,
                returnUrl: input.returnUrl,
                idempotencyKey: `${input.idempotencyKey}:card`,
              })
            : null,
        ]),
      );
      return {
        kind: "provider",
        provider: "mercadopago",
        externalId: pix.id,
        status: pix.status,
        amountCents: pix.amountCents,
        copyPaste: pix.qrCode,
        qrPngBase64: pix.qrCodeBase64,
        ticketUrl: pix.ticketUrl,
        cardCheckoutUrl: preference?.initPoint ?? null,
        updatedAt: pix.dateLastUpdated ?? pix.dateCreated,
      };
    },
  };
}

/** The order a payment belongs to: the external_reference the charge wrote, when it is one of ours. */
function orderIdOf(reference: string | null): number | null {
  if (reference === null || !/^[1-9]\d{0,9}$/.test(reference)) return null;
  const id = Number(reference);
  return id <= 2_147_483_647 ? id : null;
}

export function providerPaymentOf(payment: MercadoPagoPayment): ProviderPayment {
  const updatedAt = payment.dateLastUpdated ?? payment.dateCreated;
  // Without a date, a late notice could not be told from a newer one.
  if (updatedAt === null) throw busy("O Mercado Pago respondeu em formato inesperado.");
  return {
    provider: "mercadopago",
    externalId: payment.id,
    orderId: orderIdOf(payment.externalReference),
    status: payment.status,
    approved: payment.status === "approved",
    failed: FAILED_STATUSES.has(payment.status),
    amountCents: payment.amountCents,
    updatedAt,
  };
}

/** A payment as Mercado Pago reports it now: what a webhook handler acts on, never the webhook's body. */
export async function mercadoPagoPayment(
  settings: PaymentSettings["mercadopago"],
  deps: PaymentGatewayDeps,
  externalId: string,
): Promise<ProviderPayment> {
  return providerPaymentOf(await translated(clientFor(settings, deps).getPayment(externalId)));
}
