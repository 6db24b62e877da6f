import { TagsInput } from "@mantine/core";

/** Limits of `tags` in common/schemas/content.ts. */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

/** Etiquetas: free text, with the tags already in use offered as suggestions. */
export function TagsField(props: {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: string[];
  error?: React.ReactNode;
}) {
  return (
    <TagsInput
      label="Etiquetas"
      description={`Tecle Enter ou vírgula depois de cada etiqueta (até ${MAX_TAGS}).`}
      placeholder={props.value.length < MAX_TAGS ? "Nova etiqueta" : undefined}
      data={props.suggestions}
      value={props.value}
      onChange={(tags) => props.onChange(tags.map((tag) => tag.trim().slice(0, MAX_TAG_LENGTH)).filter(Boolean))}
      maxTags={MAX_TAGS}
      splitChars={[","]}
      clearable
      acceptValueOnBlur
      maxLength={MAX_TAG_LENGTH}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
