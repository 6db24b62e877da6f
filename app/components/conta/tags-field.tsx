import { Stack, TagsInput } from "@mantine/core";
import { z } from "../../../common/zod.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { NeedsJavaScript } from "../form-kit/account-form.tsx";
import { WidgetField, type WidgetFieldMeta } from "../form-kit/widget-value.tsx";

/** Limits of `tags` in common/schemas/content.ts. */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;
/** Suggestions listed at once. */
const SUGGESTIONS_SHOWN = 8;

/** Any list of texts: a refused list (too many tags) comes back as it was sent, for the error beside it. */
const sentTags = z.array(z.string());

/**
 * Etiquetas: free text, with the tags already in use offered as suggestions. Mantine's TagsInput edits
 * the list and the list posts through hidden inputs, so a form saved without JavaScript keeps the stored
 * tags. Before the page comes to life the field is read-only: what was typed there would be lost.
 */
export function TagsField({
  field,
  suggestions,
  max = MAX_TAGS,
  maxLength = MAX_TAG_LENGTH,
}: {
  field: WidgetFieldMeta;
  suggestions: string[];
  /** Limits of another kind of record (the library allows more and longer tags). */
  max?: number;
  maxLength?: number;
}) {
  const hydrated = useHydrated();
  return (
    <Stack gap={6}>
      <WidgetField field={field} schema={sentTags} fallback={[]}>
        {(tags, change, error) => (
          <TagsInput
            label="Etiquetas"
            description={`Tecle Enter ou vírgula depois de cada etiqueta (até ${max}).`}
            placeholder={tags.length < max ? "Nova etiqueta" : undefined}
            data={suggestions}
            value={tags}
            onChange={(next) => change(next.map((tag) => tag.trim().slice(0, maxLength)).filter(Boolean))}
            maxTags={max}
            splitChars={[","]}
            clearable
            acceptValueOnBlur
            maxLength={maxLength}
            readOnly={!hydrated}
            error={error}
            // The suggestions open inside the form (a landmark), not at the end of the page outside every one.
            comboboxProps={{ withinPortal: false }}
            // A few at a time, narrowed by what is typed, in a list that never scrolls: a scrolling list of
            // options, which are not focusable, is a region no keyboard can scroll (axe).
            limit={SUGGESTIONS_SHOWN}
            withScrollArea={false}
          />
        )}
      </WidgetField>
      <NeedsJavaScript>Para mudar as etiquetas, ative o JavaScript. As etiquetas salvas são mantidas.</NeedsJavaScript>
    </Stack>
  );
}
