import { addToCart, type Cart, removeFromCart, setCoupon, updateInCart } from "../../../common/cart.ts";
import { invalid, notFound } from "../../../common/errors.ts";
import type { CartItemInput } from "../../../common/schemas/cart.ts";
import type { CartLine, PricedCart } from "../../../common/views/cart.ts";
import type { ProductView, VariantView } from "../../../common/views/products.ts";
import type { CouponCheck } from "../coupons/coupons-service.ts";
import { PRODUCT_NOT_FOUND } from "../products/products-service.ts";
import type { CartContext } from "./context.ts";

type Sellable = { product: ProductView; variant: VariantView };
/** A cart priced now, and what its cookie holds from now on. */
export type CartPricing = { cart: Cart; priced: PricedCart };
/** A cart priced for an order (priceForOrder). */
export type OrderPricing = Pick<PricedCart, "lines" | "subtotal_cents" | "notices"> & {
  coupon_lines: CouponCheck["lines"];
};

/** "Camiseta (M)": the product and, when it has options, the chosen values. */
function itemName({ product, variant }: Sellable): string {
  return variant.options.length ? `${product.name} (${variant.options.join(", ")})` : product.name;
}

function variantLabel({ product, variant }: Sellable): string {
  return variant.options.map((value, index) => `${product.options[index]?.name ?? "Opção"}: ${value}`).join(", ");
}

function units(quantity: number): string {
  return quantity === 1 ? "1 unidade" : `${quantity} unidades`;
}

/** The refusal of a quantity the stock cannot cover. */
function notEnoughStock(item: Sellable, wanted: number) {
  const message =
    item.variant.stock === 0
      ? `${itemName(item)} está esgotado.`
      : `Só há ${units(item.variant.stock)} de ${itemName(item)} em estoque; você pediu ${wanted}.`;
  return invalid(message, { quantity: [message] });
}

/** The lines as a coupon is checked against them: each with its product's tags. */
function couponLines(lines: CartLine[], tags: Map<number, string[]>): CouponCheck["lines"] {
  return lines.map((line) => ({
    product_id: line.product_id,
    tags: tags.get(line.product_id) ?? [],
    line_total_cents: line.line_total_cents,
  }));
}

/**
 * The cart's server side: every view prices the cookie's ids again from the database, and every add
 * or update is checked against the variant's stock. The cart itself stays in the visitor's cookie
 * (common/cart.ts); these functions take one and give the next.
 */
export function createCartService(context: CartContext) {
  const { services } = context;

  async function sellable(input: Pick<CartItemInput, "product_id" | "variant_id">): Promise<Sellable> {
    const [found] = await services.products.forCart([input.variant_id]);
    if (!found || found.product.id !== input.product_id) throw notFound(PRODUCT_NOT_FOUND);
    return found;
  }

  /** The coupon as it prices these lines now, for this customer. */
  async function couponVerdict(
    code: string,
    userId: number | null,
    lines: CartLine[],
    tags: Map<number, string[]>,
    subtotal_cents: number,
  ): Promise<NonNullable<PricedCart["coupon"]>> {
    const verdict = await services.coupons.evaluate({
      code,
      user_id: userId,
      lines: couponLines(lines, tags),
      subtotal_cents,
    });
    if (!verdict.applied)
      return { code, applied: false, reason: verdict.reason, items_discount_cents: 0, free_shipping: false };
    const { effect } = verdict;
    return {
      code: effect.code,
      applied: true,
      reason: null,
      items_discount_cents: effect.items_discount_cents,
      free_shipping: effect.free_shipping,
    };
  }

  function quantityIn(cart: Cart, input: Pick<CartItemInput, "product_id" | "variant_id">): number {
    const line = cart.items.find(
      (item) => item.product_id === input.product_id && item.variant_id === input.variant_id,
    );
    return line?.quantity ?? 0;
  }

  /**
   * The cookie's lines priced from one read of the products. A line whose product is gone or unpublished
   * leaves the cart; with `fitStock`, so does a sold-out one, and a quantity above the stock comes down to
   * it. Each change is told in `notices`, and `kept` is what the cookie should hold from now on.
   */
  async function priceLines(cart: Cart, fitStock: boolean) {
    const found = await services.products.forCart(cart.items.map((item) => item.variant_id));
    const byVariant = new Map(found.map((item) => [item.variant.id, item]));
    const notices: string[] = [];
    let kept: Cart = { ...cart, items: [] };
    for (const line of cart.items) {
      const item = byVariant.get(line.variant_id);
      if (!item || item.product.id !== line.product_id) {
        notices.push("Um produto do seu carrinho não está mais disponível e foi retirado.");
        continue;
      }
      let quantity = line.quantity;
      if (fitStock) {
        if (item.variant.stock === 0) {
          notices.push(`${itemName(item)} esgotou e foi retirado do carrinho.`);
          continue;
        }
        quantity = Math.min(line.quantity, item.variant.stock);
        if (quantity < line.quantity)
          notices.push(`Só há ${units(quantity)} de ${itemName(item)} em estoque; a quantidade foi ajustada.`);
      }
      kept = addToCart(kept, { ...line, quantity });
    }
    const lines: CartLine[] = [];
    const tags = new Map<number, string[]>();
    for (const [position, line] of kept.items.entries()) {
      const item = byVariant.get(line.variant_id);
      if (!item) continue;
      const cover = item.product.images[0];
      tags.set(item.product.id, item.product.tags);
      lines.push({
        position,
        product_id: line.product_id,
        variant_id: line.variant_id,
        name: item.product.name,
        variant: variantLabel(item),
        url: item.product.url,
        image: cover ? (cover.thumb ?? cover.url) : null,
        unit_price_cents: item.variant.price_cents,
        compare_at_cents: item.variant.compare_at_cents,
        quantity: line.quantity,
        line_total_cents: item.variant.price_cents * line.quantity,
        stock: item.variant.stock,
        weight_grams: item.product.weight_grams,
      });
    }
    const subtotal_cents = lines.reduce((total, line) => total + line.line_total_cents, 0);
    return { kept, lines, tags, notices, subtotal_cents };
  }

  /**
   * The cart priced now (priceLines, fitted to the stock). The cart's coupon is judged again against these lines and this
   * customer (`userId`, for the uses per customer): applied, or refused with the reason, its code kept in
   * the cart so she sees why and can remove it.
   */
  async function price(cart: Cart, userId: number | null = null): Promise<CartPricing> {
    const { kept, lines, tags, notices, subtotal_cents } = await priceLines(cart, true);
    return {
      cart: kept,
      priced: {
        lines,
        subtotal_cents,
        count: lines.reduce((total, line) => total + line.quantity, 0),
        postal_code: kept.postal_code,
        shipping: kept.shipping,
        coupon: kept.coupon ? await couponVerdict(kept.coupon, userId, lines, tags, subtotal_cents) : null,
        // 0 when the shop takes no Pix (manual payment): no price "no Pix" to show.
        pix_discount_percent: (await services.shop.storefront()).pix_discount_percent,
        notices,
      },
    };
  }

  return {
    /** Spec §4 add: the quantity joins what the cart already has of the variant, within its stock. */
    async add(cart: Cart, input: CartItemInput): Promise<Cart> {
      const item = await sellable(input);
      const wanted = quantityIn(cart, input) + input.quantity;
      if (wanted > item.variant.stock) throw notEnoughStock(item, wanted);
      return addToCart(cart, input);
    },

    /** Spec §4 update: the quantity replaces the cart's, within the variant's stock. */
    async update(cart: Cart, input: CartItemInput): Promise<Cart> {
      const item = await sellable(input);
      if (input.quantity > item.variant.stock) throw notEnoughStock(item, input.quantity);
      return updateInCart(cart, input);
    },

    price,

    /**
     * The cart priced for the order being placed from it, on the order's transaction: its lines and what
     * changed (priceLines), and the lines as a coupon is checked against them (with their products' tags).
     * The quantities stay as she asked: the stock, taken under its lock, says whether there are enough.
     * Neither the cookie's coupon nor the shop's Pix discount is looked at: the order's coupon is judged
     * once, under its lock (coupons.hold), and the payment settings are the order's own.
     */
    async priceForOrder(cart: Cart): Promise<OrderPricing> {
      const { lines, tags, notices, subtotal_cents } = await priceLines(cart, false);
      return { lines, subtotal_cents, notices, coupon_lines: couponLines(lines, tags) };
    },

    /**
     * "Aplicar": the cart priced with the code, kept only when the coupon applies; a refusal is an
     * error on the code's field with the reason ("Cupom expirado"), and the cart stays as it was.
     */
    async applyCoupon(cart: Cart, code: string, userId: number | null = null): Promise<CartPricing> {
      const result = await price(setCoupon(cart, code), userId);
      // A refused coupon always carries its reason; an applied one has none.
      const reason = result.priced.coupon?.reason;
      if (reason) throw invalid(reason, { code: [reason] });
      return result;
    },

    remove: (cart: Cart, position: number): Cart => removeFromCart(cart, position),
  };
}

export type CartService = ReturnType<typeof createCartService>;
