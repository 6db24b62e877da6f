import { ColorSwatch, TextInput, type TextInputProps } from "@mantine/core";
import { useRef } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import styles from "./color-field.module.css";
import { errorText, type Field } from "./fields.tsx";

/** Sets a text input's value the way typing does, so the form's checks and Conform hear of it. */
function typeInto(input: HTMLInputElement | null, value: string) {
  if (!input) return;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * A colour typed as #rrggbb (the schema's format), with a swatch of the current value and, once the
 * page runs, the browser's own colour picker beside it ("Escolher <label>"). The text field is what
 * posts, so the colour is kept without JavaScript.
 */
export function ColorField({
  field,
  label,
  value,
  ...props
}: { field: Field; label: string; value: string | undefined } & Omit<
  TextInputProps,
  "name" | "defaultValue" | "value" | "error" | "id" | "label"
>) {
  const hydrated = useHydrated();
  const text = useRef<HTMLInputElement>(null);
  const current = value && /^#[0-9a-f]{6}$/i.test(value) ? value : undefined;
  return (
    <TextInput
      key={field.key}
      ref={text}
      id={field.id}
      name={field.name}
      label={label}
      defaultValue={field.defaultValue ?? ""}
      error={errorText(field)}
      maxLength={7}
      spellCheck={false}
      autoComplete="off"
      leftSection={current ? <ColorSwatch color={current} size={18} aria-hidden /> : null}
      rightSection={
        hydrated ? (
          <input
            type="color"
            className={styles.picker}
            aria-label={`Escolher ${label.toLowerCase()}`}
            value={current ?? "#000000"}
            onChange={(event) => typeInto(text.current, event.currentTarget.value)}
          />
        ) : null
      }
      {...props}
    />
  );
}
