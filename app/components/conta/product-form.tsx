import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useNavigation, useSubmit } from "react-router";
import {
  type OptionDraft,
  syncVariants,
  type VariantDraft,
  variantOptionValues,
} from "../../../common/product-variants.ts";
import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  type ProductStatus,
  packageFormats,
  productSchema,
  productStatuses,
  productStatusLabels,
} from "../../../common/schemas/product.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import type { ContentDocument } from "../../../common/views/content.ts";
import type { ProductImage, ProductView } from "../../../common/views/products.ts";
import { CHECK_FIELDS, focusFirstError } from "../../lib/focus-first-error.ts";
import { notifyError } from "../../lib/notify.ts";
import { useServerErrors } from "../../lib/use-server-errors.ts";
import { useDraftAfterSignIn, useKeepDraftForSignIn } from "../../lib/use-sign-in-draft.ts";
import { AppLink } from "../app-link.tsx";
import { DocumentsField } from "./documents-field.tsx";
import { EditorHeader, type SavedRecord } from "./editor-header.tsx";
import { ProductImagesField } from "./product-images-field.tsx";
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

/** The product as the form edits it: amounts as reais text, numbers as typed, options with keys of their own. */
export type ProductFormValues = {
  name: string;
  slug: string;
  summary: string;
  content: string;
  status: ProductStatus;
  featured: boolean;
  images: ProductImage[];
  documents: ContentDocument[];
  tags: string[];
  options: OptionDraft[];
  variants: VariantDraft[];
  package_format: string;
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
  variants: syncVariants([], []),
  weight_grams: "0",
  package_format: "1",
  length_cm: "0",
  height_cm: "0",
  width_cm: "0",
  diameter_cm: "0",
};

export function productFormValues(product: ProductView): ProductFormValues {
  const options = product.options.map((option, index) => ({ key: `o${index}`, ...option }));
  return {
    name: product.name,
    slug: product.slug,
    summary: product.summary,
    content: product.content,
    status: product.status,
    featured: product.featured,
    images: product.images,
    documents: product.documents,
    tags: product.tags,
    options,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      values: Object.fromEntries(options.map((option, index) => [option.key, variant.options[index] ?? ""])),
      sku: variant.sku,
      price_cents: reaisText(variant.price_cents),
      compare_at_cents: reaisText(variant.compare_at_cents),
      stock: String(variant.stock),
    })),
    weight_grams: String(product.weight_grams),
    package_format: String(product.package_format),
    length_cm: String(product.length_cm),
    height_cm: String(product.height_cm),
    width_cm: String(product.width_cm),
    diameter_cm: String(product.diameter_cm),
  };
}

/** What the action receives: the shared schema's fields, the amounts still as typed (the schema reads reais). */
function submission(values: ProductFormValues) {
  return {
    name: values.name,
    slug: values.slug,
    summary: values.summary,
    content: values.content,
    status: values.status,
    featured: values.featured,
    images: values.images,
    documents: values.documents,
    tags: values.tags,
    options: values.options.map((option) => ({ name: option.name, values: option.values })),
    variants: values.variants.map((variant) => ({
      ...(variant.id === undefined ? {} : { id: variant.id }),
      options: variantOptionValues(values.options, variant),
      sku: variant.sku,
      price_cents: variant.price_cents,
      compare_at_cents: variant.compare_at_cents,
      stock: variant.stock,
    })),
    package_format: values.package_format,
    ...Object.fromEntries(sizeFields.map(([field]) => [field, values[field]])),
  };
}

const checkProduct = schemaResolver(productSchema, { sync: true });
const statusOptions = productStatuses.map((status) => ({ value: status, label: productStatusLabels[status] }));
const formatOptions = packageFormats.map((format) => ({ value: String(format.value), label: format.label }));

/** The first error at `path` or below it, for fields that stand for a list. */
const errorAt = (errors: Record<string, React.ReactNode>, path: string) =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

type ProductFormProps = {
  title: string;
  initialValues: ProductFormValues;
  tagSuggestions: string[];
  saved?: SavedRecord;
  answer: unknown;
};

/** The new and edit screens of a product. */
export function ProductForm(props: ProductFormProps) {
  // What was typed before the session ended comes back after signing in again; the rich-text
  // editor reads its content once, so the form starts over from the kept values.
  const draft = useDraftAfterSignIn<ProductFormValues>();
  return <ProductFormFields key={draft ? "draft" : "stored"} {...props} initialValues={draft ?? props.initialValues} />;
}

function ProductFormFields(props: ProductFormProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useProductForm(props.initialValues);
  const keepDraft = useKeepDraftForSignIn<ProductFormValues>();
  useServerErrors(form, props.answer);
  const { values, errors } = form;
  // syncVariants leaves the rows as they were until every option has values: nothing to show yet.
  const valuesMissing = values.options.some((option) => option.values.length === 0);

  const setOptions = (options: OptionDraft[]) =>
    form.setValues({ options, variants: syncVariants(options, values.variants) });
  const changeOption = (index: number, option: OptionDraft) =>
    setOptions(values.options.map((old, at) => (at === index ? option : old)));
  // A new option's key must be one no row still holds a value under, or rows would match by stale values.
  const addOption = () => {
    const taken = new Set([
      ...values.options.map((option) => option.key),
      ...values.variants.flatMap((row) => Object.keys(row.values)),
    ]);
    let number = values.options.length;
    while (taken.has(`o${number}`)) number += 1;
    setOptions([...values.options, { key: `o${number}`, name: "", values: [] }]);
  };

  return (
    <form
      aria-label={props.title}
      // The shared zod schema gives pt-BR messages beside the fields; the browser's own bubbles would hide them.
      noValidate
      onSubmit={form.onSubmit(
        (checked) => {
          keepDraft(checked);
          submit(submission(checked), { method: "post", encType: "application/json" });
        },
        (found, _values, event) => {
          focusFirstError(event?.currentTarget, found);
          notifyError(CHECK_FIELDS);
        },
      )}
    >
      <Stack>
        <EditorHeader title={props.title} saved={props.saved} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <TextInput label="Nome" required maxLength={200} {...form.getInputProps("name")} />
                  <TextInput
                    label="Slug"
                    description={`Opcional: gerado do nome se ficar em branco. Endereço no site: ${sitePaths.product(values.slug.trim() || "…")}`}
                    placeholder="gerado-do-nome"
                    maxLength={120}
                    autoComplete="off"
                    spellCheck={false}
                    {...form.getInputProps("slug")}
                  />
                  <Textarea
                    label="Resumo"
                    description={`Mostrado na lista da loja. ${values.summary.length}/${SUMMARY_MAX} caracteres.`}
                    autosize
                    minRows={2}
                    maxLength={SUMMARY_MAX}
                    {...form.getInputProps("summary")}
                  />
                  <RichTextField
                    label="Descrição"
                    value={props.initialValues.content}
                    onChange={(html) => form.setFieldValue("content", html)}
                    error={errors.content}
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    Opções
                  </Title>
                  <Text size="sm" c="dimmed">
                    Até {MAX_OPTIONS} opções, como Tamanho e Cor: cada combinação dos valores é uma variação, com preço,
                    SKU e estoque próprios.
                  </Text>
                  {values.options.map((option, index) => (
                    <OptionFields
                      key={option.key}
                      index={index}
                      option={option}
                      errors={errors}
                      onChange={(changed) => changeOption(index, changed)}
                      onRemove={() => setOptions(values.options.filter((_, at) => at !== index))}
                    />
                  ))}
                  {typeof errors.options === "string" ? (
                    <Text size="sm" c="var(--mantine-color-error)">
                      {errors.options}
                    </Text>
                  ) : null}
                  {values.options.length < MAX_OPTIONS ? (
                    <Button
                      variant="light"
                      size="xs"
                      w="max-content"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      onClick={addOption}
                    >
                      Adicionar opção
                    </Button>
                  ) : null}
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    {values.options.length ? "Variações" : "Preço e estoque"}
                  </Title>
                  {values.options.length === 0 ? <SingleVariant form={form} /> : null}
                  {values.options.length > 0 && valuesMissing ? (
                    <Text size="sm" c="dimmed">
                      Informe os valores de cada opção para ver as variações.
                    </Text>
                  ) : null}
                  {values.options.length > 0 && !valuesMissing ? (
                    <VariantsTable options={values.options} rows={values.variants} form={form} />
                  ) : null}
                  {typeof errors.variants === "string" ? (
                    <Text size="sm" c="var(--mantine-color-error)">
                      {errors.variants}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    Envio
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <NativeSelect
                      label="Formato da embalagem"
                      data={formatOptions}
                      {...form.getInputProps("package_format")}
                    />
                    {sizeFields.map(([field, label]) => (
                      <TextInput
                        key={field}
                        label={label}
                        inputMode="numeric"
                        autoComplete="off"
                        {...form.getInputProps(field)}
                      />
                    ))}
                  </SimpleGrid>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <NativeSelect
                    label="Situação"
                    required
                    data={statusOptions}
                    description={values.status === "published" ? undefined : "Só publicados aparecem na loja."}
                    {...form.getInputProps("status")}
                  />
                  <Switch label="Destaque" {...form.getInputProps("featured", { type: "checkbox" })} />
                  <TagsField
                    value={values.tags}
                    onChange={(tags) => form.setFieldValue("tags", tags)}
                    suggestions={props.tagSuggestions}
                    error={errorAt(errors, "tags")}
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <ProductImagesField
                  value={values.images}
                  onChange={(images) => form.setFieldValue("images", images)}
                  error={errors.images}
                  itemError={(index) => errorAt(errors, `images.${index}`)}
                />
              </Paper>
              <Paper withBorder p="md">
                <DocumentsField
                  value={values.documents}
                  onChange={(documents) => form.setFieldValue("documents", documents)}
                  error={errorAt(errors, "documents")}
                />
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Salvar
          </Button>
          <Button component={AppLink} to={PRODUCT_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const useProductForm = (initialValues: ProductFormValues) =>
  useForm<ProductFormValues>({
    mode: "controlled",
    initialValues,
    validate: (values) => checkProduct(submission(values)),
    validateInputOnBlur: true,
  });
type ProductFormApi = ReturnType<typeof useProductForm>;

function OptionFields(props: {
  index: number;
  option: OptionDraft;
  errors: Record<string, React.ReactNode>;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
}) {
  const { index, option, errors } = props;
  const label = option.name.trim() || `Opção ${index + 1}`;
  return (
    <Paper withBorder p="sm">
      <Group align="flex-start" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
          <TextInput
            label={`Nome da opção ${index + 1}`}
            placeholder="Tamanho, Cor..."
            required
            maxLength={40}
            value={option.name}
            onChange={(event) => props.onChange({ ...option, name: event.currentTarget.value })}
            error={errors[`options.${index}.name`]}
            data-path={`options.${index}.name`}
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
            error={errorAt(errors, `options.${index}.values`)}
            data-path={`options.${index}.values`}
          />
        </SimpleGrid>
        <ActionIcon
          variant="subtle"
          color="danger"
          mt={28}
          onClick={props.onRemove}
          aria-label={`Remover a opção ${label}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** The fields of a product without options: its one variant. */
function SingleVariant({ form }: { form: ProductFormApi }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Preço (R$)"
        required
        placeholder="0,00"
        inputMode="decimal"
        autoComplete="off"
        {...form.getInputProps("variants.0.price_cents")}
      />
      <TextInput
        label="Preço “de” (R$)"
        description="Opcional: o preço anterior, mostrado riscado."
        placeholder="0,00"
        inputMode="decimal"
        autoComplete="off"
        {...form.getInputProps("variants.0.compare_at_cents")}
      />
      <TextInput label="SKU" maxLength={64} autoComplete="off" {...form.getInputProps("variants.0.sku")} />
      <TextInput label="Estoque" inputMode="numeric" autoComplete="off" {...form.getInputProps("variants.0.stock")} />
    </SimpleGrid>
  );
}

/** One row per combination of the options' values. */
function VariantsTable(props: { options: OptionDraft[]; rows: VariantDraft[]; form: ProductFormApi }) {
  const { options, rows, form } = props;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Variações">
        <Table.Thead>
          <Table.Tr>
            {options.map((option, index) => (
              <Table.Th key={option.key}>{option.name.trim() || `Opção ${index + 1}`}</Table.Th>
            ))}
            <Table.Th>Preço (R$)</Table.Th>
            <Table.Th>Preço “de” (R$)</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Estoque</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const combination = variantOptionValues(options, row).join(" / ");
            const field = (name: keyof VariantDraft) => form.getInputProps(`variants.${index}.${name}`);
            const combinationError = errorAt(form.errors, `variants.${index}.options`);
            return (
              <Table.Tr key={combination}>
                {options.map((option, position) => (
                  <Table.Td key={option.key}>
                    <Text size="sm" fw={500}>
                      {row.values[option.key]}
                    </Text>
                    {position === 0 && combinationError ? (
                      <Text size="xs" c="var(--mantine-color-error)">
                        {combinationError}
                      </Text>
                    ) : null}
                  </Table.Td>
                ))}
                <Table.Td>
                  <TextInput
                    aria-label={`Preço de ${combination}`}
                    required
                    placeholder="0,00"
                    inputMode="decimal"
                    autoComplete="off"
                    {...field("price_cents")}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Preço “de” de ${combination}`}
                    placeholder="0,00"
                    inputMode="decimal"
                    autoComplete="off"
                    {...field("compare_at_cents")}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={`SKU de ${combination}`} maxLength={64} autoComplete="off" {...field("sku")} />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Estoque de ${combination}`}
                    inputMode="numeric"
                    autoComplete="off"
                    {...field("stock")}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
