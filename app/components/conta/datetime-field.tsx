import { TextInput, type TextInputProps } from "@mantine/core";

/**
 * A date and time typed on São Paulo's clock with the browser's own picker: the value
 * is "YYYY-MM-DDTHH:mm" (common/dates/local-input.ts converts it to an instant).
 */
export function DateTimeField(props: Omit<TextInputProps, "type">) {
  return <TextInput type="datetime-local" step={60} {...props} />;
}
