import { verifyMercadoPagoSignature } from "../adapters/payments/mercadopago-signature.ts";
import { mercadoPagoPayment } from "../modules/payments/mercadopago.ts";
import type { Services } from "../services.ts";

/** A payment id as Mercado Pago writes them: digits, or letters and digits for newer ids. */
const PAYMENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** What Mercado Pago's notice carries that we read: its signature's headers and its query. */
export type MercadoPagoNotice = {
  xSignature: string | undefined;
  xRequestId: string | undefined;
  type: string | undefined;
  dataId: string | null;
};

export type NoticeOutcome =
  | { kind: "refused" }
  | { kind: "ignored" }
  | { kind: "recorded"; outcome: Awaited<ReturnType<Services["orders"]["recordProviderPayment"]>> };

/**
 * Mercado Pago's notice of a payment: the signature must be the shop's secret's and recent; the payment's
 * state is then asked of Mercado Pago itself, never read from the notice, and recorded on its order
 * (server/modules/orders/order-payments.ts: repeats and late notices change nothing, an approval pays only
 * the whole amount). A notice of another kind is acknowledged and left. While Mercado Pago cannot be
 * reached the asking fails with a 503, so it sends the notice again later.
 */
export async function receiveMercadoPagoNotice(
  services: Services,
  notice: MercadoPagoNotice,
  now = Date.now(),
): Promise<NoticeOutcome> {
  const settings = await services.shop.paymentSettings();
  const check = verifyMercadoPagoSignature({
    xSignature: notice.xSignature,
    xRequestId: notice.xRequestId,
    dataId: notice.dataId,
    secret: settings.mercadopago.webhook_secret,
    now,
  });
  if (!check.ok) return { kind: "refused" };
  if (notice.type !== "payment" || notice.dataId === null || !PAYMENT_ID.test(notice.dataId))
    return { kind: "ignored" };
  const payment = await mercadoPagoPayment(
    settings.mercadopago,
    { mercadoPagoUrl: services.config.MERCADOPAGO_URL },
    notice.dataId,
  );
  return { kind: "recorded", outcome: await services.orders.recordProviderPayment(payment) };
}
