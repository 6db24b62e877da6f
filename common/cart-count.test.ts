import { describe, expect, it } from "vitest";
import { addToCart, CART_COOKIE, cartCookieValue, emptyCart, setPostalCode } from "./cart.ts";
import { CART_COUNT_COOKIE, cartCountInCookies, cartCountOf } from "./cart-count.ts";

describe("cartCountOf", () => {
  it("adds up the quantities of the value common/cart.ts writes", () => {
    let cart = setPostalCode(emptyCart, "01310100");
    cart = addToCart(cart, { product_id: 1, variant_id: 2, quantity: 2 });
    cart = addToCart(cart, { product_id: 3, variant_id: 4, quantity: 5 });
    expect(cartCountOf(cartCookieValue({ ...cart, shipping: "table:1" }))).toBe(7);
  });

  it("gives 0 for an empty cart, a missing cookie or a value it does not know", () => {
    expect(cartCountOf(cartCookieValue(setPostalCode(emptyCart, "01310100")))).toBe(0);
    expect(cartCountOf(undefined)).toBe(0);
    expect(cartCountOf("2~~~1.1.3")).toBe(0);
    expect(cartCountOf("1~~~1.1.x")).toBe(0);
  });

  it("reads the cookie common/cart.ts writes", () => {
    expect(CART_COUNT_COOKIE).toBe(CART_COOKIE);
  });

  it("finds the cart among the page's cookies", () => {
    const value = cartCookieValue(addToCart(emptyCart, { product_id: 9, variant_id: 9, quantity: 3 }));
    expect(cartCountInCookies(`a=b; ${CART_COOKIE}=${value}; c=d`, CART_COOKIE)).toBe(3);
    expect(cartCountInCookies("a=b")).toBe(0);
  });
});
