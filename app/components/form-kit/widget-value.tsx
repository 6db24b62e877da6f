import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
import { type ReactNode, useState } from "react";
import type { z } from "../../../common/zod.ts";

/** A field whose value a JavaScript widget edits (tags, uploads, the rich-text editor): its Conform metadata. */
export type WidgetFieldMeta = {
  key: string | undefined;
  name: string;
  initialValue: unknown;
  errors: string[] | undefined;
  allErrors: Record<string, string[]>;
};

type Leaf = string | number | boolean | null | undefined;
type Value = Leaf | Value[] | { [key: string]: Value };

/** Every leaf of `value` with its form name (`images[0].alt`), the way Conform reads nested fields back. */
function leaves(name: string, value: Value): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(`${name}[${index}]`, item));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => leaves(`${name}.${key}`, item));
  // A box left unticked and an absent value post nothing.
  if (value === undefined || value === null || value === false) return [];
  return [[name, value === true ? "on" : String(value)]];
}

/**
 * A widget's value posted with the form: one hidden input per leaf. A list posts its items under the same
 * name, so an empty list posts nothing and reads back as [] (as Conform reads a missing list).
 */
export function HiddenValues({ name, value }: { name: string; value: Value }) {
  const flat = Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null);
  const fields: [string, string][] = flat
    ? value.filter((item) => item !== null && item !== undefined).map((item) => [name, String(item)])
    : leaves(name, value);
  return (
    <>
      {fields.map(([field, text], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a list's items may repeat; their order is their identity
        <input key={`${field}-${index}`} type="hidden" name={field} value={text} />
      ))}
    </>
  );
}

type WidgetFieldProps<S extends z.ZodType> = {
  field: WidgetFieldMeta;
  /** The field's part of the form's schema: reads the first value back into its type. */
  schema: S;
  fallback: z.output<S>;
  /** The widget, given the value, how to change it, and the field's first error (its own or an item's). */
  children: (value: z.output<S>, change: (value: z.output<S>) => void, error: string | undefined) => ReactNode;
};

function WidgetState<S extends z.ZodType>({ field, schema, fallback, children }: WidgetFieldProps<S>) {
  // What the form was given or, after a refusal, what was sent: Conform keeps both as form text.
  const [value, setValue] = useState<z.output<S>>(() => {
    const read = coerceFormValue(schema).safeParse(field.initialValue);
    return read.success ? read.data : fallback;
  });
  const error = field.errors?.join(" ") ?? Object.values(field.allErrors)[0]?.join(" ");
  return (
    <>
      {children(value, setValue, error)}
      <HiddenValues name={field.name} value={value as Value} />
    </>
  );
}

/**
 * A field edited by a widget that needs JavaScript: the widget keeps its value and the value posts with the
 * form through hidden inputs, so a form sent without JavaScript keeps what was stored. A new key (the form
 * started over) starts the widget over.
 */
export function WidgetField<S extends z.ZodType>(props: WidgetFieldProps<S>) {
  return <WidgetState key={props.field.key} {...props} />;
}
