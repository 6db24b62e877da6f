import { TagsInput } from "@mantine/core";

/** Limits of `tags` in common/schemas/content.ts. */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

/** Etiquetas: free text, with the tags already in use offered as suggestions. */
export function TagsField({
  max = MAX_TAGS,
  maxLength = MAX_TAG_LENGTH,
  ...props
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: string[];
  error?: React.ReactNode;
  /** Limits of another kind of record (the library allows more and longer tags). */
  max?: number;
  maxLength?: number;
}) {
  return (
    <TagsInput
      label="Etiquetas"
      description={`Tecle Enter ou vírgula depois de cada etiqueta (até ${max}).`}
      placeholder={props.value.length < max ? "Nova etiqueta" : undefined}
      data={props.suggestions}
      value={props.value}
      onChange={(tags) => props.onChange(tags.map((tag) => tag.trim().slice(0, maxLength)).filter(Boolean))}
      maxTags={max}
      splitChars={[","]}
      clearable
      acceptValueOnBlur
      maxLength={maxLength}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
