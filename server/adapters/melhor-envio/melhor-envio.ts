// Melhor Envio's REST API (https://docs.melhorenvio.com.br), the documented endpoints a shop without a
// Correios contract needs: quotes from every carrier in one call, a label bought from the prepaid balance in
// its four steps (cart, checkout, generate, print) and the shipment's tracking. Amounts and weights go out as
// Melhor Envio writes them (reais, kilograms); everything here is integer cents and grams.

export const melhorEnvioEnvironments = ["sandbox", "production"] as const;
export type MelhorEnvioEnvironment = (typeof melhorEnvioEnvironments)[number];

export const MELHOR_ENVIO_HOSTS: Record<MelhorEnvioEnvironment, string> = {
  sandbox: "https://sandbox.melhorenvio.com.br",
  production: "https://melhorenvio.com.br",
};

/** Why a call failed, as the screens and logs need to tell it apart. */
export type MelhorEnvioFailure =
  /** 401: the token is wrong, revoked or expired. */
  | "unauthorized"
  /** 422 or a refusal in the body: Melhor Envio named what is wrong (`message`). */
  | "invalid"
  /** The balance does not cover the label. */
  | "insufficient_balance"
  /** The service does not serve this route or parcel any more. */
  | "service_unavailable"
  /** 404: the shipment is not Melhor Envio's (or not this account's). */
  | "not_found"
  /** No answer in time, a 5xx, or an answer that is not what the documentation says. */
  | "unreachable";

export class MelhorEnvioError extends Error {
  readonly failure: MelhorEnvioFailure;
  /** The HTTP status when Melhor Envio answered. */
  readonly status: number | undefined;

  constructor(failure: MelhorEnvioFailure, message: string, status?: number) {
    super(message);
    this.name = "MelhorEnvioError";
    this.failure = failure;
    this.status = status;
  }
}

/** One product line of a quote: its package, in centimetres and grams, and its insured value. */
export type MelhorEnvioQuoteProduct = {
  id: string;
  width_cm: number;
  height_cm: number;
  length_cm: number;
  weight_grams: number;
  insurance_cents: number;
  quantity: number;
};

export type MelhorEnvioQuoteRequest = {
  from_postal_code: string;
  to_postal_code: string;
  products: MelhorEnvioQuoteProduct[];
  /** Melhor Envio's service ids (1 Correios PAC, 2 Correios SEDEX, 3 Jadlog .Package...); empty: all. */
  services: number[];
};

/** A service's answer to a quote: a price and a delay, or why it does not serve this request. */
export type MelhorEnvioQuote =
  | {
      service_id: number;
      name: string;
      company: string;
      price_cents: number;
      /** Working days, as Melhor Envio gives them (its `delivery_time`). */
      delivery_days: number;
    }
  | { service_id: number; name: string; company: string; error: string };

/** A party of a shipment: the shop (from) or the customer (to). */
export type MelhorEnvioParty = {
  name: string;
  phone: string;
  email: string;
  /** CPF (11 digits) or CNPJ (14 digits), bare. */
  tax_id: string;
  address: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state_abbr: string;
  postal_code: string;
};

export type MelhorEnvioCartInput = {
  service_id: number;
  from: MelhorEnvioParty;
  to: MelhorEnvioParty;
  products: { name: string; quantity: number; unitary_cents: number }[];
  volumes: { width_cm: number; height_cm: number; length_cm: number; weight_grams: number }[];
  insurance_cents: number;
  /** The shop's order number, shown on the label and in Melhor Envio's panel. */
  tag: string;
  /** The order's page, linked from the tag in Melhor Envio's panel; absent: no link. */
  tag_url?: string;
};

/** A shipment in Melhor Envio's cart or later. */
export type MelhorEnvioShipment = {
  id: string;
  protocol: string;
  price_cents: number;
  /** pending, released (paid), generated, posted, delivered, canceled, undelivered... */
  status: string;
};

/** What Melhor Envio knows of a shipment's journey: its status and the dates it moved. */
export type MelhorEnvioTracking = {
  id: string;
  status: string;
  /** The carrier's code once the label is generated. */
  tracking_code: string | null;
  /** Melhor Envio's public tracking page for the shipment. */
  tracking_url: string | null;
  /** Each documented date that is set, oldest first. */
  events: { status: string; at: string }[];
};

/**
 * The client the shop's quotes and the orders' labels use. Every call rejects with a MelhorEnvioError; a
 * `signal` bounds the wait (a quote gives up after 3 s, the customer is not kept waiting).
 */
export interface MelhorEnvioClient {
  quote(request: MelhorEnvioQuoteRequest, signal?: AbortSignal): Promise<MelhorEnvioQuote[]>;
  /** Step 1: the label into Melhor Envio's cart; nothing is paid yet. */
  addToCart(input: MelhorEnvioCartInput, signal?: AbortSignal): Promise<MelhorEnvioShipment>;
  /** Step 2: pays the shipments from the balance. */
  checkout(ids: string[], signal?: AbortSignal): Promise<{ purchase_id: string }>;
  /** Step 3: the carrier makes the label (and its tracking code). */
  generate(ids: string[], signal?: AbortSignal): Promise<void>;
  /** Step 4: the label's PDF address. */
  print(ids: string[], signal?: AbortSignal): Promise<{ url: string }>;
  /** A shipment as Melhor Envio has it now: what a retry checks before paying again. */
  shipment(id: string, signal?: AbortSignal): Promise<MelhorEnvioShipment>;
  tracking(ids: string[], signal?: AbortSignal): Promise<MelhorEnvioTracking[]>;
  balance(signal?: AbortSignal): Promise<{ balance_cents: number }>;
}
