import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { z } from "../../common/zod.ts";

/**
 * A yes/no box of the account forms posts "off" always (a hidden input) and "on" after it when ticked
 * (app/components/form-kit/fields.tsx), so an unticked box says no instead of saying nothing, which a
 * schema would read as its default (some default to yes).
 */
export const isTicked = (value: unknown) => (Array.isArray(value) ? value.includes("on") : value === "on");

const readBox = (value: unknown) =>
  Array.isArray(value) || value === "on" || value === "off" ? isTicked(value) : value;

// Conform's coercion otherwise: "" is no value, numbers and dates from their text.
const { coerceFormValue } = configureCoercion({
  customize: (type) => (type._zod.def.type === "boolean" ? readBox : null),
});

/** A posted form read with its schema, as the browser's checks and the action both read it. */
export const parseForm = <S extends z.ZodType>(form: FormData, schema: S) =>
  parseWithZod(form, { schema: coerceFormValue(schema), disableAutoCoercion: true });
