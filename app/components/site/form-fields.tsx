import { type ComponentPropsWithoutRef, type ReactNode, useId, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import styles from "./form-fields.module.css";
import { EyeIcon, EyeOffIcon } from "./icons.tsx";
import { Container, ui } from "./ui/ui.tsx";

/** The narrow bordered card of the sign-in and first-time setup forms. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Container section className={styles.narrow}>
      <div className={`${ui.card} ${styles.card}`}>{children}</div>
    </Container>
  );
}

/** The card's heading: the page's h1, drawn at the h2 size. */
export function FormTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.title}>{children}</h1>;
}

type PasswordFieldProps = { label: string; error?: string } & Omit<
  ComponentPropsWithoutRef<"input">,
  "type" | "id" | "children"
>;

/**
 * A password with a button that shows what was typed, wired like the kit's TextField (ids,
 * aria-invalid, aria-describedby). The button needs JavaScript, so it only appears once the page runs.
 */
export function PasswordField({ label, error, required, ...input }: PasswordFieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
        {required ? (
          <span className={ui.required} aria-hidden>
            *
          </span>
        ) : null}
      </label>
      <div className={styles.password}>
        <input
          id={id}
          type={visible ? "text" : "password"}
          className={ui.input}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {hydrated ? (
          <button
            type="button"
            className={styles.reveal}
            aria-label={`Mostrar ${label.toLowerCase()}`}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon size={18} />}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label beside it, a line of explanation below and, when refused, why. */
export function CheckboxField({
  label,
  description,
  error,
  ...input
}: { label: string; description: string; error?: string } & Omit<
  ComponentPropsWithoutRef<"input">,
  "type" | "id" | "children"
>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.checkbox}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${errorId}` : `${id}-hint`}
        {...input}
      />
      <div>
        <label className={ui.label} htmlFor={id}>
          {label}
          {input.required ? (
            <span className={ui.required} aria-hidden>
              *
            </span>
          ) : null}
        </label>
        <p id={`${id}-hint`} className={ui.fieldHint}>
          {description}
        </p>
        {error ? (
          <p id={errorId} className={ui.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
