import { type FormEvent, useState } from "react";
import { AppLink } from "../app-link.tsx";
import styles from "./checkout-review.module.css";
import { type QuoteText, ShippingOptions } from "./shipping-options.tsx";
import { buttonClass } from "./ui/ui.tsx";
import { useChangedBeforeHydration } from "./use-changed-before-hydration.ts";

export type ReviewLine = {
  key: string;
  name: string;
  variant: string;
  url: string;
  quantity: number;
  unitPrice: string;
  total: string;
};

type ReviewForm = {
  values: { shipping: string };
  quote: QuoteText | null;
  totals: Record<string, { cents: number; text: string }>;
};

/**
 * The shipping options for her CEP and the review: items, shipping and total, then "Confirmar pedido".
 * Each option's total goes with the form (total_<code>): the server places the order only if the total
 * of the option she chose is still that one, whether or not JavaScript updated the total shown.
 */
export function CheckoutReview({
  form,
  cartShipping = null,
  lines,
  subtotal,
  errors,
  busy,
}: {
  form: ReviewForm | null;
  /** Before she signs in: the shipping chosen in the cart, and the total with it. */
  cartShipping?: { name: string; price: string; postalCode: string; total: string } | null;
  lines: ReviewLine[];
  subtotal: string;
  errors: Record<string, string[]>;
  busy: boolean;
}) {
  const [shipping, setShipping] = useState(form?.values.shipping ?? "");
  const option = form?.quote?.options.find((candidate) => candidate.code === shipping) ?? null;
  const chosen = option
    ? { text: `${option.price} (${option.name})`, total: form?.totals[option.code]?.text ?? null }
    : cartShipping
      ? {
          text: `${cartShipping.price} (${cartShipping.name}, CEP ${cartShipping.postalCode})`,
          total: cartShipping.total,
        }
      : null;
  const choose = (target: EventTarget) => {
    if (target instanceof HTMLInputElement && target.name === "shipping" && target.checked) setShipping(target.value);
  };
  const onChoice = (event: FormEvent<HTMLDivElement>) => choose(event.target);
  // The total follows an option chosen before the page came to life.
  const choices = useChangedBeforeHydration<HTMLDivElement>((changed) => changed.forEach(choose));
  return (
    <>
      {form ? (
        <section aria-labelledby="entrega" className={styles.step}>
          <h2 id="entrega">4. Entrega</h2>
          {form.quote ? (
            <div ref={choices} onChange={onChoice}>
              <ShippingOptions quote={form.quote} choice={{ selected: form.values.shipping || null }} />
              {Object.entries(form.totals).map(([code, { cents }]) => (
                <input key={code} type="hidden" name={`total_${code}`} value={cents} />
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
        <dl className={styles.totals} aria-label="Totais">
          <dt>Subtotal</dt>
          <dd>{subtotal}</dd>
          <dt>Frete</dt>
          <dd>{chosen?.text ?? "a calcular"}</dd>
          <dt className={styles.total}>Total</dt>
          <dd className={styles.total}>{chosen?.total ?? "a calcular"}</dd>
        </dl>
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
