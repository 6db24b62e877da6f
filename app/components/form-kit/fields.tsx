import {
  Checkbox,
  type CheckboxProps,
  NativeSelect,
  type NativeSelectProps,
  PasswordInput,
  type PasswordInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import { isTicked } from "../../lib/form-parse.ts";

/**
 * The account forms' fields: Mantine's look over plain, named, uncontrolled inputs (Conform's field
 * metadata gives the name, the first value, the key that starts a field over, and the errors). Only
 * controls that are real form elements are here, so every field posts without JavaScript and keeps a
 * value chosen before the page came to life. Widgets that need JavaScript (tags, uploads, the
 * rich-text editor) post through hidden inputs of their own.
 */
export type Field = {
  key: string | undefined;
  id: string;
  name: string;
  defaultValue: string | undefined;
  initialValue: unknown;
  errors: string[] | undefined;
  required?: boolean;
};

/** Mantine draws the error below the field and points the input's aria-describedby at it. */
export const errorText = (field: Pick<Field, "errors">) => field.errors?.join(" ") || undefined;

type Controlled = "name" | "defaultValue" | "value" | "error" | "id" | "onChange" | "checked" | "defaultChecked";

/** What every field takes from its metadata (its `key` goes on the element itself, to start it over). */
const named = (field: Field) => ({ id: field.id, name: field.name, error: errorText(field), required: field.required });

export function TextField({ field, ...props }: { field: Field } & Omit<TextInputProps, Controlled>) {
  return <TextInput key={field.key} {...named(field)} defaultValue={field.defaultValue ?? ""} {...props} />;
}

export function TextareaField({ field, ...props }: { field: Field } & Omit<TextareaProps, Controlled>) {
  return (
    <Textarea
      key={field.key}
      {...named(field)}
      defaultValue={field.defaultValue ?? ""}
      autosize
      minRows={2}
      {...props}
    />
  );
}

/** A password: never filled in from the server (the action never sends one back). */
export function PasswordField({ field, ...props }: { field: Field } & Omit<PasswordInputProps, Controlled>) {
  return <PasswordInput key={field.key} {...named(field)} {...props} />;
}

export type Option = { value: string; label: string; disabled?: boolean };
/** Options under a heading of their own (an <optgroup>). */
export type OptionGroup = { group: string; items: readonly Option[] };

const optionData = (entry: Option | OptionGroup) =>
  "group" in entry ? { group: entry.group, items: entry.items.map((item) => ({ ...item })) } : { ...entry };

/**
 * The browser's own select: it works before and without JavaScript and keeps a choice made before
 * hydration. `placeholder` is a first option without a value ("Escolha…"), so nothing is chosen by default.
 */
export function SelectField({
  field,
  options,
  placeholder,
  ...props
}: { field: Field; options: readonly (Option | OptionGroup)[]; placeholder?: string } & Omit<
  NativeSelectProps,
  Controlled | "data"
>) {
  const data = placeholder ? [{ value: "", label: placeholder }, ...options] : options;
  return (
    <NativeSelect
      key={field.key}
      {...named(field)}
      defaultValue={field.defaultValue ?? ""}
      data={data.map(optionData)}
      {...props}
    />
  );
}

/**
 * A yes/no field. The box posts "off" always and "on" after it when ticked (app/lib/form-parse.ts), so
 * an unticked box is a no rather than a missing value. With `value` it is a choice of that value instead
 * (posted only when ticked).
 */
export function CheckboxField({
  field,
  value,
  ...props
}: { field: Field; value?: string } & Omit<CheckboxProps, Controlled | "value">) {
  const ticked = value === undefined ? isTicked(field.initialValue) : field.initialValue === value;
  return (
    <>
      {value === undefined ? <input type="hidden" name={field.name} value="off" /> : null}
      <Checkbox
        key={field.key}
        id={field.id}
        name={field.name}
        value={value ?? "on"}
        defaultChecked={ticked}
        error={errorText(field)}
        {...props}
      />
    </>
  );
}
