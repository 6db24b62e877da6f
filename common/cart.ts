import { MAX_ID } from "./id-range.ts";

// The visitor's cart (spec §3 Cart, §4 Cart) as it lives in its cookie: ids and quantities only. Prices,
// names and stock are read again from the database on every view (server/modules/shop/cart-service.ts),
// so a cookie someone edited by hand can at worst name other products, never change what they cost.
// No zod here: the header's count (app/components/site/cart-link.tsx) reads the cookie in the browser
// with this module; the inputs' schemas are in common/schemas/cart.ts.

/** The cart cookie's name; it is readable by the page's script, which shows the count in the header. */
export const CART_COOKIE = "cms_cart";
/** Spec §9: the cart cookie lasts 365 days. */
export const CART_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 999;
/** Longer than a cart of MAX_CART_LINES lines can be: a longer cookie was not written here. */
const MAX_COOKIE_LENGTH = 2_000;

export type CartItem = { product_id: number; variant_id: number; quantity: number };
export type Cart = {
  items: CartItem[];
  /** The shipping option chosen on the cart page ("table:3", "correios:04510", "pickup"). */
  shipping: string | null;
  /** The CEP typed for the quote, 8 digits. */
  postal_code: string | null;
  /** The coupon code she typed, in upper case: priced again on every view, never trusted. */
  coupon: string | null;
};

export const emptyCart: Cart = { items: [], shipping: null, postal_code: null, coupon: null };

/** The longest service part of a shipping option's code (a table rate's name becomes one: table-rates.ts). */
export const SHIPPING_SERVICE_MAX = 40;

/** The longest coupon code: it lives in the cart's cookie. */
export const MAX_COUPON_CODE = 30;
/** A coupon code as kept: upper case letters without accents, digits, - and _ (all fine in a cookie). */
export const COUPON_CODE_PATTERN = new RegExp(`^[A-Z0-9_-]{1,${MAX_COUPON_CODE}}$`);

/** A shipping option's code (server/modules/shop/shipping/): "pickup", "correios:04510", "free:table:entrega-padrao". */
export const SHIPPING_CODE_PATTERN = new RegExp(`^[a-z]+(?::[a-z]+)?(?::[A-Za-z0-9_-]{1,${SHIPPING_SERVICE_MAX}})?$`);

const sameLine = (a: CartItem, b: Pick<CartItem, "product_id" | "variant_id">) =>
  a.product_id === b.product_id && a.variant_id === b.variant_id;

/** Spec §4: an item already in the cart gains the added quantity; another is appended. */
export function addToCart(cart: Cart, item: CartItem): Cart {
  const found = cart.items.some((line) => sameLine(line, item));
  const items = found
    ? cart.items.map((line) =>
        sameLine(line, item) ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + item.quantity) } : line,
      )
    : [...cart.items, item].slice(0, MAX_CART_LINES);
  return { ...cart, items };
}

/** Spec §4: updating sets the quantity of the item, or appends it when it is not there. */
export function updateInCart(cart: Cart, item: CartItem): Cart {
  if (!cart.items.some((line) => sameLine(line, item))) return addToCart(cart, item);
  return {
    ...cart,
    items: cart.items.map((line) => (sameLine(line, item) ? { ...line, quantity: item.quantity } : line)),
  };
}

/** Spec §4: an item is removed by its position; a position past the end changes nothing. */
export function removeFromCart(cart: Cart, position: number): Cart {
  return { ...cart, items: cart.items.filter((_, index) => index !== position) };
}

/**
 * Spec §4: clearing empties the items and the shipping chosen for them; the visitor's CEP stays. The
 * coupon goes too: it belongs to one purchase (one coupon per order), and placing an order clears the
 * cart this way, so a kept code would apply itself again to her next order unasked.
 */
export function clearCart(cart: Cart): Cart {
  return { ...cart, items: [], shipping: null, coupon: null };
}

export function chooseShipping(cart: Cart, shipping: string | null): Cart {
  return { ...cart, shipping };
}

/** A new CEP makes the options quoted for the old one meaningless: the choice goes with it. */
export function setPostalCode(cart: Cart, postalCode: string | null): Cart {
  return postalCode === cart.postal_code ? cart : { ...cart, postal_code: postalCode, shipping: null };
}

/** The coupon code to price with the cart from now on (already in upper case), or none. */
export function setCoupon(cart: Cart, code: string | null): Cart {
  return { ...cart, coupon: code };
}

/** How many units the cart holds: the header's count. */
export const cartCount = (cart: Cart) => cart.items.reduce((total, item) => total + item.quantity, 0);

// The cookie's value: "1~<cep>~<shipping>~<product>.<variant>.<quantity>_<product>.<variant>.<quantity>",
// and "2~<cep>~<shipping>~<lines>~<coupon>" when it holds a coupon. Version 1 is still written for a cart
// without one, so those cookies stay as they were and read the same on a server not yet updated (a
// rolling restart of several processes). Every character in it is allowed in a cookie without quoting,
// and it is short enough for 50 lines.
const LINE = /^(\d{1,10})\.(\d{1,10})\.(\d{1,3})$/;

export function cartCookieValue(cart: Cart): string {
  const lines = cart.items.map((item) => `${item.product_id}.${item.variant_id}.${item.quantity}`).join("_");
  const fields = [cart.postal_code ?? "", cart.shipping ?? "", lines];
  return cart.coupon ? ["2", ...fields, cart.coupon].join("~") : ["1", ...fields].join("~");
}

/**
 * The cart in a cookie's value. Anything this code did not write (a value too long, a line that is
 * not three numbers, ids out of range, a coupon that is not a code, an unknown version) gives an empty
 * cart rather than an error: the visitor starts again, and nothing in it is trusted anyway.
 */
export function readCartCookie(value: string | null | undefined): Cart {
  if (!value || value.length > MAX_COOKIE_LENGTH) return emptyCart;
  const [version, postalCode = "", shipping = "", lines = "", ...rest] = value.split("~");
  const coupon = version === "2" && rest.length === 1 ? (rest[0] ?? "") : null;
  const fieldsFit = version === "1" ? rest.length === 0 : coupon !== null && COUPON_CODE_PATTERN.test(coupon);
  if (!fieldsFit) return emptyCart;
  if (postalCode !== "" && !/^\d{8}$/.test(postalCode)) return emptyCart;
  if (shipping !== "" && !SHIPPING_CODE_PATTERN.test(shipping)) return emptyCart;
  let cart: Cart = { items: [], shipping: shipping || null, postal_code: postalCode || null, coupon };
  for (const line of lines === "" ? [] : lines.split("_")) {
    const [, product = "", variant = "", quantity = ""] = LINE.exec(line) ?? [];
    const item = { product_id: Number(product), variant_id: Number(variant), quantity: Number(quantity) };
    const valid =
      item.product_id >= 1 && item.product_id <= MAX_ID && item.variant_id >= 1 && item.variant_id <= MAX_ID;
    if (!valid || item.quantity < 1 || cart.items.length >= MAX_CART_LINES) return emptyCart;
    cart = addToCart(cart, item);
  }
  return cart;
}

/** The cart in a whole `document.cookie` string, for the header's count in the browser. */
export function cartInCookies(cookies: string): Cart {
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === CART_COOKIE) return readCartCookie(pair.slice(at + 1).trim());
  }
  return emptyCart;
}

/** The Set-Cookie value that keeps `cart` for 365 days (readable by the page's script for the count). */
export function cartSetCookie(cart: Cart, secure: boolean): string {
  const value = cart.items.length === 0 && !cart.postal_code && !cart.coupon ? "" : cartCookieValue(cart);
  const maxAge = value === "" ? 0 : CART_COOKIE_MAX_AGE_SECONDS;
  return `${CART_COOKIE}=${value}; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}
