import { Stack, TagsInput } from "@mantine/core";
import { z } from "../../../common/zod.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { NeedsJavaScript } from "../form-kit/account-form.tsx";
import { WidgetField, type WidgetFieldMeta } from "../form-kit/widget-value.tsx";

/** Any list of texts: a refused list comes back as it was sent, for the error beside it. */
const sentLabels = z.array(z.string());

/**
 * A library item's free-text list (idiomas, categorias), with values to choose from. Mantine's TagsInput
 * edits it and it posts through hidden inputs, so a form saved without JavaScript keeps the stored values;
 * before the page comes to life it is read-only (what was typed there would be lost).
 */
export function LabelsField(props: {
  field: WidgetFieldMeta;
  label: string;
  description: string;
  /** The values offered while typing. */
  data: string[];
  max: number;
  /** The notice without JavaScript: "Para mudar os idiomas, ative o JavaScript...". */
  notice: string;
}) {
  const hydrated = useHydrated();
  return (
    <Stack gap={6}>
      <WidgetField field={props.field} schema={sentLabels} fallback={[]}>
        {(values, change, error) => (
          <TagsInput
            label={props.label}
            description={props.description}
            data={props.data}
            value={values}
            onChange={(next) => change(next.map((value) => value.trim().slice(0, 60)).filter(Boolean))}
            maxTags={props.max}
            splitChars={[","]}
            acceptValueOnBlur
            clearable
            maxLength={60}
            readOnly={!hydrated}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </WidgetField>
      <NeedsJavaScript>{props.notice}</NeedsJavaScript>
    </Stack>
  );
}
