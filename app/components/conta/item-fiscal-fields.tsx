import { SimpleGrid } from "@mantine/core";
import { originLabels, taxSituationLabels } from "../../../common/fiscal-labels.ts";
import type { FiscalText } from "../../../common/product-variants.ts";
import { type ItemFiscalInput, TAX_SITUATIONS } from "../../../common/schemas/fiscal.ts";
import { type Field, type OptionGroup, SelectField, TextField } from "../form-kit/fields.tsx";

/** The fields of an item's fiscal data (common/schemas/fiscal.ts's itemFiscalInputSchema), as Conform gives them. */
export type ItemFiscalFieldset = Record<keyof FiscalText, Field>;

/** Stored fiscal data as the form shows it: each null an empty field. */
export const fiscalText = (fiscal: ItemFiscalInput): FiscalText => ({
  ncm: fiscal.ncm ?? "",
  origin: fiscal.origin === null ? "" : String(fiscal.origin),
  tax_situation: fiscal.tax_situation ?? "",
  unit: fiscal.unit ?? "",
  gtin: fiscal.gtin ?? "",
});

const originOptions = originLabels.map(({ code, label }) => ({ value: String(code), label: `${code} – ${label}` }));

const situations = (codes: readonly string[]) =>
  codes.map((code) => ({ value: code, label: `${code} – ${taxSituationLabels[code] ?? code}` }));
const taxSituationOptions: OptionGroup[] = [
  { group: "Simples Nacional (CSOSN)", items: situations(TAX_SITUATIONS.simples) },
  { group: "Regime normal (CST)", items: situations(TAX_SITUATIONS.normal) },
];

/**
 * NCM, origin, CSOSN/CST, unit and GTIN: plain inputs and the browser's selects, so they post without
 * JavaScript. Each says what an empty one means (`hint`); a select's empty choice is the `fallback`.
 */
export function ItemFiscalFields({
  fields,
  hint,
  fallback,
}: {
  fields: ItemFiscalFieldset;
  hint: string;
  fallback: string;
}) {
  const text = { autoComplete: "off", spellCheck: false, description: hint } as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextField field={fields.ncm} label="NCM" placeholder="0000.00.00" inputMode="numeric" maxLength={20} {...text} />
      <SelectField
        field={fields.origin}
        label="Origem da mercadoria"
        description={hint}
        options={originOptions}
        placeholder={fallback}
      />
      <SelectField
        field={fields.tax_situation}
        label="CSOSN/CST"
        description={hint}
        options={taxSituationOptions}
        placeholder={fallback}
      />
      <TextField field={fields.unit} label="Unidade comercial" placeholder="UN, KG, CX..." maxLength={6} {...text} />
      <TextField
        field={fields.gtin}
        label="GTIN/EAN"
        placeholder="Código de barras ou SEM GTIN"
        maxLength={20}
        {...text}
      />
    </SimpleGrid>
  );
}
