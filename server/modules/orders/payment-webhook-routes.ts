import { Hono } from "hono";
import { receiveMercadoPagoNotice } from "../../flows/payment-notice.ts";
import type { AppEnv } from "../../http/env.ts";

/** Mercado Pago's notices (POST /api/payments/mercadopago/webhook), received by server/flows/payment-notice.ts. */
export const paymentWebhookRoutes: Hono<AppEnv> = new Hono<AppEnv>().post("/mercadopago/webhook", async (c) => {
  const received = await receiveMercadoPagoNotice(c.get("services"), {
    xSignature: c.req.header("x-signature"),
    xRequestId: c.req.header("x-request-id"),
    type: c.req.query("type"),
    dataId: c.req.query("data.id") ?? null,
  });
  if (received.kind === "refused") return c.json({ message: "Assinatura do aviso de pagamento inválida." }, 401);
  if (received.kind === "ignored") return c.json({ outcome: "ignored" });
  return c.json({ outcome: received.outcome });
});
