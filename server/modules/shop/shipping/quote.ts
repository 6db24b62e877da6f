import type { ShippingSettings } from "../../../../common/schemas/shipping.ts";
import type { MelhorEnvioClient } from "../../../adapters/melhor-envio/melhor-envio.ts";
import { abortable } from "./abortable.ts";
import { CorreiosTokenCache, correiosProvider } from "./correios.ts";
import { withFreeShipping } from "./free-shipping.ts";
import { type MelhorEnvioQuoteCache, melhorEnvioProvider } from "./melhor-envio.ts";
import { pickupProvider } from "./pickup.ts";
import type { QuoteRequest, ShippingOption, ShippingProvider, ShippingProviderName } from "./provider.ts";
import { tableRatesProvider } from "./table-rates.ts";

/** The longest a customer waits for a quote; whatever has not answered by then is reported unavailable. */
export const QUOTE_TIMEOUT_MS = 5000;

export type QuoteResult = {
  /** Cheapest first, then fastest, then by name. */
  options: ShippingOption[];
  /** Providers that failed or ran out of time, once each, in the providers' order. */
  unavailable: ShippingProviderName[];
};

export type QuoteShippingOptions = {
  timeoutMs?: number;
  /** Why a provider failed, for the log: the customer only learns that it is unavailable. */
  onError?: (provider: ShippingProviderName, error: unknown) => void;
};

/** Asks every provider at once; one that fails or is late only adds its name to `unavailable`. */
export async function quoteShipping(
  providers: readonly ShippingProvider[],
  request: QuoteRequest,
  { timeoutMs = QUOTE_TIMEOUT_MS, onError }: QuoteShippingOptions = {},
): Promise<QuoteResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  const answers = await Promise.all(
    providers.map(async (provider) => {
      try {
        return { provider: provider.provider, options: await abortable(provider.quote(request, signal), signal) };
      } catch (error) {
        onError?.(provider.provider, error);
        return { provider: provider.provider, options: null };
      }
    }),
  );
  const options = answers.flatMap((answer) => answer.options ?? []).sort(compareOptions);
  const unavailable = [...new Set(answers.flatMap((answer) => (answer.options === null ? [answer.provider] : [])))];
  return { options, unavailable };
}

function compareOptions(left: ShippingOption, right: ShippingOption): number {
  return (
    left.price_cents - right.price_cents ||
    left.delivery_days - right.delivery_days ||
    left.name.localeCompare(right.name, "pt-BR") ||
    left.code.localeCompare(right.code)
  );
}

export type ShippingDeps = {
  /** Where Correios tokens are kept; by default one cache for the whole process. */
  correiosTokens?: CorreiosTokenCache;
  /** In place of the Correios host of the configured environment (tests: a fake on 127.0.0.1). */
  correiosBaseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /**
   * Melhor Envio's client with the stored token, the process's quote cache and the settings' version;
   * without it Melhor Envio is not asked (the shop's service builds it when the settings turn it on).
   */
  melhorEnvio?: { client: MelhorEnvioClient; cache: MelhorEnvioQuoteCache; settingsVersion: string };
};

const processTokens = new CorreiosTokenCache();

/**
 * The providers the settings turn on: the table when it has rows, Correios when enabled, Melhor Envio
 * when enabled, pickup when enabled. Free shipping makes the table's cheapest service free, or Correios'
 * when there is no table (free-shipping.ts): the table is the shop's own promise and needs no network.
 * Never Melhor Envio's: its label is bought for the service the order names ("melhorenvio:<id>").
 */
export function providersFor(settings: ShippingSettings, deps: ShippingDeps = {}): ShippingProvider[] {
  const table = settings.table_rates.length > 0 ? tableRatesProvider(settings.table_rates) : null;
  const correios = settings.correios.enabled
    ? correiosProvider({
        settings: settings.correios,
        tokens: deps.correiosTokens ?? processTokens,
        baseUrl: deps.correiosBaseUrl,
        fetch: deps.fetch,
        now: deps.now,
      })
    : null;
  const melhorEnvio =
    settings.melhor_envio.enabled && deps.melhorEnvio
      ? melhorEnvioProvider({ settings: settings.melhor_envio, now: deps.now, ...deps.melhorEnvio })
      : null;
  const free = settings.free_shipping;
  const freeTarget = free.enabled ? (table ?? correios) : null;
  const delivery = [table, correios, melhorEnvio].flatMap((provider) => {
    if (provider === null) return [];
    return [provider === freeTarget ? withFreeShipping(provider, free.min_subtotal_cents) : provider];
  });
  return settings.pickup.enabled ? [...delivery, pickupProvider(settings.pickup)] : delivery;
}
