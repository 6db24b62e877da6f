// The header's cart count, read in the browser from the cart cookie (common/cart.ts writes it). It lives
// apart from common/cart.ts so that the public pages' bundle does not take that module's zod schemas along.

/** common/cart.ts's CART_COOKIE, repeated here for the same reason (common/cart-count.test.ts keeps them equal). */
export const CART_COUNT_COOKIE = "cms_cart";

/** Units in a `cms_cart` value ("1~<cep>~<shipping>~<product>.<variant>.<quantity>_..."); 0 for anything else. */
export function cartCountOf(value: string | null | undefined): number {
  const lines = value?.split("~")[3];
  if (value?.split("~")[0] !== "1" || !lines) return 0;
  let total = 0;
  for (const line of lines.split("_")) {
    const match = /^\d{1,10}\.\d{1,10}\.(\d{1,3})$/.exec(line);
    if (!match) return 0;
    total += Number(match[1]);
  }
  return total;
}

/** The count from a whole `document.cookie` string. */
export function cartCountInCookies(cookies: string, name = CART_COUNT_COOKIE): number {
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return cartCountOf(decodeURIComponent(pair.slice(at + 1).trim()));
  }
  return 0;
}
