import { data, redirect } from "react-router";
import { formatCep } from "../../common/brazil/cep.ts";
import { CART_COOKIE, type Cart, cartSetCookie, emptyCart, readCartCookie } from "../../common/cart.ts";
import { failureOf } from "../../common/failure.ts";
import { formatBRL } from "../../common/money.ts";
import type { CouponEffect } from "../../common/order-totals.ts";
import type { PricedCart } from "../../common/views/cart.ts";
import type { ProductView } from "../../common/views/products.ts";
import type { ShippingQuoteView } from "../../common/views/shop.ts";
import type { CouponText } from "../components/site/coupon-fields.tsx";
import type { ProductCard } from "../components/site/product-grid.tsx";
import type { QuoteText } from "../components/site/shipping-options.tsx";
import type { Services } from "./context.server.ts";
import { redirectWithFlash } from "./flash.server.ts";

// What the shop's pages (/loja, /loja/{slug}, /loja/carrinho) share on the server. Amounts are turned
// into text here, in the loaders and actions: common/money.ts carries zod, which public bundles leave out.

/** The cart in the request's cookie (an empty one when there is none or it was not written here). */
export function requestCart(request: Request): Cart {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === CART_COOKIE) {
      try {
        return readCartCookie(decodeURIComponent(part.slice(at + 1).trim()));
      } catch {
        // A value that is not even valid percent-encoding was not written here either.
        return emptyCart;
      }
    }
  }
  return emptyCart;
}

export const cartCookieHeader = (services: Services, cart: Cart) => cartSetCookie(cart, services.config.secureCookies);

/** After a change to the cart: keep it in the cookie and show the page again (POST/redirect/GET). */
export async function redirectWithCart(services: Services, to: string, cart: Cart, message?: string) {
  const headers = new Headers({ "Set-Cookie": cartCookieHeader(services, cart) });
  if (message) return redirectWithFlash(to, message, headers);
  return redirect(to, { headers });
}

export function productCard(product: ProductView): ProductCard {
  const cover = product.images[0];
  const prices = new Set(product.variants.map((variant) => variant.price_cents));
  return {
    id: product.id,
    name: product.name,
    url: product.url,
    image: cover ? (cover.thumb ?? cover.url) : null,
    imageAlt: cover?.alt ?? "",
    price: formatBRL(product.price_cents),
    compareAt: product.compare_at_cents === null ? null : formatBRL(product.compare_at_cents),
    inStock: product.in_stock,
    fromPrice: prices.size > 1,
  };
}

/** "até 3 dias úteis"; a pickup ready at once is "no mesmo dia". */
export function deliveryText(days: number): string {
  if (days <= 0) return "no mesmo dia";
  return days === 1 ? "até 1 dia útil" : `até ${days} dias úteis`;
}

/** The providers that ask a carrier's API, by the name the customer knows; the shop's own never fail. */
const CARRIERS_THAT_MAY_FAIL: Partial<Record<ShippingQuoteView["unavailable"][number], string>> = {
  correios: "Correios",
  melhorenvio: "Melhor Envio",
};

/** A quote as the pages show it: prices as R$ 12,90 and days in words. */
export function quoteText(postalCode: string, quote: ShippingQuoteView): QuoteText {
  return {
    postalCode: formatCep(postalCode),
    options: quote.options.map((option) => ({
      code: option.code,
      name: option.name,
      price: option.price_cents === 0 ? "Grátis" : formatBRL(option.price_cents),
      priceCents: option.price_cents,
      delivery: deliveryText(option.delivery_days),
      details: option.details ?? "",
    })),
    unavailable: quote.unavailable.flatMap((provider) => {
      const carrier = CARRIERS_THAT_MAY_FAIL[provider];
      return carrier ? [carrier] : [];
    }),
    delivers: quote.options.some((option) => option.provider !== "pickup"),
  };
}

/** Cents as the decimal reais schema.org and Open Graph read: 5290 -> "52.90". */
export function reaisText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** A form's values as text, to show them again in the form that a page without JavaScript renders anew. */
export function textValues<K extends string>(
  submitted: Record<string, unknown>,
  keys: readonly K[],
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = submitted[key];
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * A refusal (input the shared schema refused, a pt-BR DomainError such as the stock's) as the page's
 * answer with its status, carrying what was sent so the form shows it again; anything else goes on.
 */
export function refusedWith<V>(error: unknown, values: V) {
  const failure = failureOf(error);
  if (!failure) throw error;
  const { message, errors = {} } = failure.body;
  return data({ ok: false as const, message, errors, values }, { status: failure.status });
}

/** "− R$ 10,00": an amount taken off, as the sums show it. */
export const discountText = (cents: number) => `− ${formatBRL(cents)}`;

/** The cart's coupon as the pages show it: what it takes off, or why it does not apply now. */
export function couponText(coupon: PricedCart["coupon"]): CouponText | null {
  if (!coupon) return null;
  const effects = [
    coupon.items_discount_cents > 0 ? discountText(coupon.items_discount_cents) : null,
    coupon.free_shipping ? "frete grátis" : null,
  ].filter((effect) => effect !== null);
  return {
    code: coupon.code,
    applied: coupon.applied,
    reason: coupon.reason,
    effect: effects.length > 0 ? effects.join(" e ") : "aplicado",
  };
}

/** The coupon's part in the sums (common/order-totals.ts) while it applies to the cart. */
export function couponEffect(coupon: PricedCart["coupon"]): CouponEffect | null {
  if (!coupon?.applied) return null;
  return { code: coupon.code, items_discount_cents: coupon.items_discount_cents, free_shipping: coupon.free_shipping };
}
