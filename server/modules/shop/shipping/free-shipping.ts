import type { ShippingOption, ShippingProvider } from "./provider.ts";

/**
 * Free shipping is a delivery service made free, not a service of its own: once the subtotal reaches
 * the threshold, the cheapest option of `delivery` (then the fastest, then the first) costs nothing,
 * coded "free:" + its code and named "Frete grátis (" + its name + ")"; the others keep their prices for
 * customers who want the order sooner. `delivery` is the shop's table when it has rows, else Correios
 * (providersFor): one free option at most, and none where that service does not deliver. The provider
 * keeps `delivery`'s name, so a failure reads as that service's.
 */
export function withFreeShipping(delivery: ShippingProvider, minSubtotalCents: number): ShippingProvider {
  return {
    provider: delivery.provider,
    quote: async (request, signal) => {
      const options = await delivery.quote(request, signal);
      if (request.subtotal_cents < minSubtotalCents) return options;
      const cheapest = options.reduce<ShippingOption | undefined>(
        (best, option) => (best === undefined || cheaper(option, best) ? option : best),
        undefined,
      );
      return options.map((option) =>
        option === cheapest
          ? {
              ...option,
              code: `free:${option.code}`,
              name: `Frete grátis (${option.name})`,
              price_cents: 0,
              provider: "free" as const,
            }
          : option,
      );
    },
  };
}

function cheaper(option: ShippingOption, than: ShippingOption): boolean {
  if (option.price_cents !== than.price_cents) return option.price_cents < than.price_cents;
  return option.delivery_days < than.delivery_days;
}
