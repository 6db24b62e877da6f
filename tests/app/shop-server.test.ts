import { describe, expect, it } from "vitest";
import { deliveryText, quoteText, reaisText, refusedWith, requestCart, textValues } from "../../app/lib/shop.server.ts";
import { addToCart, CART_COOKIE, cartCookieValue, emptyCart } from "../../common/cart.ts";
import { invalid } from "../../common/errors.ts";

const withCookie = (cookie: string) => new Request("http://localhost/loja/carrinho", { headers: { cookie } });

describe("requestCart", () => {
  it("reads the cart among the request's cookies", () => {
    const cart = addToCart(emptyCart, { product_id: 1, variant_id: 2, quantity: 3 });
    expect(requestCart(withCookie(`a=b; ${CART_COOKIE}=${cartCookieValue(cart)}`)).items).toEqual(cart.items);
  });

  it("starts an empty cart without the cookie or with one it did not write", () => {
    expect(requestCart(new Request("http://localhost/"))).toEqual(emptyCart);
    expect(requestCart(withCookie(`${CART_COOKIE}=%E0%A4%A`))).toEqual(emptyCart);
    expect(requestCart(withCookie(`${CART_COOKIE}=9~~~1.1.1`))).toEqual(emptyCart);
  });
});

describe("amounts and days in words", () => {
  it("writes reais with a point for schema.org and Open Graph", () => {
    expect([reaisText(5290), reaisText(5), reaisText(123456)]).toEqual(["52.90", "0.05", "1234.56"]);
  });

  it("says the delivery time in pt-BR", () => {
    expect([deliveryText(0), deliveryText(1), deliveryText(3)]).toEqual([
      "no mesmo dia",
      "até 1 dia útil",
      "até 3 dias úteis",
    ]);
  });

  it("shows a quote with the spec's currency format and names the carriers that did not answer", () => {
    const quote = quoteText("01310100", {
      options: [
        { code: "pickup", name: "Retirada", price_cents: 0, delivery_days: 1, provider: "pickup", details: "Rua A" },
        { code: "table:padrao", name: "Entrega padrão", price_cents: 1290, delivery_days: 3, provider: "table" },
      ],
      unavailable: ["correios", "melhorenvio"],
    });
    expect(quote).toEqual({
      postalCode: "01310-100",
      options: [
        {
          code: "pickup",
          name: "Retirada",
          price: "Grátis",
          priceCents: 0,
          delivery: "até 1 dia útil",
          details: "Rua A",
        },
        {
          code: "table:padrao",
          name: "Entrega padrão",
          price: "R$ 12,90",
          priceCents: 1290,
          delivery: "até 3 dias úteis",
          details: "",
        },
      ],
      unavailable: ["Correios", "Melhor Envio"],
      delivers: true,
    });
  });

  it("tells a CEP that only pickup serves from one that gets a delivery", () => {
    const pickup = { code: "pickup", name: "Retirada", price_cents: 0, delivery_days: 1, provider: "pickup" } as const;
    const free = { code: "free:table:padrao", name: "Frete grátis", price_cents: 0, delivery_days: 3 };
    expect(quoteText("50010000", { options: [pickup], unavailable: [] }).delivers).toBe(false);
    expect(quoteText("50010000", { options: [], unavailable: [] }).delivers).toBe(false);
    expect(quoteText("01310100", { options: [pickup, { ...free, provider: "free" }], unavailable: [] }).delivers).toBe(
      true,
    );
    expect(quoteText("01310100", { options: [{ ...free, provider: "correios" }], unavailable: [] }).delivers).toBe(
      true,
    );
  });
});

describe("form answers", () => {
  it("keeps what was typed, as text", () => {
    expect(textValues({ quantity: "2", variant_id: 7 }, ["quantity", "variant_id", "postal_code"])).toEqual({
      quantity: "2",
      variant_id: "",
      postal_code: "",
    });
  });

  it("answers a refusal with its status, its pt-BR message and the values sent", () => {
    const answer = refusedWith(invalid("Só há 2 unidades.", { quantity: ["Só há 2 unidades."] }), { quantity: "5" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      message: "Só há 2 unidades.",
      errors: { quantity: ["Só há 2 unidades."] },
      values: { quantity: "5" },
    });
  });

  it("lets other errors through", () => {
    expect(() => refusedWith(new Error("boom"), {})).toThrow("boom");
  });
});
