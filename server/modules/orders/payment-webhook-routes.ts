import { Hono } from "hono";
import { verifyMercadoPagoSignature } from "../../adapters/payments/mercadopago-signature.ts";
import type { AppEnv } from "../../http/env.ts";
import { mercadoPagoPayment } from "../payments/mercadopago.ts";

/** A payment id as Mercado Pago writes them: digits, or letters and digits for newer ids. */
const PAYMENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Mercado Pago's notices (POST /api/payments/mercadopago/webhook). The signature must be ours and
 * recent; the payment's state is then asked of Mercado Pago itself, never read from the notice, and
 * recorded on its order (server/modules/orders/order-payments.ts: repeats and late notices change
 * nothing, an approval pays only the whole amount). A notice of another kind is acknowledged and left.
 * While Mercado Pago cannot be reached the answer is a 503, so it sends the notice again later.
 */
export const paymentWebhookRoutes: Hono<AppEnv> = new Hono<AppEnv>().post("/mercadopago/webhook", async (c) => {
  const services = c.get("services");
  const settings = await services.shop.paymentSettings();
  const dataId = c.req.query("data.id") ?? null;
  const check = verifyMercadoPagoSignature({
    xSignature: c.req.header("x-signature"),
    xRequestId: c.req.header("x-request-id"),
    dataId,
    secret: settings.mercadopago.webhook_secret,
    now: Date.now(),
  });
  if (!check.ok) return c.json({ message: "Assinatura do aviso de pagamento inválida." }, 401);
  if (c.req.query("type") !== "payment" || dataId === null || !PAYMENT_ID.test(dataId))
    return c.json({ outcome: "ignored" });
  const payment = await mercadoPagoPayment(
    settings.mercadopago,
    { mercadoPagoUrl: services.config.MERCADOPAGO_URL },
    dataId,
  );
  return c.json({ outcome: await services.orders.recordProviderPayment(payment) });
});
