import { describe, expect, it } from "vitest";
import { withFreeShipping } from "./free-shipping.ts";
import type { ShippingOption, ShippingProvider } from "./provider.ts";
import { quoteRequest } from "./test-fixtures.ts";

const option = (code: string, price_cents: number, delivery_days: number): ShippingOption => ({
  code: `table:${code}`,
  name: code,
  price_cents,
  delivery_days,
  provider: "table",
});

const table = (options: ShippingOption[]): ShippingProvider => ({ provider: "table", quote: async () => options });
const signal = new AbortController().signal;

describe("withFreeShipping", () => {
  const base = [option("Expressa", 3000, 1), option("Econômica", 1500, 9), option("Padrão", 1500, 5)];

  it("makes the cheapest service (then the fastest) free once the subtotal reaches the threshold", async () => {
    const provider = withFreeShipping(table(base), 20000);
    expect(provider.provider).toBe("table");
    expect(await provider.quote(quoteRequest({ subtotal_cents: 20000 }), signal)).toEqual([
      option("Expressa", 3000, 1),
      option("Econômica", 1500, 9),
      { code: "free:table:Padrão", name: "Frete grátis (Padrão)", price_cents: 0, delivery_days: 5, provider: "free" },
    ]);
  });

  it("keeps every price below the threshold", async () => {
    const provider = withFreeShipping(table(base), 20000);
    expect(await provider.quote(quoteRequest({ subtotal_cents: 19999 }), signal)).toEqual(base);
  });

  it("has nothing to make free where the service does not deliver", async () => {
    expect(await withFreeShipping(table([]), 0).quote(quoteRequest(), signal)).toEqual([]);
  });

  it("fails when the service fails", async () => {
    const failing: ShippingProvider = {
      provider: "correios",
      quote: async () => {
        throw new Error("fora do ar");
      },
    };
    await expect(withFreeShipping(failing, 0).quote(quoteRequest(), signal)).rejects.toThrow("fora do ar");
  });
});
