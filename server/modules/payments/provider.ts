import type { PaymentProvider, PaymentSettings } from "../../../common/schemas/payments.ts";
import { manualGateway } from "./manual.ts";
import { mercadoPagoGateway } from "./mercadopago.ts";
import { pixStaticGateway } from "./pix-static.ts";

// The one interface every way of paying sits behind: the orders area asks the gateway the shop's settings
// chose for a charge, and shows the customer what it answers (a Pix code, the provider's QR and checkout,
// or the administrator's instructions).

export type ChargeInput = {
  orderId: number;
  orderNumber: number;
  totalCents: number;
  description: string;
  payer: { name: string; email: string; taxId: string };
  idempotencyKey: string;
  notificationUrl: string | null;
  returnUrl: string;
  /** When the order stops waiting for its payment: a provider's charge should not outlive it. */
  expiresAt: Date;
  /** False when she chose Pix for its discount: a card at the discounted total would get the discount too. */
  offerCard: boolean;
};

export type Charge =
  | { kind: "pix_static"; copyPaste: string; qrSvg: string }
  | {
      kind: "provider";
      provider: "mercadopago";
      externalId: string;
      status: string;
      amountCents: number;
      copyPaste: string | null;
      qrPngBase64: string | null;
      ticketUrl: string | null;
      cardCheckoutUrl: string | null;
      updatedAt: Date | null;
    }
  | { kind: "manual"; instructions: string };

/** A payment as the provider reports it when asked (never as a webhook body claims). */
export type ProviderPayment = {
  provider: "mercadopago";
  externalId: string;
  orderId: number | null;
  status: string;
  approved: boolean;
  failed: boolean;
  amountCents: number;
  updatedAt: Date;
};

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  charge(input: ChargeInput): Promise<Charge>;
}

export type PaymentGatewayDeps = {
  /** In place of https://api.mercadopago.com (MERCADOPAGO_URL: a proxy, or a test's fake). */
  mercadoPagoUrl?: string;
  fetch?: typeof fetch;
};

export function createPaymentGateway(settings: PaymentSettings, deps: PaymentGatewayDeps): PaymentGateway {
  switch (settings.provider) {
    case "pix":
      return pixStaticGateway(settings.pix);
    case "mercadopago":
      return mercadoPagoGateway(settings.mercadopago, deps);
    case "manual":
      return manualGateway(settings.manual);
  }
}
