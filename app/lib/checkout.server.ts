import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { formatCep, normalizeCep } from "../../common/brazil/cep.ts";
import { municipalitiesOf } from "../../common/brazil/municipalities.ts";
import { formatPhone } from "../../common/brazil/phone.ts";
import { formatTaxId } from "../../common/brazil/tax-id.ts";
import { type Cart, clearCart } from "../../common/cart.ts";
import { invalid } from "../../common/errors.ts";
import { failureOf } from "../../common/failure.ts";
import { formatBRL } from "../../common/money.ts";
import { parseInput } from "../../common/parse-input.ts";
import { registrationSchema } from "../../common/schemas/customer.ts";
import { checkoutSchema } from "../../common/schemas/orders.ts";
import { sitePaths } from "../../common/site-paths.ts";
import type { PricedCart } from "../../common/views/cart.ts";
import type { AccountView, CustomerAddressView } from "../../common/views/customer.ts";
import { LOOKUP_FOUND, LOOKUP_UNAVAILABLE } from "../components/site/checkout-address.tsx";
import type { QuoteText } from "../components/site/shipping-options.tsx";
import type { AppContext } from "./context.server.ts";
import { cartCookieHeader, quoteText, textValues } from "./shop.server.ts";

// The order finalisation page (/loja/finalizar-pedido) on the server: the form's state as the page
// draws it (values, the chosen state's cities, the shipping options for the CEP, each option's total),
// built the same way for the first view and for every answer to its buttons, so the page works the
// same with and without JavaScript.

export const ADDRESS_KEYS = ["postal_code", "uf", "city", "street", "number", "neighborhood", "complement"] as const;
const BUYER_KEYS = ["name", "tax_id", "phone", "organization"] as const;
export const CHECKOUT_KEYS = [...ADDRESS_KEYS, ...BUYER_KEYS, "shipping", "idempotency_key"] as const;
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
  /** Each shipping option's order total, as cents (sent back as the total she reviewed) and as text. */
  totals: Record<string, { cents: number; text: string }>;
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
export type CartShipping = { name: string; price: string; postalCode: string; total: string };

/**
 * The option chosen in the cart for the cart's CEP, while it is still offered there, and the total with
 * it: the review shows them before she signs in, as the cart did.
 */
export async function cartShipping(app: AppContext, cart: Cart, priced: PricedCart): Promise<CartShipping | null> {
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
    total: formatBRL(priced.subtotal_cents + option.priceCents),
  };
}

/** The shipping options for the form's CEP (none before a valid one), with the choice kept when it is still offered. */
async function quoteFor(app: AppContext, cart: Cart, values: CheckoutValues, subtotal: number) {
  const digits = normalizeCep(values.postal_code);
  if (digits === null || cart.items.length === 0) return { quote: null, totals: {}, shipping: "" };
  const quote = quoteText(digits, await app.services.shop.quote(app.actor, { postal_code: digits, items: cart.items }));
  const offered = (code: string | null) => quote.options.some((option) => option.code === code);
  const shipping = [values.shipping, cart.shipping].find(offered) ?? quote.options[0]?.code ?? "";
  const totals = Object.fromEntries(
    quote.options.map((option) => {
      const cents = subtotal + option.priceCents;
      return [option.code, { cents, text: formatBRL(cents) }];
    }),
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
  const { quote, totals, shipping } = await quoteFor(app, cart, values, priced.subtotal_cents);
  const digits = normalizeCep(values.postal_code);
  return {
    values: { ...values, postal_code: digits ? formatCep(digits) : values.postal_code, shipping },
    cities: [...municipalitiesOf(values.uf)],
    quote,
    totals,
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
  state: { form?: CheckoutForm; registration?: Record<string, unknown>; errors?: Record<string, string[]> },
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
  };
  return data(body, { status: failure.status });
}

/** Creates her account and signs her in, in one transaction, then shows the checkout again, signed in. */
export async function registerAndComeBack(app: AppContext, submitted: Record<string, unknown>) {
  try {
    const input = parseInput(registrationSchema, submitted);
    const session = await app.services.transaction(async (tx) => {
      const user = await tx.customers.register(input, app.clientAddress);
      return tx.auth.createSession(user.id);
    });
    return redirect(sitePaths.checkout, { headers: { "Set-Cookie": app.sessionCookie(session.token) } });
  } catch (error) {
    return refused(error, { registration: submitted });
  }
}

/**
 * Places the order with the total she saw beside her chosen option, empties the cart and sends her to
 * the order's payment page. A refusal draws the form again with what she sent.
 */
export async function placeOrder(
  app: AppContext,
  buyer: Buyer,
  cart: Cart,
  priced: PricedCart,
  submitted: Record<string, unknown>,
) {
  const values = submittedValues(submitted);
  try {
    const reviewed = submitted[`total_${values.shipping}`];
    const input = parseInput(checkoutSchema, {
      ...submitted,
      expected_total_cents: typeof reviewed === "string" && reviewed !== "" ? reviewed : undefined,
    });
    const { order, created } = await app.services.orders.place(buyer, cart, input);
    // A replayed key answers the order it made before: the cart she filled since then stays.
    if (!created) return redirect(sitePaths.payment(order.id));
    return redirect(sitePaths.payment(order.id), {
      headers: { "Set-Cookie": cartCookieHeader(app.services, clearCart(cart)) },
    });
  } catch (error) {
    if (!failureOf(error)) throw error;
    return refused(error, { form: await checkoutForm(app, cart, priced, values) });
  }
}
