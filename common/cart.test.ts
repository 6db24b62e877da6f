import { describe, expect, it } from "vitest";
import {
  addToCart,
  CART_COOKIE_MAX_AGE_SECONDS,
  type Cart,
  cartCookieValue,
  cartCount,
  cartInCookies,
  cartSetCookie,
  chooseShipping,
  clearCart,
  emptyCart,
  MAX_CART_LINES,
  readCartCookie,
  removeFromCart,
  setCoupon,
  setPostalCode,
  updateInCart,
} from "./cart.ts";
import { cartItemSchema } from "./schemas/cart.ts";

const shirtM = { product_id: 1, variant_id: 11, quantity: 2 };
const shirtG = { product_id: 1, variant_id: 12, quantity: 1 };
const coffee = { product_id: 2, variant_id: 21, quantity: 1 };

describe("the cart's rules (spec §4)", () => {
  it("adds to the quantity of an item already there, and appends the others", () => {
    let cart = addToCart(emptyCart, shirtM);
    cart = addToCart(cart, coffee);
    cart = addToCart(cart, { ...shirtM, quantity: 3 });
    cart = addToCart(cart, shirtG);
    expect(cart.items).toEqual([{ ...shirtM, quantity: 5 }, coffee, shirtG]);
    expect(cartCount(cart)).toBe(7);
  });

  it("sets the quantity on update, or appends an item that is not there", () => {
    let cart = addToCart(emptyCart, shirtM);
    cart = updateInCart(cart, { ...shirtM, quantity: 3 });
    expect(cart.items).toEqual([{ ...shirtM, quantity: 3 }]);
    cart = updateInCart(cart, coffee);
    expect(cart.items).toEqual([{ ...shirtM, quantity: 3 }, coffee]);
  });

  it("removes by position and clears the items and the shipping, keeping the CEP", () => {
    let cart = [shirtM, coffee, shirtG].reduce(addToCart, emptyCart);
    cart = removeFromCart(cart, 1);
    expect(cart.items).toEqual([shirtM, shirtG]);
    expect(removeFromCart(cart, 9).items).toEqual([shirtM, shirtG]);
    cart = setCoupon(chooseShipping(setPostalCode(cart, "01310100"), "table:1"), "PROMO10");
    expect(clearCart(cart)).toEqual({ items: [], shipping: null, postal_code: "01310100", coupon: null });
  });

  it("forgets the chosen shipping when the CEP changes, and keeps it when the same CEP is set again", () => {
    const cart = chooseShipping(setPostalCode(emptyCart, "01310100"), "correios:04510");
    expect(setPostalCode(cart, "01310100").shipping).toBe("correios:04510");
    expect(setPostalCode(cart, "20040002")).toEqual({ ...emptyCart, postal_code: "20040002" });
  });

  it("refuses a quantity of 0 or 10^9 and ids that are not ids, in Portuguese", () => {
    const messages = (input: unknown) => cartItemSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ ...shirtM, quantity: 0 })).toEqual(["A quantidade mínima é 1"]);
    expect(messages({ ...shirtM, quantity: 10 ** 9 })).toEqual(["A quantidade máxima é 999"]);
    expect(messages({ ...shirtM, quantity: 1.5 })).toEqual(["Informe a quantidade em números inteiros"]);
    expect(messages({ ...shirtM, variant_id: -1 })).toEqual(["Produto inválido"]);
    expect(messages({ ...shirtM, product_id: 2 ** 40 })).toEqual(["Produto inválido"]);
  });
});

describe("the cart cookie", () => {
  const full: Cart = { items: [shirtM, coffee], shipping: "correios:04510", postal_code: "01310100", coupon: null };

  it("keeps ids, quantities, the CEP and the shipping choice, and reads back the same cart", () => {
    expect(cartCookieValue(full)).toBe("1~01310100~correios:04510~1.11.2_2.21.1");
    expect(readCartCookie(cartCookieValue(full))).toEqual(full);
    expect(readCartCookie(cartCookieValue(emptyCart))).toEqual(emptyCart);
    const free = { ...full, shipping: "free:table:entrega-padrao" };
    expect(readCartCookie(cartCookieValue(free))).toEqual(free);
  });

  it("keeps a coupon code as a version 2 cookie, and reads the version 1 cookies already out there without one", () => {
    const withCoupon = setCoupon(full, "PROMO-10_B");
    expect(cartCookieValue(withCoupon)).toBe("2~01310100~correios:04510~1.11.2_2.21.1~PROMO-10_B");
    expect(readCartCookie(cartCookieValue(withCoupon))).toEqual(withCoupon);
    expect(readCartCookie("1~01310100~correios:04510~1.11.2_2.21.1")).toEqual(full);
    expect(cartCookieValue(setCoupon(withCoupon, null))).toBe("1~01310100~correios:04510~1.11.2_2.21.1");
    const onlyCoupon = setCoupon(emptyCart, "FRETEGRATIS");
    expect(readCartCookie(cartCookieValue(onlyCoupon))).toEqual(onlyCoupon);
    expect(cartSetCookie(onlyCoupon, false)).toBe("cms_cart=2~~~~FRETEGRATIS; Path=/; SameSite=Lax; Max-Age=31536000");
  });

  it("lasts 365 days, and is removed when nothing is left to keep", () => {
    expect(CART_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(cartSetCookie(full, true)).toBe(
      "cms_cart=1~01310100~correios:04510~1.11.2_2.21.1; Path=/; SameSite=Lax; Max-Age=31536000; Secure",
    );
    expect(cartSetCookie(emptyCart, false)).toBe("cms_cart=; Path=/; SameSite=Lax; Max-Age=0");
  });

  it("gives an empty cart for a value it did not write", () => {
    const tampered = [
      "3~~~1.11.2",
      "2~~~1.11.2",
      "1~0131~~1.11.2",
      "1~~DROP TABLE~1.11.2",
      "1~~~1.11",
      "1~~~1.11.2_x",
      "1~~~1.11.0",
      "1~~~1.11.1000",
      "1~~~99999999999.1.1",
      "1~~~1.11.2~extra",
      "1~~~1.11.2\u0000",
      "1~~~1.11.2~PROMO10",
      "2~~~1.11.2~",
      "2~~~1.11.2~promo10",
      "2~~~1.11.2~PROMO 10",
      "2~~~1.11.2~PROMO10~X",
      `2~~~1.11.2~${"A".repeat(31)}`,
      "%7B%22items%22%3A%5B%5D%7D",
      `1~~~${"1.11.2_".repeat(400)}1.11.2`,
    ];
    for (const value of tampered) expect(readCartCookie(value), value).toEqual(emptyCart);
    expect(readCartCookie(undefined)).toEqual(emptyCart);
  });

  it("is found among a page's cookies by the header's script, and counted", () => {
    const value = cartCookieValue(addToCart(emptyCart, { ...coffee, quantity: 3 }));
    expect(cartCount(cartInCookies(`a=b; cms_cart=${value}; c=d`))).toBe(3);
    expect(cartInCookies("a=b; cms_cart=3~~~1.1.3")).toEqual(emptyCart);
    expect(cartInCookies("")).toEqual(emptyCart);
  });

  it("holds at most 50 lines, and merges repeated lines the way adding does", () => {
    const lines = Array.from({ length: MAX_CART_LINES }, (_, index) => `${index + 1}.${index + 1}.1`).join("_");
    expect(readCartCookie(`1~~~${lines}`).items).toHaveLength(MAX_CART_LINES);
    expect(readCartCookie(`1~~~${lines}_51.51.1`)).toEqual(emptyCart);
    expect(readCartCookie("1~~~1.11.2_1.11.3").items).toEqual([{ ...shirtM, quantity: 5 }]);
  });
});
