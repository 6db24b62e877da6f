import type { FormEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import { formatCep } from "../../../common/brazil/cep.ts";
import { cartCookieValue, chooseShipping, clearCart, setCoupon, setPostalCode } from "../../../common/cart.ts";
import { invalid } from "../../../common/errors.ts";
import { fileUrl } from "../../../common/file-url.ts";
import { formatBRL } from "../../../common/money.ts";
import { orderTotals } from "../../../common/order-totals.ts";
import { parseInput } from "../../../common/parse-input.ts";
import { readBodyFields } from "../../../common/read-body.ts";
import {
  cartItemSchema,
  cartPositionSchema,
  couponCodeSchema,
  shippingChoiceSchema,
} from "../../../common/schemas/cart.ts";
import { postalCodeSchema } from "../../../common/schemas/shop.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { APPLY_COUPON, CouponFields, REMOVE_COUPON } from "../../components/site/coupon-fields.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { ShippingOptions } from "../../components/site/shipping-options.tsx";
import { Alert, buttonClass, Container, Stack, TextField, ui } from "../../components/site/ui/ui.tsx";
import { useChangedBeforeHydration } from "../../components/site/use-changed-before-hydration.ts";
import { getApp } from "../../lib/context.server.ts";
import {
  cartCookieHeader,
  couponEffect,
  couponText,
  discountText,
  quoteText,
  redirectWithCart,
  refusedWith,
  requestCart,
  textValues,
} from "../../lib/shop.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/cart";
import styles from "./cart.module.css";

/** The cart is this visitor's alone: neither the page cache nor the browser's shared caches may keep it. */
const PERSONAL = "private, no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PERSONAL });

/**
 * /loja/carrinho — the cart of the visitor's cookie, priced again from the database on every view: a
 * product that is gone or sold out leaves it, a quantity above the stock comes down to it (each said in
 * a notice), and the cookie keeps what is left. With a CEP it also shows the shipping options to choose.
 * Her coupon is judged again too (for her, when she is signed in: the uses per customer), and the sums
 * follow common/order-totals.ts: the coupon's discount, then the total by Pix when the shop gives one.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  await requireFeature(services, "shop");
  const read = requestCart(request);
  const { cart, priced } = await services.cart.price(read, actor?.id ?? null);
  const quote =
    cart.postal_code && cart.items.length > 0
      ? quoteText(
          cart.postal_code,
          await services.shop.quote(null, { postal_code: cart.postal_code, items: cart.items }),
        )
      : null;
  const chosen = quote?.options.find((option) => option.code === cart.shipping) ?? null;
  const sums = (byPix: boolean) =>
    orderTotals({
      subtotal_cents: priced.subtotal_cents,
      shipping_cents: chosen?.priceCents ?? 0,
      coupon: couponEffect(priced.coupon),
      pix_discount_percent: priced.pix_discount_percent,
      by_pix: byPix,
    });
  const totals = sums(false);
  const headers = new Headers({ "Cache-Control": PERSONAL });
  if (cartCookieValue(cart) !== cartCookieValue(read)) headers.append("Set-Cookie", cartCookieHeader(services, cart));
  return data(
    {
      lines: priced.lines.map((line) => ({
        position: line.position,
        productId: line.product_id,
        variantId: line.variant_id,
        name: line.name,
        variant: line.variant,
        url: line.url,
        image: line.image,
        unitPrice: formatBRL(line.unit_price_cents),
        quantity: line.quantity,
        stock: line.stock,
        total: formatBRL(line.line_total_cents),
      })),
      notices: priced.notices,
      count: priced.count,
      subtotal: formatBRL(priced.subtotal_cents),
      postalCode: cart.postal_code ? formatCep(cart.postal_code) : "",
      quote,
      shipping: chosen ? { code: chosen.code, name: chosen.name, price: chosen.price } : null,
      coupon: couponText(priced.coupon),
      couponDiscount: totals.coupon_discount_cents > 0 ? discountText(totals.coupon_discount_cents) : null,
      total: formatBRL(totals.total_cents),
      pix:
        priced.pix_discount_percent > 0
          ? { percent: priced.pix_discount_percent, total: formatBRL(sums(true).total_cents) }
          : null,
    },
    { headers },
  );
}

const FORM_KEYS = ["quantity", "position", "postal_code", "shipping", "code"] as const;

/** Every form of the page: one rule of spec §4 on the cookie's cart, then back to the cart (POST/redirect/GET). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, actor } = getApp(context);
  await requireFeature(services, "shop");
  const submitted = await readBodyFields(request);
  const cart = requestCart(request);
  const back = (next: typeof cart) => redirectWithCart(services, sitePaths.cart, next);
  try {
    switch (submitted.intent) {
      case "update":
        return back(await services.cart.update(cart, parseInput(cartItemSchema, submitted)));
      case "remove":
        return back(services.cart.remove(cart, parseInput(cartPositionSchema, submitted).position));
      case "clear":
        return back(clearCart(cart));
      case "postal_code":
        return back(setPostalCode(cart, parseInput(postalCodeSchema, submitted).postal_code));
      case "shipping":
        return back(chooseShipping(cart, parseInput(shippingChoiceSchema, submitted).shipping));
      case APPLY_COUPON: {
        const { code } = parseInput(couponCodeSchema, submitted);
        return back((await services.cart.applyCoupon(cart, code, actor?.id ?? null)).cart);
      }
      case REMOVE_COUPON:
        return back(setCoupon(cart, null));
      default:
        throw invalid("Ação desconhecida.");
    }
  } catch (error) {
    return refusedWith(error, { ...textValues(submitted, FORM_KEYS), line: String(submitted.variant_id ?? "") });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ root: matches[0].loaderData, title: "Carrinho", path: sitePaths.cart, noindex: true });
}

type CartData = Route.ComponentProps["loaderData"];
type Line = CartData["lines"][number];

function CartLine({ line, error }: { line: Line; error: string | null }) {
  const { filesUrl } = useRootData();
  return (
    <li className={styles.line}>
      <div className={styles.thumb}>
        {line.image ? <img src={fileUrl(line.image, filesUrl ?? undefined)} alt="" /> : null}
      </div>
      <div className={styles.lineBody}>
        <h2 className={styles.lineName}>
          <AppLink to={line.url}>{line.name}</AppLink>
        </h2>
        {line.variant ? <p className={styles.muted}>{line.variant}</p> : null}
        <p className={styles.muted}>Preço unitário: {line.unitPrice}</p>
        <div className={styles.lineForms}>
          <Form
            method="post"
            className={styles.quantityForm}
            aria-label={`Quantidade de ${line.name}${line.variant ? ` (${line.variant})` : ""}`}
          >
            <input type="hidden" name="product_id" value={line.productId} />
            <input type="hidden" name="variant_id" value={line.variantId} />
            <TextField
              label="Quantidade"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={line.quantity}
              error={error ?? undefined}
              required
            />
            <button type="submit" name="intent" value="update" className={buttonClass("outline", "sm")}>
              Atualizar
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="position" value={line.position} />
            <button
              type="submit"
              name="intent"
              value="remove"
              className={buttonClass("subtle", "sm")}
              aria-label={`Remover ${line.name}${line.variant ? ` (${line.variant})` : ""} do carrinho`}
            >
              Remover
            </button>
          </Form>
        </div>
      </div>
      <p className={styles.lineTotal}>
        <span className={ui.visuallyHidden}>Total do item: </span>
        {line.total}
      </p>
    </li>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, notices, subtotal, postalCode, quote, shipping, coupon, couponDiscount, total, pix } = loaderData;
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : null;
  // A refused code is the coupon field's error, not the page's alert.
  const couponError = failure?.errors.code?.[0];
  const lineError = (line: Line) =>
    failure && failure.values.line === String(line.variantId)
      ? (failure.errors.quantity?.[0] ?? failure.message)
      : null;
  // With JavaScript a choice of delivery applies at once; without it the button sends it. One made before
  // the page came to life applies as soon as it does, so the total is the chosen delivery's.
  const onShippingChange = (event: FormEvent<HTMLFormElement>) => event.currentTarget.requestSubmit();
  const shippingForm = useChangedBeforeHydration<HTMLFormElement>((_, form) => form.requestSubmit());

  return (
    <Container section>
      <Stack gap="lg">
        <h1>Carrinho</h1>
        {notices.length > 0 ? (
          <Alert tone="warning" title="Seu carrinho mudou">
            <ul className={styles.notices}>
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {failure && !couponError ? <Alert tone="danger">{failure.message}</Alert> : null}
        {lines.length === 0 ? (
          <Stack gap="sm">
            <p>Seu carrinho está vazio.</p>
            <p>
              <AppLink to={sitePaths.shop} className={buttonClass()}>
                Ver produtos
              </AppLink>
            </p>
          </Stack>
        ) : (
          <div className={styles.columns}>
            <Stack gap="md">
              <ul className={styles.lines} aria-label="Itens do carrinho">
                {lines.map((line) => (
                  <CartLine key={`${line.productId}.${line.variantId}`} line={line} error={lineError(line)} />
                ))}
              </ul>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="clear"
                  className={buttonClass("outline", "sm")}
                  disabled={navigation.state === "submitting"}
                >
                  Esvaziar carrinho
                </button>
              </Form>
            </Stack>
            <section aria-labelledby="resumo" className={styles.summary}>
              <h2 id="resumo" className={styles.summaryTitle}>
                Resumo
              </h2>
              <Form method="post" className={styles.cepForm} aria-label="CEP para entrega">
                <TextField
                  label="CEP"
                  name="postal_code"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  placeholder="00000-000"
                  maxLength={9}
                  defaultValue={failure?.values.postal_code || postalCode}
                  error={failure?.errors.postal_code?.[0]}
                  required
                />
                <button type="submit" name="intent" value="postal_code" className={buttonClass("outline")}>
                  Calcular frete
                </button>
              </Form>
              {quote ? (
                <Form ref={shippingForm} method="post" onChange={onShippingChange} aria-label="Entrega">
                  <input type="hidden" name="intent" value="shipping" />
                  <ShippingOptions
                    quote={quote}
                    choice={{
                      selected: shipping?.code ?? null,
                      children:
                        quote.options.length > 0 ? (
                          <button type="submit" className={buttonClass("outline", "sm")}>
                            Escolher entrega
                          </button>
                        ) : null,
                    }}
                  />
                </Form>
              ) : null}
              <Form method="post" aria-label="Cupom de desconto">
                <CouponFields coupon={coupon} typed={failure?.values.code} error={couponError} />
              </Form>
              <dl className={styles.totals}>
                <dt>Subtotal</dt>
                <dd>{subtotal}</dd>
                <dt>Frete</dt>
                <dd>{shipping ? `${shipping.price} (${shipping.name})` : "a calcular"}</dd>
                {couponDiscount ? (
                  <>
                    <dt>Desconto do cupom</dt>
                    <dd>{couponDiscount}</dd>
                  </>
                ) : null}
                <dt className={styles.total}>Total</dt>
                <dd className={styles.total}>{total}</dd>
              </dl>
              {pix ? (
                <p className={styles.pix}>
                  <strong>{pix.total} no Pix</strong> ({pix.percent} % de desconto)
                </p>
              ) : null}
              <AppLink to={sitePaths.checkout} className={buttonClass()}>
                Finalizar pedido
              </AppLink>
            </section>
          </div>
        )}
      </Stack>
    </Container>
  );
}
