import { Button, Grid, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { useActionData } from "react-router";
import { type FiscalText, NO_FISCAL_TEXT, type VariantRow } from "../../../common/product-variants.ts";
import {
  packageFormats,
  productSchema,
  productStatuses,
  productStatusLabels,
} from "../../../common/schemas/product.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import type { ContentDocument } from "../../../common/views/content.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, SelectField, TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { DocumentsField } from "./documents-field.tsx";
import { EditorHeader, type SavedRecord } from "./editor-header.tsx";
import { fiscalText, ItemFiscalFields } from "./item-fiscal-fields.tsx";
import { ProductImagesField } from "./product-images-field.tsx";
import { ProductVariantsFields } from "./product-variants-fields.tsx";
import { reaisText } from "./reais-text.ts";
import { RichTextField } from "./rich-text-editor.tsx";
import { TagsField } from "./tags-field.tsx";

export const PRODUCT_LIST = accountPaths.area("produtos");
const SUMMARY_MAX = 160;

/** The shipping fields, typed as digits. */
const sizeFields = [
  ["weight_grams", "Peso (g)"],
  ["length_cm", "Comprimento (cm)"],
  ["height_cm", "Altura (cm)"],
  ["width_cm", "Largura (cm)"],
  ["diameter_cm", "Diâmetro (cm)"],
] as const;
type SizeField = (typeof sizeFields)[number][0];

/** The product as the form shows it: amounts as reais text, numbers as typed, variants' options in the options' order. */
export type ProductFormValues = {
  name: string;
  slug: string;
  summary: string;
  content: string;
  status: string;
  featured: boolean;
  images: { url: string; thumb?: string; alt: string }[];
  documents: ContentDocument[];
  tags: string[];
  options: { name: string; values: string[] }[];
  variants: VariantRow[];
  package_format: string;
  fiscal: FiscalText;
} & Record<SizeField, string>;

/** A new product: a draft with one variant, sent as a box. */
export const emptyProduct: ProductFormValues = {
  name: "",
  slug: "",
  summary: "",
  content: "",
  status: "draft",
  featured: false,
  images: [],
  documents: [],
  tags: [],
  options: [],
  variants: [{ options: [], sku: "", price_cents: "", compare_at_cents: "", stock: "0", fiscal: NO_FISCAL_TEXT }],
  weight_grams: "0",
  package_format: "1",
  length_cm: "0",
  height_cm: "0",
  width_cm: "0",
  diameter_cm: "0",
  fiscal: NO_FISCAL_TEXT,
};

export function productFormValues(product: ProductView): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    summary: product.summary,
    content: product.content,
    status: product.status,
    featured: product.featured,
    images: product.images.map(({ url, thumb, alt }) => ({ url, ...(thumb ? { thumb } : {}), alt })),
    documents: product.documents,
    tags: product.tags,
    options: product.options,
    variants: product.variants.map((variant) => ({
      id: String(variant.id),
      options: variant.options,
      sku: variant.sku,
      price_cents: reaisText(variant.price_cents),
      compare_at_cents: reaisText(variant.compare_at_cents),
      stock: String(variant.stock),
      fiscal: fiscalText(variant.fiscal),
    })),
    weight_grams: String(product.weight_grams),
    package_format: String(product.package_format),
    length_cm: String(product.length_cm),
    height_cm: String(product.height_cm),
    width_cm: String(product.width_cm),
    diameter_cm: String(product.diameter_cm),
    fiscal: fiscalText(product.fiscal),
  };
}

const statusOptions = productStatuses.map((status) => ({ value: status, label: productStatusLabels[status] }));
const formatOptions = packageFormats.map((format) => ({ value: String(format.value), label: format.label }));

/**
 * The new and edit screens of a product: a plain form that saves without JavaScript (the options,
 * uploads and the description's editor need it, and say so). What was sent when the session ended
 * comes back after signing in again.
 */
export function ProductForm(props: {
  title: string;
  defaultValue: ProductFormValues;
  tagSuggestions: string[];
  saved?: SavedRecord;
}) {
  const { form, fields } = useAccountForm({
    schema: productSchema,
    defaultValue: props.defaultValue,
    answer: useActionData(),
    keepsDraft: true,
  });
  const slug = fields.slug.value ?? "";
  const summary = fields.summary.value ?? "";

  return (
    <AccountForm form={form} label={props.title}>
      <Stack>
        <EditorHeader title={props.title} saved={props.saved} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <TextField field={fields.name} label="Nome" maxLength={200} />
                  <TextField
                    field={fields.slug}
                    label="Slug"
                    description={`Opcional: gerado do nome se ficar em branco. Endereço no site: ${sitePaths.product(slug.trim() || "…")}`}
                    placeholder="gerado-do-nome"
                    maxLength={120}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  <TextareaField
                    field={fields.summary}
                    label="Resumo"
                    description={`Mostrado na lista da loja. ${summary.length}/${SUMMARY_MAX} caracteres.`}
                    maxLength={SUMMARY_MAX}
                  />
                  <RichTextField field={fields.content} label="Descrição" />
                </Stack>
              </Paper>
              <ProductVariantsFields
                options={fields.options}
                variants={fields.variants}
                updateRows={(rows) => form.update({ name: fields.variants.name, value: rows })}
              />
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    Envio
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <SelectField field={fields.package_format} label="Formato da embalagem" options={formatOptions} />
                    {sizeFields.map(([name, label]) => (
                      <TextField key={name} field={fields[name]} label={label} inputMode="numeric" autoComplete="off" />
                    ))}
                  </SimpleGrid>
                </Stack>
              </Paper>
              <Paper withBorder p="md" component="section" aria-labelledby={`${form.id}-fiscal`}>
                <Stack>
                  <Title order={2} size="h4" id={`${form.id}-fiscal`}>
                    Dados fiscais (nota fiscal)
                  </Title>
                  <ItemFiscalFields
                    fields={fields.fiscal.getFieldset()}
                    hint="Deixe em branco para usar o padrão da loja."
                    fallback="Padrão da loja"
                  />
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <SelectField
                    field={fields.status}
                    label="Situação"
                    options={statusOptions}
                    description={fields.status.value === "published" ? undefined : "Só publicados aparecem na loja."}
                  />
                  <CheckboxField field={fields.featured} label="Destaque" />
                  <TagsField field={fields.tags} suggestions={props.tagSuggestions} />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <ProductImagesField
                  form={form}
                  field={fields.images}
                  onSent={(image) => form.insert({ name: fields.images.name, defaultValue: image })}
                />
              </Paper>
              <Paper withBorder p="md">
                <DocumentsField field={fields.documents} />
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={PRODUCT_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
