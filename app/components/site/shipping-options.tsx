import type { ReactNode } from "react";
import styles from "./shipping-options.module.css";

/** One shipping option as the pages show it (app/lib/shop.server.ts builds it): "R$ 12,90", "até 3 dias úteis". */
export type ShippingOptionText = {
  code: string;
  name: string;
  price: string;
  priceCents: number;
  delivery: string;
  details: string;
};
export type QuoteText = {
  postalCode: string;
  options: ShippingOptionText[];
  /** The carriers that did not answer in time ("Correios", "Melhor Envio"): the others' options still come. */
  unavailable: string[];
  /** Whether any option brings the order to the CEP (pickup does not). */
  delivers: boolean;
};

function OptionText({ option }: { option: ShippingOptionText }) {
  return (
    <span className={styles.option}>
      <span className={styles.name}>{option.name}</span>
      <span className={styles.price}>{option.price}</span>
      <span className={styles.delivery}>{option.delivery}</span>
      {option.details ? <span className={styles.details}>{option.details}</span> : null}
    </span>
  );
}

/**
 * The options quoted for a CEP. Read only, or (`choice`) as radio buttons named `shipping` for the
 * cart's form, the chosen one checked.
 */
export function ShippingOptions({
  quote,
  choice,
}: {
  quote: QuoteText;
  choice?: { selected: string | null; children?: ReactNode };
}) {
  return (
    <div className={styles.quote} role="status">
      <p className={styles.heading}>Frete para o CEP {quote.postalCode}:</p>
      {/* Said outright, even when pickup is offered; unless a carrier could not answer, which may deliver there. */}
      {quote.delivers || quote.unavailable.length > 0 ? null : (
        <p className={styles.unavailable}>
          <strong>Não entregamos neste CEP.</strong>
          {quote.options.length > 0 ? " Você pode retirar o pedido:" : ""}
        </p>
      )}
      {quote.options.length === 0 ? null : choice ? (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Escolha a entrega</legend>
          {quote.options.map((option) => (
            <label key={option.code} className={styles.choice}>
              <input
                type="radio"
                name="shipping"
                value={option.code}
                defaultChecked={option.code === choice.selected}
                required
              />
              <OptionText option={option} />
            </label>
          ))}
          {choice.children}
        </fieldset>
      ) : (
        <ul className={styles.list}>
          {quote.options.map((option) => (
            <li key={option.code}>
              <OptionText option={option} />
            </li>
          ))}
        </ul>
      )}
      {quote.unavailable.map((carrier) => (
        <p key={carrier} className={styles.unavailable}>
          {carrier} indisponível no momento.
        </p>
      ))}
    </div>
  );
}
