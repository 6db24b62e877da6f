import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import ui from "./ui.module.css";

export { ui };

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

type Gap = "xs" | "sm" | "md" | "lg" | "xl";
const gapClass: Record<Gap, string | undefined> = {
  xs: ui.gapXs,
  sm: ui.gapSm,
  md: undefined,
  lg: ui.gapLg,
  xl: ui.gapXl,
};

/** The page column: lg (1140 px) by default, md (960) and sm (720) for reading; `section` adds the usual padding. */
export function Container({
  size = "lg",
  section = false,
  className,
  ...rest
}: ComponentPropsWithoutRef<"div"> & { size?: "sm" | "md" | "lg"; section?: boolean }) {
  const width = size === "sm" ? ui.containerSm : size === "md" ? ui.containerMd : undefined;
  return <div className={join(ui.container, width, section && ui.section, className)} {...rest} />;
}

/** A column of blocks with a gap. */
export function Stack({ gap = "md", className, ...rest }: ComponentPropsWithoutRef<"div"> & { gap?: Gap }) {
  return <div className={join(ui.stack, gapClass[gap], className)} {...rest} />;
}

/** A row of inline items with a gap, wrapping unless told not to. */
export function Group({
  gap = "md",
  between = false,
  nowrap = false,
  className,
  ...rest
}: ComponentPropsWithoutRef<"div"> & { gap?: Gap; between?: boolean; nowrap?: boolean }) {
  return (
    <div className={join(ui.group, gapClass[gap], between && ui.between, nowrap && ui.nowrap, className)} {...rest} />
  );
}

export type ButtonVariant = "filled" | "light" | "outline" | "subtle";
const variantClass: Record<ButtonVariant, string | undefined> = {
  filled: undefined,
  light: ui.buttonLight,
  outline: ui.buttonOutline,
  subtle: ui.buttonSubtle,
};

/** The button look, for a <button>, an <a> or an AppLink alike. */
export function buttonClass(variant: ButtonVariant = "filled", size: "md" | "sm" = "md"): string {
  return join(ui.button, variantClass[variant], size === "sm" && ui.buttonSmall);
}

export type Tone = "primary" | "secondary" | "success" | "warning" | "danger" | "info" | "gray";

/** A highlighted message; role="alert" as the site's notices always had. */
export function Alert({ tone = "primary", title, children }: { tone?: Tone; title?: ReactNode; children: ReactNode }) {
  return (
    <div className={ui.alert} data-tone={tone} role="alert">
      {title ? <p className={ui.alertTitle}>{title}</p> : null}
      <div className={ui.alertBody}>{children}</div>
    </div>
  );
}

export function Badge({ tone = "primary", children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={ui.badge} data-tone={tone}>
      {children}
    </span>
  );
}

type FieldProps = { label: ReactNode; error?: ReactNode; hint?: ReactNode; required?: boolean };

/** Label, control, hint and error wired together (ids, aria-invalid, aria-describedby). */
function Field({
  label,
  error,
  hint,
  required,
  id,
  children,
}: FieldProps & { id: string; children: (describedBy: string | undefined) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = join(hintId, errorId) || undefined;
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
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className={ui.fieldHint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  required,
  id,
  ...input
}: FieldProps & Omit<ComponentPropsWithoutRef<"input">, "children">) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field label={label} error={error} hint={hint} required={required} id={inputId}>
      {(describedBy) => (
        <input
          id={inputId}
          className={ui.input}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  required,
  id,
  ...textarea
}: FieldProps & Omit<ComponentPropsWithoutRef<"textarea">, "children">) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field label={label} error={error} hint={hint} required={required} id={inputId}>
      {(describedBy) => (
        <textarea
          id={inputId}
          className={ui.input}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    </Field>
  );
}
