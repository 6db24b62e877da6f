import { normalizeCep } from "../../../../common/brazil/cep.ts";
import type { MelhorEnvioMargin, MelhorEnvioSettings } from "../../../../common/schemas/shipping.ts";
import {
  type MelhorEnvioClient,
  MelhorEnvioError,
  type MelhorEnvioQuoteProduct,
} from "../../../adapters/melhor-envio/melhor-envio.ts";
import type { QuoteItem, QuoteRequest, ShippingOption, ShippingProvider } from "./provider.ts";

/** Melhor Envio asks every carrier at once; past this the customer gets the other options without it. */
export const MELHOR_ENVIO_QUOTE_TIMEOUT_MS = 3000;

/** How long a quote is kept: long enough for a visit from the cart to the order, short for price changes. */
export const MELHOR_ENVIO_QUOTE_TTL_MS = 5 * 60_000;

/** Quotes kept per process at most; the oldest goes first. */
const MAX_CACHED_QUOTES = 2000;

export const MELHOR_ENVIO_CODE_PREFIX = "melhorenvio:";

/**
 * Melhor Envio's answers per quote request, kept a few minutes in each process: a customer quotes the
 * same cart on the product page, the cart, the checkout and again when the order is placed, and Melhor
 * Envio takes a second or more each time. The key is the request as sent (origin, destination, every
 * item's package, price and quantity) and the settings' version, so a product or settings change is a
 * new key; the shop's area clears the whole cache on any settings change (shop.changed). Failures are not kept.
 */
export class MelhorEnvioQuoteCache {
  readonly #entries = new Map<string, { options: ShippingOption[]; expiresAt: number }>();
  readonly #ttlMs: number;

  constructor(ttlMs = MELHOR_ENVIO_QUOTE_TTL_MS) {
    this.#ttlMs = ttlMs;
  }

  get(key: string, now: number): ShippingOption[] | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry.options.map((option) => ({ ...option }));
    this.#entries.delete(key);
    return undefined;
  }

  set(key: string, options: ShippingOption[], now: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { options: options.map((option) => ({ ...option })), expiresAt: now + this.#ttlMs });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= MAX_CACHED_QUOTES) break;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}

export type MelhorEnvioProviderOptions = {
  settings: MelhorEnvioSettings;
  client: MelhorEnvioClient;
  cache: MelhorEnvioQuoteCache;
  /** Changes whenever the shop's settings do (their last save), so a cached quote never outlives them. */
  settingsVersion: string;
  timeoutMs?: number;
  now?: () => number;
};

/**
 * The services the shop offers through Melhor Envio, quoted in one call with the cart's items as products
 * (Melhor Envio packs them; each insured for its price). A service that answers with an `error` (it does
 * not serve this route or parcel) is left out. Each price gets the shop's margin and each delay its extra
 * days. Coded "melhorenvio:<service id>", named "<company> <service>" ("Jadlog .Package").
 */
export function melhorEnvioProvider(options: MelhorEnvioProviderOptions): ShippingProvider {
  const { settings, client, cache } = options;
  const timeoutMs = options.timeoutMs ?? MELHOR_ENVIO_QUOTE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const offered = new Set(settings.services);

  return {
    provider: "melhorenvio",
    quote: async (request, callerSignal) => {
      const origin = normalizeCep(request.origin_cep);
      if (origin === null)
        throw new MelhorEnvioError("invalid", "Informe o CEP de origem da loja para cotar no Melhor Envio");
      const destination = normalizeCep(request.destination_cep);
      const products = request.items.filter((item) => item.quantity > 0).map(productOf);
      if (destination === null || products.length === 0) return [];
      const key = cacheKey(options.settingsVersion, origin, destination, request);
      const cached = cache.get(key, now());
      if (cached) return cached;
      const quotes = await client.quote(
        { from_postal_code: origin, to_postal_code: destination, products, services: settings.services },
        AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)]),
      );
      const quoted = quotes.flatMap((quote): ShippingOption[] =>
        "error" in quote || !offered.has(quote.service_id)
          ? []
          : [
              {
                code: `${MELHOR_ENVIO_CODE_PREFIX}${quote.service_id}`,
                name: optionName(quote.company, quote.name),
                price_cents: withMargin(quote.price_cents, settings.margin),
                delivery_days: quote.delivery_days + settings.extra_days,
                provider: "melhorenvio",
              },
            ],
      );
      cache.set(key, quoted, now());
      return quoted;
    },
  };
}

/** "Jadlog .Package"; "Loggi Ponto" stays as it is rather than "Loggi Loggi Ponto". */
export function optionName(company: string, service: string): string {
  const name = service.trim();
  const carrier = company.trim();
  if (carrier === "" || name.toLocaleLowerCase("pt-BR").startsWith(carrier.toLocaleLowerCase("pt-BR"))) return name;
  return `${carrier} ${name}`;
}

/** The carrier's price and the shop's margin: cents added, or a whole percent of the price (half up). */
export function withMargin(priceCents: number, margin: MelhorEnvioMargin): number {
  return margin.kind === "fixed"
    ? priceCents + margin.value
    : priceCents + Math.floor((priceCents * margin.value + 50) / 100);
}

/**
 * A cart line as Melhor Envio's product: whole centimetres (a roll is its length by its diameter twice)
 * and at least 1 cm and 1 g, which Melhor Envio refuses to go below; insured for its unit price.
 */
function productOf(item: QuoteItem, index: number): MelhorEnvioQuoteProduct {
  const side = (centimetres: number) => Math.max(1, Math.ceil(centimetres));
  const roll = item.format === 2;
  return {
    id: String(index + 1),
    width_cm: side(roll ? item.diameter_cm : item.width_cm),
    height_cm: side(roll ? item.diameter_cm : item.height_cm),
    length_cm: side(item.length_cm),
    weight_grams: Math.max(1, Math.ceil(item.weight_grams)),
    insurance_cents: item.price_cents,
    quantity: item.quantity,
  };
}

function cacheKey(version: string, origin: string, destination: string, request: QuoteRequest): string {
  const items = request.items.map((item) => [
    item.format,
    item.weight_grams,
    item.length_cm,
    item.width_cm,
    item.height_cm,
    item.diameter_cm,
    item.price_cents,
    item.quantity,
  ]);
  return JSON.stringify([version, origin, destination, items]);
}
