import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { type FiscalText, type OptionDraft, resyncRows, type VariantRow } from "../../../common/product-variants.ts";
import { MAX_OPTION_VALUES, MAX_OPTIONS } from "../../../common/schemas/product.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { NeedsJavaScript } from "../form-kit/account-form.tsx";
import { type Field, TextField } from "../form-kit/fields.tsx";
import { ListErrors } from "../form-kit/list-fields.tsx";
import { HiddenValues } from "../form-kit/widget-value.tsx";
import type { ItemFiscalFieldset } from "./item-fiscal-fields.tsx";
import { StackedCell, StackedTable } from "./record-table.tsx";

/** A variant row's fields, as Conform gives them. */
type RowFields = {
  id: Field;
  options: Field & { getFieldList: () => Field[] };
  sku: Field;
  price_cents: Field;
  compare_at_cents: Field;
  stock: Field;
  fiscal: Field & { getFieldset: () => ItemFiscalFieldset };
};
type Row = Field & { allErrors: Record<string, string[]>; getFieldset: () => RowFields };

/** What this part needs of the form's `options` and `variants` fields and of the form's list changes. */
export type VariantsFieldsProps = {
  options: { key: string | undefined; name: string; initialValue: unknown; errors?: string[] } & {
    allErrors: Record<string, string[]>;
  };
  variants: { name: string; value: unknown; errors?: string[]; getFieldList: () => Row[] };
  /** Conform's `form.update`: the rows follow the options. */
  updateRows: (rows: VariantRow[]) => void;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const texts = (value: unknown) => (Array.isArray(value) ? value.map(text) : typeof value === "string" ? [value] : []);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};
const entries = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);

const fiscalOf = (value: unknown): FiscalText => {
  const fiscal = record(value);
  return {
    ncm: text(fiscal.ncm),
    origin: text(fiscal.origin),
    tax_situation: text(fiscal.tax_situation),
    unit: text(fiscal.unit),
    gtin: text(fiscal.gtin),
  };
};

/** The options as the form was given them (the stored product, or what was sent). */
const optionsOf = (value: unknown): OptionDraft[] =>
  entries(value).map((option, index) => ({ key: `o${index}`, name: text(option.name), values: texts(option.values) }));

/** The variant rows as the page holds them now, as typed. */
const rowsOf = (value: unknown): VariantRow[] =>
  entries(value).map((row) => ({
    ...(text(row.id) ? { id: text(row.id) } : {}),
    options: texts(row.options),
    sku: text(row.sku),
    price_cents: text(row.price_cents),
    compare_at_cents: text(row.compare_at_cents),
    stock: text(row.stock),
    fiscal: fiscalOf(row.fiscal),
  }));

/** An option as its headings and labels name it. */
const optionName = (option: OptionDraft, index: number) => option.name.trim() || `Opção ${index + 1}`;

/** What decides the rows: each option's key and values (not its name). */
const rowsSignature = (options: OptionDraft[]) => JSON.stringify(options.map((option) => [option.key, option.values]));

/** The first error at `name` or below it. */
const errorUnder = (errors: Record<string, string[]>, name: string) =>
  (
    errors[name] ??
    Object.entries(errors).find(([key]) => key.startsWith(`${name}[`) || key.startsWith(`${name}.`))?.[1]
  )
    ?.join(" ")
    .trim() || undefined;

/**
 * A product's options (Tamanho, Cor...) and its variants, one per combination of the options' values
 * (common/product-variants.ts). The variant rows are plain fields: their prices, SKUs and stock are
 * edited and saved without JavaScript. Changing the options, which makes new rows, needs it: the
 * options post through their inputs and hidden values, read-only until the page runs.
 */
export function ProductVariantsFields(props: VariantsFieldsProps) {
  // The form starting over (a draft handed back after signing in) starts the options over.
  return <VariantsEditor key={props.options.key} {...props} />;
}

function VariantsEditor({ options: optionsField, variants, updateRows }: VariantsFieldsProps) {
  const hydrated = useHydrated();
  const [options, setOptions] = useState(() => optionsOf(optionsField.initialValue));
  const rows = variants.getFieldList();
  const posted = variants.value;
  // syncVariants leaves the rows as they were until every option has values: nothing to show yet.
  const valuesMissing = options.some((option) => option.values.length === 0);

  const change = (next: OptionDraft[]) => {
    setOptions(next);
    if (rowsSignature(next) !== rowsSignature(options)) updateRows(resyncRows(options, next, rowsOf(posted)));
  };
  const addOption = () => {
    const taken = new Set(options.map((option) => option.key));
    let number = options.length;
    while (taken.has(`o${number}`)) number += 1;
    change([...options, { key: `o${number}`, name: "", values: [] }]);
  };

  return (
    <>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            Opções
          </Title>
          <Text size="sm" c="dimmed">
            Até {MAX_OPTIONS} opções, como Tamanho e Cor: cada combinação dos valores é uma variação, com preço, SKU e
            estoque próprios.
          </Text>
          {options.map((option, index) => (
            <OptionFields
              key={option.key}
              name={`${optionsField.name}[${index}]`}
              index={index}
              option={option}
              errors={optionsField.allErrors}
              hydrated={hydrated}
              onChange={(changed) => change(options.map((old, at) => (at === index ? changed : old)))}
              onRemove={() => change(options.filter((_, at) => at !== index))}
            />
          ))}
          <ListErrors field={optionsField} />
          {options.length < MAX_OPTIONS ? (
            <Button
              variant="light"
              size="xs"
              w="max-content"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!hydrated}
              onClick={addOption}
            >
              Adicionar opção
            </Button>
          ) : null}
          <NeedsJavaScript>
            Para adicionar ou mudar opções e seus valores, ative o JavaScript. O preço, o SKU e o estoque de cada
            variação podem ser mudados sem ele.
          </NeedsJavaScript>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            {options.length ? "Variações" : "Preço e estoque"}
          </Title>
          {options.length === 0 && rows[0] ? <SingleVariant row={rows[0]} /> : null}
          {options.length > 0 && valuesMissing ? (
            <Text size="sm" c="dimmed">
              Informe os valores de cada opção para ver as variações.
            </Text>
          ) : null}
          {options.length > 0 ? (
            // Hidden rather than left out: the rows keep their prices for when the values come.
            <div hidden={valuesMissing}>
              <Stack>
                <Text size="sm" c="dimmed">
                  O NCM e o GTIN/EAN de uma variação deixados em branco são os do produto, em Dados fiscais.
                </Text>
                <VariantsTable options={options} rows={rows} />
              </Stack>
            </div>
          ) : null}
          <ListErrors field={variants} />
        </Stack>
      </Paper>
    </>
  );
}

function OptionFields(props: {
  /** The option's form name, e.g. options[0]. */
  name: string;
  index: number;
  option: OptionDraft;
  errors: Record<string, string[]>;
  hydrated: boolean;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
}) {
  const { name, index, option, hydrated } = props;
  const label = optionName(option, index);
  return (
    <Paper withBorder p="sm">
      <Group align="flex-start" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
          <TextInput
            id={`${name}.name`}
            name={`${name}.name`}
            label={`Nome da opção ${index + 1}`}
            placeholder="Tamanho, Cor..."
            required
            maxLength={40}
            value={option.name}
            readOnly={!hydrated}
            onChange={(event) => props.onChange({ ...option, name: event.currentTarget.value })}
            error={errorUnder(props.errors, `${name}.name`)}
          />
          <TagsInput
            label={`Valores de ${label}`}
            description="Tecle Enter ou vírgula depois de cada valor."
            placeholder={option.values.length ? undefined : "P, M, G"}
            value={option.values}
            onChange={(values) =>
              props.onChange({ ...option, values: values.map((value) => value.trim().slice(0, 40)).filter(Boolean) })
            }
            maxTags={MAX_OPTION_VALUES}
            splitChars={[","]}
            acceptValueOnBlur
            maxLength={40}
            readOnly={!hydrated}
            error={errorUnder(props.errors, `${name}.values`)}
          />
          <HiddenValues name={`${name}.values`} value={option.values} />
        </SimpleGrid>
        <ActionIcon
          variant="subtle"
          color="danger"
          mt={28}
          disabled={!hydrated}
          onClick={props.onRemove}
          aria-label={`Remover a opção ${label}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * What a row posts besides its typed fields: the stored variant's id, its values of the options, and the
 * fiscal data it has of its own (through the API or an import) that the row does not show, so a save keeps it.
 */
function RowValues({ row, shownFiscal }: { row: RowFields; shownFiscal: readonly (keyof FiscalText)[] }) {
  const fiscal = row.fiscal.getFieldset();
  const kept = (["ncm", "origin", "tax_situation", "unit", "gtin"] as const).filter(
    (name) => !shownFiscal.includes(name) && fiscal[name].defaultValue,
  );
  return (
    <>
      {row.id.defaultValue ? <input type="hidden" name={row.id.name} value={row.id.defaultValue} /> : null}
      {row.options.getFieldList().map((value) => (
        <input key={value.key} type="hidden" name={value.name} value={value.defaultValue ?? ""} />
      ))}
      {kept.map((name) => (
        <input key={name} type="hidden" name={fiscal[name].name} value={fiscal[name].defaultValue} />
      ))}
    </>
  );
}

/** The fields of a product without options: its one variant, whose fiscal data is the product's section. */
function SingleVariant({ row }: { row: Row }) {
  const fields = row.getFieldset();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <RowValues row={fields} shownFiscal={[]} />
      <TextField
        field={fields.price_cents}
        label="Preço (R$)"
        placeholder="0,00"
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        field={fields.compare_at_cents}
        label="Preço “de” (R$)"
        description="Opcional: o preço anterior, mostrado riscado."
        placeholder="0,00"
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField field={fields.sku} label="SKU" maxLength={64} autoComplete="off" />
      <TextField field={fields.stock} label="Estoque" inputMode="numeric" autoComplete="off" />
    </SimpleGrid>
  );
}

/** The fiscal fields each variant row shows: those that usually differ between variants. */
const ROW_FISCAL = ["ncm", "gtin"] as const;

/**
 * One row per combination of the options' values; on a phone, each row is a block of labelled fields. A
 * row's NCM and GTIN, left empty, are the product's (its fiscal section).
 */
function VariantsTable({ options, rows }: { options: OptionDraft[]; rows: Row[] }) {
  return (
    <StackedTable minWidth={820} verticalSpacing="xs" aria-label="Variações">
      <Table.Thead>
        <Table.Tr>
          {options.map((option, index) => (
            <Table.Th key={option.key}>{optionName(option, index)}</Table.Th>
          ))}
          <Table.Th>Preço (R$)</Table.Th>
          <Table.Th>Preço “de” (R$)</Table.Th>
          <Table.Th>SKU</Table.Th>
          <Table.Th>Estoque</Table.Th>
          <Table.Th>NCM</Table.Th>
          <Table.Th>GTIN/EAN</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const fields = row.getFieldset();
          const fiscal = fields.fiscal.getFieldset();
          const values = fields.options.getFieldList().map((value) => value.defaultValue ?? "");
          const combination = values.join(" / ");
          const combinationError = errorUnder(row.allErrors, fields.options.name);
          return (
            <Table.Tr key={row.key}>
              {options.map((option, position) => (
                <StackedCell key={option.key} label={optionName(option, position)}>
                  <Text size="sm" fw={500}>
                    {values[position]}
                  </Text>
                  {position === 0 && combinationError ? (
                    <Text size="xs" c="var(--mantine-color-error)">
                      {combinationError}
                    </Text>
                  ) : null}
                </StackedCell>
              ))}
              <StackedCell label="Preço (R$)">
                <RowValues row={fields} shownFiscal={ROW_FISCAL} />
                <TextField
                  field={fields.price_cents}
                  aria-label={`Preço de ${combination}`}
                  placeholder="0,00"
                  inputMode="decimal"
                  autoComplete="off"
                />
              </StackedCell>
              <StackedCell label="Preço “de” (R$)">
                <TextField
                  field={fields.compare_at_cents}
                  aria-label={`Preço “de” de ${combination}`}
                  placeholder="0,00"
                  inputMode="decimal"
                  autoComplete="off"
                />
              </StackedCell>
              <StackedCell label="SKU">
                <TextField field={fields.sku} aria-label={`SKU de ${combination}`} maxLength={64} autoComplete="off" />
              </StackedCell>
              <StackedCell label="Estoque">
                <TextField
                  field={fields.stock}
                  aria-label={`Estoque de ${combination}`}
                  inputMode="numeric"
                  autoComplete="off"
                />
              </StackedCell>
              <StackedCell label="NCM">
                <TextField
                  field={fiscal.ncm}
                  aria-label={`NCM de ${combination}`}
                  placeholder="O do produto"
                  inputMode="numeric"
                  maxLength={20}
                  autoComplete="off"
                />
              </StackedCell>
              <StackedCell label="GTIN/EAN">
                <TextField
                  field={fiscal.gtin}
                  aria-label={`GTIN/EAN de ${combination}`}
                  placeholder="O do produto"
                  maxLength={20}
                  autoComplete="off"
                  spellCheck={false}
                />
              </StackedCell>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </StackedTable>
  );
}
