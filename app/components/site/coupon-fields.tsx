import { type KeyboardEvent, useId, useRef } from "react";
import styles from "./coupon-fields.module.css";
import { buttonClass, ui } from "./ui/ui.tsx";

/** The cart's coupon as the pages show it (app/lib/shop.server.ts builds it). */
export type CouponText = {
  code: string;
  applied: boolean;
  /** Why it does not apply to the cart now ("Cupom expirado"); null when it applies. */
  reason: string | null;
  /** What it takes off: "− R$ 10,00", "frete grátis". */
  effect: string;
};

/** The intents the page's action takes from these buttons. */
export const APPLY_COUPON = "coupon";
export const REMOVE_COUPON = "coupon_remove";

/**
 * "Cupom de desconto": the code and "Aplicar", or the coupon that applies ("Cupom PROMO10: − R$ 10,00")
 * and "Remover". A coupon the cart keeps but that no longer applies shows its code with the reason as the
 * field's error, and both buttons. The fields go inside a form of the page: the cart's own, or the
 * checkout's order form (`inOrderForm`), where the buttons skip the browser's checks of the order's
 * fields, as the other buttons that only draw the form again do, and Enter in the code applies it.
 */
export function CouponFields({
  coupon,
  typed = "",
  error,
  inOrderForm = false,
}: {
  coupon: CouponText | null;
  /** The code she sent, shown again with its refusal. */
  typed?: string;
  /** The refusal of the code she sent; without one, the kept coupon's reason. */
  error?: string;
  inOrderForm?: boolean;
}) {
  const apply = useRef<HTMLButtonElement>(null);
  const id = useId();
  const remove = coupon ? (
    <button
      type="submit"
      name="intent"
      value={REMOVE_COUPON}
      formNoValidate={inOrderForm}
      className={buttonClass("subtle", "sm")}
      aria-label={`Remover o cupom ${coupon.code}`}
    >
      Remover
    </button>
  ) : null;
  if (coupon?.applied && !error)
    return (
      <div className={styles.applied}>
        <p className={styles.effect}>
          Cupom <strong>{coupon.code}</strong>: <span className={styles.amount}>{coupon.effect}</span>
        </p>
        {remove}
      </div>
    );
  // In the order form, Enter would press its first button ("Buscar"): here it means "Aplicar".
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!inOrderForm || event.key !== "Enter") return;
    event.preventDefault();
    apply.current?.click();
  };
  const shown = error ?? coupon?.reason ?? null;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        Cupom de desconto
      </label>
      <div className={styles.entry}>
        <input
          id={id}
          name="code"
          className={ui.input}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={60}
          defaultValue={typed || coupon?.code || ""}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onKeyDown={onKeyDown}
        />
        <button
          ref={apply}
          type="submit"
          name="intent"
          value={APPLY_COUPON}
          formNoValidate={inOrderForm}
          className={buttonClass("outline")}
        >
          Aplicar
        </button>
        {remove}
      </div>
      {shown ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {shown}
        </p>
      ) : null}
    </div>
  );
}
