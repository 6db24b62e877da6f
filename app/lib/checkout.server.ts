import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { formatCep, normalizeCep } from "../../common/brazil/cep.ts";
import { municipalitiesOf } from "../../common/brazil/municipalities.ts";
import { formatPhone } from "../../common/brazil/phone.ts";
import { formatTaxId } from "../../common/brazil/tax-id.ts";
import { type Cart, clearCart, setCoupon } from "../../common/cart.ts";
import { invalid } from "../../common/errors.ts";
import { failureOf } from "../../common/failure.ts";
import { formatBRL } from "../../common/money.ts";
import { orderTotals } from "../../common/order-totals.ts";
import { parseInput } from "../../common/parse-input.ts";
import { couponCodeSchema } from "../../common/schemas/cart.ts";
import { registrationSchema } from "../../common/schemas/customer.ts";
import { checkoutSchema } from "../../common/schemas/orders.ts";
import type { PaymentSettings } from "../../common/schemas/payments.ts";
import { sitePaths } from "../../common/site-paths.ts";
import type { PricedCart } from "../../common/views/cart.ts";
import type { AccountView, CustomerAddressView } from "../../common/views/customer.ts";
import { LOOKUP_FOUND, LOOKUP_UNAVAILABLE } from "../components/site/checkout-address.tsx";
import type { OptionSums, PixOffer } from "../components/site/checkout-review.tsx";
import { APPLY_COUPON, type CouponText } from "../components/site/coupon-fields.tsx";
import type { QuoteText } from "../components/site/shipping-options.tsx";
import type { AppContext } from "./context.server.ts";
import { cartCookieHeader, couponEffect, couponText, discountText, quoteText, textValues } from "./shop.server.ts";

// The order finalisation page (/loja/finalizar-pedido) on the server: the form's state as the page
// draws it (values, the chosen state's cities, the shipping options for the CEP, each option's total),
// built the same way for the first view and for every answer to its buttons, so the page works the
// same with and without JavaScript.

export const ADDRESS_KEYS = ["postal_code", "uf", "city", "street", "number", "neighborhood", "complement"] as const;
const BUYER_KEYS = ["name", "tax_id", "phone", "organization"] as const;
/** `code` is the coupon field's (what "Aplicar" sends); `payment_choice` is Pix or card at Mercado Pago. */
export const CHECKOUT_KEYS = [
  ...ADDRESS_KEYS,
  ...BUYER_KEYS,
  "shipping",
  "idempotency_key",
  "code",
  "payment_choice",
] as const;
/** The signed-in customer. */
export type Buyer = NonNullable<AppContext["actor"]>;

export type CheckoutValues = Record<(typeof CHECKOUT_KEYS)[number], string>;

const REGISTRATION_KEYS = ["name", "email", "tax_id", "phone", "organization"] as const;
export type RegistrationValues = Record<(typeof REGISTRATION_KEYS)[number], string>;

/** What the page draws from: the form's values and what they lead to. */
export type CheckoutForm = {
  values: CheckoutValues;
  cities: string[];
  quote: QuoteText | null;
  /** Each shipping option's sums: its totals as cents (sent back as the total she reviewed) and as text. */
  totals: Record<string, OptionSums>;
  /** The cart's coupon as priced for this form (applying or removing one draws the form again). */
  coupon: CouponText | null;
  /** The lookup's word on the CEP, shown beside it. */
  notice: string | null;
  /** Changes with every answer, so the fields take the new values. */
  revision: string;
};

export type CheckoutFailure = {
  ok: false;
  message: string;
  errors: Record<string, string[]>;
  form: CheckoutForm | null;
  registration: RegistrationValues | null;
  /** The coupon code she sent before signing in, shown again with its refusal (signed in, the form has it). */
  typedCoupon: string;
};

export function cartLines(priced: PricedCart) {
  return priced.lines.map((line) => ({
    key: `${line.product_id}.${line.variant_id}`,
    name: line.name,
    variant: line.variant,
    url: line.url,
    quantity: line.quantity,
    unitPrice: formatBRL(line.unit_price_cents),
    total: formatBRL(line.line_total_cents),
  }));
}

/** The shipping she chose in the cart, as the review shows it before she signs in. */
export type CartShipping = { name: string; price: string; postalCode: string; sums: OptionSums };

/**
 * Whether the customer gets the shop's Pix discount: always with the static Pix code, by choosing Pix at
 * Mercado Pago (which takes cards too); never with manual payment or without a discount.
 */
function pixOffer(payments: Pick<PaymentSettings, "provider" | "pix_discount_percent">): PixOffer | null {
  const percent = payments.pix_discount_percent;
  if (percent === 0 || payments.provider === "manual") return null;
  return { percent, mode: payments.provider === "pix" ? "always" : "choice" };
}

/** The shop's Pix discount as the checkout offers it: only the two settings it needs, never the secrets. */
export async function shopPixOffer(app: AppContext): Promise<PixOffer | null> {
  const { provider, pix_discount_percent } = await app.services.shop.paymentSettings();
  return pixOffer({ provider, pix_discount_percent });
}

const amount = (cents: number) => ({ cents, text: formatBRL(cents) });

/** The order's sums with one shipping price (common/order-totals.ts): the coupon's part, then the Pix discount's. */
function sumsWith(priced: PricedCart, shippingCents: number, pix: PixOffer | null): OptionSums {
  const sums = (byPix: boolean) =>
    orderTotals({
      subtotal_cents: priced.subtotal_cents,
      shipping_cents: shippingCents,
      coupon: couponEffect(priced.coupon),
      pix_discount_percent: pix?.percent ?? 0,
      by_pix: byPix,
    });
  const full = sums(false);
  const byPix = pix ? sums(true) : null;
  return {
    ...amount(full.total_cents),
    couponDiscount: full.coupon_discount_cents > 0 ? discountText(full.coupon_discount_cents) : null,
    pix: byPix ? { discount: discountText(byPix.pix_discount_cents), total: amount(byPix.total_cents) } : null,
  };
}

/**
 * The option chosen in the cart for the cart's CEP, while it is still offered there, and the total with
 * it: the review shows them before she signs in, as the cart did.
 */
export async function cartShipping(
  app: AppContext,
  cart: Cart,
  priced: PricedCart,
  pix: PixOffer | null,
): Promise<CartShipping | null> {
  if (cart.postal_code === null || cart.shipping === null || cart.items.length === 0) return null;
  const quote = quoteText(
    cart.postal_code,
    await app.services.shop.quote(app.actor, { postal_code: cart.postal_code, items: cart.items }),
  );
  const option = quote.options.find((candidate) => candidate.code === cart.shipping);
  if (!option) return null;
  return {
    name: option.name,
    price: option.price,
    postalCode: quote.postalCode,
    sums: sumsWith(priced, option.priceCents, pix),
  };
}

/** The shipping options for the form's CEP (none before a valid one), with the choice kept when it is still offered. */
async function quoteFor(app: AppContext, cart: Cart, values: CheckoutValues, priced: PricedCart) {
  const digits = normalizeCep(values.postal_code);
  if (digits === null || cart.items.length === 0) return { quote: null, totals: {}, shipping: "" };
  const quote = quoteText(digits, await app.services.shop.quote(app.actor, { postal_code: digits, items: cart.items }));
  const offered = (code: string | null) => quote.options.some((option) => option.code === code);
  const shipping = [values.shipping, cart.shipping].find(offered) ?? quote.options[0]?.code ?? "";
  const pix = await shopPixOffer(app);
  const totals = Object.fromEntries(
    quote.options.map((option) => [option.code, sumsWith(priced, option.priceCents, pix)]),
  );
  return { quote, totals, shipping };
}

export async function checkoutForm(
  app: AppContext,
  cart: Cart,
  priced: PricedCart,
  values: CheckoutValues,
  notice: string | null = null,
): Promise<CheckoutForm> {
  const { quote, totals, shipping } = await quoteFor(app, cart, values, priced);
  const digits = normalizeCep(values.postal_code);
  return {
    values: { ...values, postal_code: digits ? formatCep(digits) : values.postal_code, shipping },
    cities: [...municipalitiesOf(values.uf)],
    quote,
    totals,
    coupon: couponText(priced.coupon),
    notice,
    revision: randomUUID(),
  };
}

/** The first view's values: her account's details and her latest address (or the cart's CEP). */
export function initialValues(account: AccountView, addresses: CustomerAddressView[], cart: Cart): CheckoutValues {
  const latest = addresses[0];
  return {
    ...addressValues(latest),
    postal_code: latest?.postal_code ?? cart.postal_code ?? "",
    name: account.name,
    tax_id: account.tax_id ? formatTaxId(account.tax_id) : "",
    phone: account.phone ? formatPhone(account.phone) : "",
    organization: account.organization,
    shipping: cart.shipping ?? "",
    idempotency_key: randomUUID(),
    code: "",
    // The cheaper, where she chooses: the Pix discount is the reason to offer the choice here.
    payment_choice: "pix",
  };
}

function addressValues(address: CustomerAddressView | undefined): Record<(typeof ADDRESS_KEYS)[number], string> {
  return {
    postal_code: address?.postal_code ?? "",
    uf: address?.uf ?? "",
    city: address?.city ?? "",
    street: address?.street ?? "",
    number: address?.number ?? "",
    neighborhood: address?.neighborhood ?? "",
    complement: address?.complement ?? "",
  };
}

/** "Rua Augusta, 500, apto 3 - Consolação, São Paulo/SP, 01305-000": a saved address to choose. */
export function addressLabel(address: CustomerAddressView): string {
  const street = [address.street, address.number, address.complement].filter(Boolean).join(", ");
  const place = [address.neighborhood, `${address.city}/${address.uf}`].filter(Boolean).join(", ");
  return `${street} - ${place}, ${formatCep(address.postal_code)}`;
}

/** "Usar este endereço": the chosen saved address in the form's address fields. */
export function withSavedAddress(
  values: CheckoutValues,
  addresses: CustomerAddressView[],
  chosen: unknown,
): CheckoutValues {
  const address = addresses.find((candidate) => String(candidate.id) === chosen);
  if (!address)
    throw invalid("Escolha um dos endereços salvos.", { saved_address: ["Escolha um dos endereços salvos."] });
  return { ...values, ...addressValues(address) };
}

/**
 * "Buscar" without JavaScript: the CEP's address in the fields (the number and complement she typed
 * stay), or, when no service answers, the CEP's state so she picks the city from its list.
 */
export async function lookUpCep(app: AppContext, cart: Cart, priced: PricedCart, values: CheckoutValues) {
  try {
    const found = await app.services.addressLookup.find(app.actor, values.postal_code, app.clientAddress);
    const filled = found.available
      ? {
          ...values,
          postal_code: found.address.postal_code,
          uf: found.address.uf,
          city: found.address.city,
          street: found.address.street || values.street,
          neighborhood: found.address.neighborhood || values.neighborhood,
        }
      : { ...values, uf: found.uf ?? values.uf, city: "" };
    return {
      ok: true as const,
      form: await checkoutForm(app, cart, priced, filled, found.available ? LOOKUP_FOUND : LOOKUP_UNAVAILABLE),
    };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const form = await checkoutForm(app, cart, priced, { ...values, shipping: "" });
    return refused(error, { form, errors: { postal_code: [failure.body.message] } });
  }
}

export const submittedValues = (submitted: Record<string, unknown>): CheckoutValues =>
  textValues(submitted, CHECKOUT_KEYS);

/** A refusal with the form drawn again from what was sent; anything but a refusal goes on. */
export function refused(
  error: unknown,
  state: {
    form?: CheckoutForm;
    registration?: Record<string, unknown>;
    errors?: Record<string, string[]>;
    typedCoupon?: string;
  },
) {
  const failure = failureOf(error);
  if (!failure) throw error;
  const { message, errors = {} } = failure.body;
  const body: CheckoutFailure = {
    ok: false,
    message,
    errors: { ...errors, ...state.errors },
    form: state.form ?? null,
    registration: state.registration ? textValues(state.registration, REGISTRATION_KEYS) : null,
    typedCoupon: state.typedCoupon ?? "",
  };
  return data(body, { status: failure.status });
}

/** Creates her account and signs her in, in one transaction, then shows the checkout again, signed in. */
export async function registerAndComeBack(app: AppContext, submitted: Record<string, unknown>) {
  try {
    const input = parseInput(registrationSchema, submitted);
    const { session } = await app.flows.signUp(app.services, input, app.clientAddress);
    return redirect(sitePaths.checkout, { headers: { "Set-Cookie": app.sessionCookie(session.token) } });
  } catch (error) {
    return refused(error, { registration: submitted });
  }
}

/**
 * "Aplicar" (APPLY_COUPON) or "Remover" of the coupon, the cart's cookie keeping the change. Signed in,
 * the order form is drawn again with it and with what she typed; before that, the page is shown again.
 * A refused code is the coupon field's error (with the code she typed), and the cart stays as it was.
 */
export async function changeCoupon(
  app: AppContext,
  cart: Cart,
  priced: PricedCart,
  submitted: Record<string, unknown>,
) {
  const values = { ...submittedValues(submitted), code: "" };
  try {
    const next =
      submitted.intent === APPLY_COUPON
        ? await app.services.cart.applyCoupon(cart, parseInput(couponCodeSchema, submitted).code, app.actor?.id ?? null)
        : await app.services.cart.price(setCoupon(cart, null), app.actor?.id ?? null);
    const headers = { "Set-Cookie": cartCookieHeader(app.services, next.cart) };
    if (!app.actor) return redirect(sitePaths.checkout, { headers });
    return data({ ok: true as const, form: await checkoutForm(app, next.cart, next.priced, values) }, { headers });
  } catch (error) {
    const typed = submittedValues(submitted);
    if (!app.actor) return refused(error, { typedCoupon: typed.code });
    return refused(error, { form: await checkoutForm(app, cart, priced, typed) });
  }
}

/**
 * "Confirmar pedido": places the order (server/flows/place-order.ts prices the cart once, in the transaction
 * that takes its stock) with the total she saw beside her chosen option (by Pix when she pays by Pix: the
 * static code, or her choice at Mercado Pago), empties the cart and sends her to the order's payment page.
 * Only a refusal prices the cart here, to draw the form again with what she sent; an empty cart goes back to
 * the page.
 */
export async function confirmOrder(app: AppContext, buyer: Buyer, cart: Cart, submitted: Record<string, unknown>) {
  const values = submittedValues(submitted);
  try {
    const pix = await shopPixOffer(app);
    const byPix = pix !== null && (pix.mode === "always" || values.payment_choice === "pix");
    const reviewed = submitted[`${byPix ? "total_pix_" : "total_"}${values.shipping}`];
    const input = parseInput(checkoutSchema, {
      ...submitted,
      expected_total_cents: typeof reviewed === "string" && reviewed !== "" ? reviewed : undefined,
    });
    const { order, created } = await app.flows.placeOrder(app.services, buyer, cart, input);
    // A replayed key answers the order it made before: the cart she filled since then stays.
    if (!created) return redirect(sitePaths.payment(order.id));
    return redirect(sitePaths.payment(order.id), {
      headers: { "Set-Cookie": cartCookieHeader(app.services, clearCart(cart)) },
    });
  } catch (error) {
    if (!failureOf(error)) throw error;
    const pricing = await app.services.cart.price(cart, buyer.id);
    if (pricing.priced.lines.length === 0) throw redirect(sitePaths.checkout);
    return refused(error, { form: await checkoutForm(app, pricing.cart, pricing.priced, values) });
  }
}
