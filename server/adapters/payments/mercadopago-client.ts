import { z } from "../../../common/zod.ts";

// Mercado Pago's REST API, the documented endpoints only: a Pix payment (POST /v1/payments), a checkout
// preference for cards (POST /checkout/preferences) and a payment's state (GET /v1/payments/{id}).
// Amounts go out and come back in reais; this file turns them into integer cents and back.

export const MERCADOPAGO_BASE_URL = "https://api.mercadopago.com";

/** A customer waits on the checkout while we ask; past this she is told to try again. */
export const MERCADOPAGO_TIMEOUT_MS = 5000;

export const MERCADOPAGO_UNREACHABLE = "Não foi possível falar com o Mercado Pago agora. Tente novamente.";

export class MercadoPagoError extends Error {
  /** The HTTP status when Mercado Pago answered; undefined when it could not be reached in time. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = "MercadoPagoError";
    this.status = status;
  }
}

export type MercadoPagoPayer = { name: string; email: string; taxId: string };

/** A payment as Mercado Pago answers it, amounts in cents. */
export type MercadoPagoPayment = {
  id: string;
  status: string;
  statusDetail: string | null;
  amountCents: number;
  externalReference: string | null;
  dateCreated: Date | null;
  dateLastUpdated: Date | null;
  /** Pix: the "copia e cola" text, its QR as a base64 PNG and Mercado Pago's page for it. */
  qrCode: string | null;
  qrCodeBase64: string | null;
  ticketUrl: string | null;
};

export type PixPaymentRequest = {
  amountCents: number;
  description: string;
  payer: MercadoPagoPayer;
  externalReference: string;
  notificationUrl: string | null;
  /** The same key always gets the same payment back. */
  idempotencyKey: string;
  /** After this the Pix code no longer pays. */
  expiresAt: Date;
};

export type PreferenceRequest = {
  title: string;
  amountCents: number;
  payer: MercadoPagoPayer;
  externalReference: string;
  notificationUrl: string | null;
  /** Where Mercado Pago's checkout sends the customer back, whatever the outcome. */
  returnUrl: string;
  idempotencyKey: string;
};

export type MercadoPagoPreference = { id: string; initPoint: string };

export type MercadoPagoClientOptions = {
  accessToken: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const instant = z
  .string()
  .transform((text) => new Date(text))
  .pipe(z.date());

const paymentAnswer = z.object({
  id: z.union([z.number().int(), z.string().min(1)]).transform(String),
  status: z.string().min(1),
  status_detail: z.string().nullish(),
  transaction_amount: z.number().nonnegative(),
  external_reference: z.string().nullish(),
  date_created: instant.nullish(),
  date_last_updated: instant.nullish(),
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({
          qr_code: z.string().nullish(),
          qr_code_base64: z.string().nullish(),
          ticket_url: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

const preferenceAnswer = z.object({ id: z.string().min(1), init_point: z.string().min(1) });

/** The reasons of an error answer: {"message", "cause": [{"description"}]}. */
const errorAnswer = z.object({
  message: z.string().optional(),
  cause: z.array(z.object({ description: z.string().optional() }).loose()).optional(),
});

/** Reais as Mercado Pago reads them: 15870 -> 158.7 (n / 100 prints as the decimal it stands for). */
const reais = (cents: number) => cents / 100;

const centsOf = (amount: number) => Math.round(amount * 100);

function payerFields(payer: MercadoPagoPayer) {
  const [firstName = "", ...rest] = payer.name.trim().split(/\s+/);
  return {
    email: payer.email,
    first_name: firstName,
    ...(rest.length > 0 ? { last_name: rest.join(" ") } : {}),
    ...(payer.taxId === ""
      ? {}
      : { identification: { type: payer.taxId.length === 11 ? "CPF" : "CNPJ", number: payer.taxId } }),
  };
}

export function createMercadoPagoClient(options: MercadoPagoClientOptions) {
  const base = (options.baseUrl ?? MERCADOPAGO_BASE_URL).replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? MERCADOPAGO_TIMEOUT_MS;

  async function call(method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.accessToken}`,
      accept: "application/json",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotencyKey !== undefined) headers["x-idempotency-key"] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch {
      throw new MercadoPagoError(MERCADOPAGO_UNREACHABLE);
    }
    const parsed = readJson(text);
    if (response.ok) return parsed;
    if (response.status >= 500) throw new MercadoPagoError(MERCADOPAGO_UNREACHABLE, response.status);
    if (response.status === 401 || response.status === 403)
      throw new MercadoPagoError("O Mercado Pago recusou o token de acesso da loja.", response.status);
    throw new MercadoPagoError(
      `O Mercado Pago recusou a solicitação (HTTP ${response.status})${reasonOf(parsed)}`,
      response.status,
    );
  }

  return {
    /** A Pix charge: Mercado Pago's own dynamic QR, paid in the payer's bank app. */
    async createPixPayment(request: PixPaymentRequest): Promise<MercadoPagoPayment> {
      const body = {
        transaction_amount: reais(request.amountCents),
        description: request.description,
        payment_method_id: "pix",
        payer: payerFields(request.payer),
        external_reference: request.externalReference,
        date_of_expiration: request.expiresAt.toISOString(),
        ...(request.notificationUrl === null ? {} : { notification_url: request.notificationUrl }),
      };
      return readPayment(await call("POST", "/v1/payments", body, request.idempotencyKey));
    },

    /** Card payment in Mercado Pago's checkout: the customer is sent to `initPoint`. */
    async createPreference(request: PreferenceRequest): Promise<MercadoPagoPreference> {
      const body = {
        items: [{ title: request.title, quantity: 1, unit_price: reais(request.amountCents), currency_id: "BRL" }],
        payer: payerFields(request.payer),
        external_reference: request.externalReference,
        ...(request.notificationUrl === null ? {} : { notification_url: request.notificationUrl }),
        back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.returnUrl },
        auto_return: "approved",
      };
      const answer = preferenceAnswer.safeParse(
        await call("POST", "/checkout/preferences", body, request.idempotencyKey),
      );
      if (!answer.success) throw unexpected();
      return { id: answer.data.id, initPoint: answer.data.init_point };
    },

    /** The payment as Mercado Pago holds it now. */
    async getPayment(id: string): Promise<MercadoPagoPayment> {
      return readPayment(await call("GET", `/v1/payments/${encodeURIComponent(id)}`));
    },
  };
}

export type MercadoPagoClient = ReturnType<typeof createMercadoPagoClient>;

const unexpected = () => new MercadoPagoError("O Mercado Pago respondeu em formato inesperado.");

function readPayment(body: unknown): MercadoPagoPayment {
  const answer = paymentAnswer.safeParse(body);
  if (!answer.success) throw unexpected();
  const payment = answer.data;
  const pix = payment.point_of_interaction?.transaction_data;
  return {
    id: payment.id,
    status: payment.status,
    statusDetail: payment.status_detail ?? null,
    amountCents: centsOf(payment.transaction_amount),
    externalReference: payment.external_reference ?? null,
    dateCreated: payment.date_created ?? null,
    dateLastUpdated: payment.date_last_updated ?? null,
    qrCode: pix?.qr_code ?? null,
    qrCodeBase64: pix?.qr_code_base64 ?? null,
    ticketUrl: pix?.ticket_url ?? null,
  };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function reasonOf(body: unknown): string {
  const answer = errorAnswer.safeParse(body);
  if (!answer.success) return "";
  const causes = (answer.data.cause ?? []).flatMap((cause) => (cause.description ? [cause.description] : []));
  const reason = causes.length > 0 ? causes.join("; ") : answer.data.message;
  return reason ? `: ${reason}` : "";
}
