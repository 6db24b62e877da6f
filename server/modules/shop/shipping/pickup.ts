import type { PickupSettings } from "../../../../common/schemas/shipping.ts";
import type { ShippingOption, ShippingProvider } from "./provider.ts";

export const PICKUP_CODE = "pickup";

/** Picking the order up at the shop: free, anywhere, for any package. */
export function pickupProvider(settings: PickupSettings): ShippingProvider {
  const option: ShippingOption = {
    code: PICKUP_CODE,
    name: "Retirada na loja",
    price_cents: 0,
    delivery_days: settings.delivery_days,
    provider: "pickup",
    details: [settings.address, settings.instructions].filter(Boolean).join("\n"),
  };
  return { provider: "pickup", quote: async () => [{ ...option }] };
}
