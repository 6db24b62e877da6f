import type { TextInputProps } from "@mantine/core";
import { type Field, TextField } from "../form-kit/fields.tsx";

/**
 * A date and time typed on São Paulo's clock with the browser's own picker: the value is
 * "YYYY-MM-DDTHH:mm", which the form's schema reads as an instant (localDateTimeField in
 * common/schemas/content.ts). A plain named input, so it posts without JavaScript.
 */
export function DateTimeField({ field, ...props }: { field: Field } & Omit<TextInputProps, "type" | "step">) {
  return <TextField field={field} type="datetime-local" step={60} {...props} />;
}
