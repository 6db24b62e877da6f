import { type FormEvent, Fragment, useState } from "react";
import { Form } from "react-router";
import { AppLink } from "../app-link.tsx";
import styles from "./checkout-review.module.css";
import { CouponFields, type CouponText } from "./coupon-fields.tsx";
import { type QuoteText, ShippingOptions } from "./shipping-options.tsx";
import { buttonClass } from "./ui/ui.tsx";
import { type FormControl, useChangedBeforeHydration } from "./use-changed-before-hydration.ts";

export type ReviewLine = {
  key: string;
  name: string;
  variant: string;
  url: string;
  quantity: number;
  unitPrice: string;
  total: string;
};

type Amount = { cents: number; text: string };

/**
 * An order's sums with one shipping option (common/order-totals.ts, built by app/lib/checkout.server.ts):
 * the total without the Pix discount (by card, or at a shop without one), the coupon's part, and, when
 * the shop gives a Pix discount, the discount and the total by Pix.
 */
export type OptionSums = Amount & {
  couponDiscount: string | null;
  pix: { discount: string; total: Amount } | null;
};

/** The shop's Pix discount: on every order (the static Pix code) or when she chooses Pix (Mercado Pago). */
export type PixOffer = { percent: number; mode: "always" | "choice" };

type ReviewForm = {
  values: { shipping: string; payment_choice: string };
  quote: QuoteText | null;
  totals: Record<string, OptionSums>;
  coupon: CouponText | null;
};

type PaymentChoice = "pix" | "card";
const paymentChoiceOf = (value: string): PaymentChoice => (value === "card" ? "card" : "pix");

/**
 * The shipping options for her CEP and the review: items, coupon, how she pays (Pix or card, where the
 * shop's gateway takes both and Pix has a discount), the sums, then "Confirmar pedido". Each option's
 * totals go with the form (total_<code>, and total_pix_<code> by Pix): the server places the order only
 * if the total of the option and the payment she chose is still that one, whether or not JavaScript
 * updated the total shown. Before she signs in (no `form`), the shipping chosen in the cart stands in,
 * and the coupon has a form of its own.
 */
export function CheckoutReview({
  form,
  cartShipping = null,
  coupon = null,
  pix,
  lines,
  subtotal,
  errors,
  typedCoupon = "",
  busy,
}: {
  form: ReviewForm | null;
  /** Before she signs in: the shipping chosen in the cart, and the sums with it. */
  cartShipping?: { name: string; price: string; postalCode: string; sums: OptionSums } | null;
  /** Before she signs in: the cart's coupon (signed in, the form's). */
  coupon?: CouponText | null;
  pix: PixOffer | null;
  lines: ReviewLine[];
  subtotal: string;
  errors: Record<string, string[]>;
  /** The code she sent before signing in, shown again with its refusal. */
  typedCoupon?: string;
  busy: boolean;
}) {
  const [shipping, setShipping] = useState(form?.values.shipping ?? "");
  const [payment, setPayment] = useState(paymentChoiceOf(form?.values.payment_choice ?? "pix"));
  const option = form?.quote?.options.find((candidate) => candidate.code === shipping) ?? null;
  const chosen = option
    ? { text: `${option.price} (${option.name})`, sums: form?.totals[option.code] ?? null }
    : cartShipping
      ? {
          text: `${cartShipping.price} (${cartShipping.name}, CEP ${cartShipping.postalCode})`,
          sums: cartShipping.sums,
        }
      : null;
  const sums = chosen?.sums ?? null;
  // She chooses on the order form; before she signs in, the total is the card's and the Pix one is told apart.
  const byPix = pix !== null && (pix.mode === "always" || (form !== null && payment === "pix"));
  const pixSums = byPix ? (sums?.pix ?? null) : null;
  const shownCoupon = form ? form.coupon : coupon;
  const choose = (target: EventTarget) => {
    if (!(target instanceof HTMLInputElement) || !target.checked) return;
    if (target.name === "shipping") setShipping(target.value);
    if (target.name === "payment_choice") setPayment(paymentChoiceOf(target.value));
  };
  const onChoice = (event: FormEvent<HTMLElement>) => choose(event.target);
  // The total follows an option or a payment chosen before the page came to life.
  const chooseAll = (changed: FormControl[]) => changed.forEach(choose);
  const shippingChoices = useChangedBeforeHydration<HTMLDivElement>(chooseAll);
  const paymentChoices = useChangedBeforeHydration<HTMLFieldSetElement>(chooseAll);
  const couponError = errors.code?.[0] ?? errors.coupon_code?.[0];
  const couponFields = (
    <CouponFields
      coupon={shownCoupon}
      typed={form ? undefined : typedCoupon}
      error={couponError}
      inOrderForm={form !== null}
    />
  );
  return (
    <>
      {form ? (
        <section aria-labelledby="entrega" className={styles.step}>
          <h2 id="entrega">4. Entrega</h2>
          {form.quote ? (
            <div ref={shippingChoices} onChange={onChoice}>
              <ShippingOptions quote={form.quote} choice={{ selected: form.values.shipping || null }} />
              {Object.entries(form.totals).map(([code, { cents, pix: byPixTotal }]) => (
                <Fragment key={code}>
                  <input type="hidden" name={`total_${code}`} value={cents} />
                  {byPixTotal ? (
                    <input type="hidden" name={`total_pix_${code}`} value={byPixTotal.total.cents} />
                  ) : null}
                </Fragment>
              ))}
            </div>
          ) : (
            <p>Informe o CEP e clique em Buscar para ver as opções de entrega.</p>
          )}
          {errors.shipping ? <p className={styles.error}>{errors.shipping[0]}</p> : null}
        </section>
      ) : null}
      <section aria-labelledby="revisao" className={styles.step}>
        <h2 id="revisao">{form ? "5. Revisão do pedido" : "Seu pedido"}</h2>
        <ul className={styles.lines} aria-label="Itens do pedido">
          {lines.map((line) => (
            <li key={line.key} className={styles.line}>
              <span>
                <AppLink to={line.url}>{line.name}</AppLink>
                {line.variant ? ` (${line.variant})` : ""}
                <span className={styles.muted}>
                  {" "}
                  {line.quantity} × {line.unitPrice}
                </span>
              </span>
              <span className={styles.amount}>{line.total}</span>
            </li>
          ))}
        </ul>
        {form ? (
          <div className={styles.coupon}>
            {couponFields}
            <input type="hidden" name="coupon_code" value={form.coupon?.applied ? form.coupon.code : ""} />
          </div>
        ) : (
          <Form method="post" aria-label="Cupom de desconto" className={styles.coupon}>
            {couponFields}
          </Form>
        )}
        {form && pix?.mode === "choice" ? (
          <fieldset ref={paymentChoices} onChange={onChoice} className={styles.payment}>
            <legend>Forma de pagamento</legend>
            <label className={styles.choice}>
              <input type="radio" name="payment_choice" value="pix" defaultChecked={payment === "pix"} />
              <span>
                Pix{sums?.pix ? ` — ${sums.pix.total.text}` : ""}{" "}
                <span className={styles.muted}>({pix.percent} % de desconto)</span>
              </span>
            </label>
            <label className={styles.choice}>
              <input type="radio" name="payment_choice" value="card" defaultChecked={payment === "card"} />
              <span>Cartão de crédito{sums ? ` — ${sums.text}` : ""}</span>
            </label>
          </fieldset>
        ) : null}
        <dl className={styles.totals} aria-label="Totais">
          <dt>Subtotal</dt>
          <dd>{subtotal}</dd>
          <dt>Frete</dt>
          <dd>{chosen?.text ?? "a calcular"}</dd>
          {sums?.couponDiscount ? (
            <>
              <dt>Desconto do cupom</dt>
              <dd>{sums.couponDiscount}</dd>
            </>
          ) : null}
          {pix && pixSums ? (
            <>
              <dt>Desconto no Pix ({pix.percent} %)</dt>
              <dd>{pixSums.discount}</dd>
            </>
          ) : null}
          <dt className={styles.total}>Total</dt>
          <dd className={styles.total}>{(pixSums?.total ?? sums)?.text ?? "a calcular"}</dd>
        </dl>
        {pix && !byPix && sums?.pix ? (
          <p className={styles.pixNote}>
            <strong>{sums.pix.total.text} no Pix</strong> ({pix.percent} % de desconto)
          </p>
        ) : null}
        {form ? (
          <button
            type="submit"
            name="intent"
            value="confirm"
            className={buttonClass()}
            disabled={busy || !form.quote || form.quote.options.length === 0}
          >
            Confirmar pedido
          </button>
        ) : (
          <p>Crie sua conta ou entre para informar o endereço de entrega e confirmar o pedido.</p>
        )}
      </section>
    </>
  );
}
