import { describe, expect, it } from "vitest";
import { pickupProvider } from "./pickup.ts";
import { quoteRequest } from "./test-fixtures.ts";

describe("pickupProvider", () => {
  it("offers picking up at the shop for free, with its address and instructions, wherever the customer is", async () => {
    const provider = pickupProvider({
      enabled: true,
      address: "Rua Augusta, 1000 - São Paulo/SP",
      instructions: "De segunda a sexta, das 9h às 18h",
      delivery_days: 1,
    });
    expect(provider.provider).toBe("pickup");
    const options = await provider.quote(quoteRequest({ destination_cep: "69900-000" }), new AbortController().signal);
    expect(options).toEqual([
      {
        code: "pickup",
        name: "Retirada na loja",
        price_cents: 0,
        delivery_days: 1,
        provider: "pickup",
        details: "Rua Augusta, 1000 - São Paulo/SP\nDe segunda a sexta, das 9h às 18h",
      },
    ]);
  });

  it("leaves out instructions the shop did not write", async () => {
    const provider = pickupProvider({
      enabled: true,
      address: "Rua Augusta, 1000",
      instructions: "",
      delivery_days: 0,
    });
    const [option] = await provider.quote(quoteRequest(), new AbortController().signal);
    expect(option?.details).toBe("Rua Augusta, 1000");
  });
});
