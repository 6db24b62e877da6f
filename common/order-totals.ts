// An order's sums, the one rule the cart, the checkout and the placed order share: the coupon comes off the
// items (and, free shipping, takes the whole shipping), then the Pix discount comes off what the items still
// cost. Shipping never gets the Pix discount: it is the carrier's price. Integer cents, rounded half up.

/** What an accepted coupon does to this cart: cents off the items it applies to, or free shipping. */
export type CouponEffect = { code: string; items_discount_cents: number; free_shipping: boolean };

export type OrderTotals = {
  subtotal_cents: number;
  shipping_cents: number;
  /** The coupon's part: off the items, plus the shipping when it makes shipping free. */
  coupon_discount_cents: number;
  /** Of the coupon's part, what came off the shipping. */
  coupon_shipping_discount_cents: number;
  pix_discount_cents: number;
  total_cents: number;
};

/** `percent` % of `cents`, rounded to the nearest cent (half up). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** A price as it is paid by Pix: what the product page shows as "R$ 95,00 no Pix". */
export function pixPrice(cents: number, pixDiscountPercent: number): number {
  return cents - percentOf(cents, pixDiscountPercent);
}

export function orderTotals(input: {
  subtotal_cents: number;
  shipping_cents: number;
  coupon: CouponEffect | null;
  pix_discount_percent: number;
  /** The customer pays by Pix: the discount applies. */
  by_pix: boolean;
}): OrderTotals {
  const { subtotal_cents, shipping_cents, coupon } = input;
  const itemsDiscount = coupon ? Math.min(Math.max(coupon.items_discount_cents, 0), subtotal_cents) : 0;
  const shippingDiscount = coupon?.free_shipping ? shipping_cents : 0;
  const pix = input.by_pix ? percentOf(subtotal_cents - itemsDiscount, input.pix_discount_percent) : 0;
  const coupon_discount_cents = itemsDiscount + shippingDiscount;
  return {
    subtotal_cents,
    shipping_cents,
    coupon_discount_cents,
    coupon_shipping_discount_cents: shippingDiscount,
    pix_discount_cents: pix,
    total_cents: subtotal_cents + shipping_cents - coupon_discount_cents - pix,
  };
}
