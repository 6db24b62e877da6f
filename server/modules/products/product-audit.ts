import { formatBRL } from "../../../common/money.ts";
import type { ItemFiscalInput } from "../../../common/schemas/fiscal.ts";
import { packageFormats, productStatusLabels } from "../../../common/schemas/product.ts";
import type { ProductView, VariantView } from "../../../common/views/products.ts";
import type { AuditFields } from "../audit/audit-changes.ts";

/** The fiscal fields under their names on the form, each name made by `name` ("NCM", "Variação P: NCM"). */
function fiscalFields(fiscal: ItemFiscalInput, name: (field: string) => string): Record<string, unknown> {
  return {
    [name("NCM")]: fiscal.ncm,
    [name("Origem")]: fiscal.origin,
    [name("CSOSN/CST")]: fiscal.tax_situation,
    [name("Unidade")]: fiscal.unit,
    [name("GTIN")]: fiscal.gtin,
  };
}

/** A variant's fields are named after its options ("Variação P/Azul: preço"); a product without options has one. */
function variantFields(variant: VariantView): Record<string, unknown> {
  const combination = variant.options.join("/");
  const name = (field: string) =>
    combination === "" ? field.charAt(0).toUpperCase() + field.slice(1) : `Variação ${combination}: ${field}`;
  return {
    [name("SKU")]: variant.sku,
    [name("preço")]: formatBRL(variant.price_cents),
    [name("preço “de”")]: variant.compare_at_cents === null ? null : formatBRL(variant.compare_at_cents),
    [name("estoque")]: variant.stock,
    // A product without options names its one variant's price plainly; plain fiscal names are the product's.
    ...fiscalFields(variant.fiscal, (field) =>
      combination === "" ? `Variação: ${field}` : `Variação ${combination}: ${field}`,
    ),
  };
}

/**
 * A product as its audit entries show it, in the words of its form: money as R$, each variant's price, stock
 * and fiscal data as a field of its own, so a price or stock changed shows as that field's before and after.
 * What the product row derives from its variants (the cheapest price, whether any is in stock) and what orders
 * write (units sold) are left out.
 */
export function productAuditFields(view: ProductView): AuditFields {
  const fields: Record<string, unknown> = {
    Nome: view.name,
    Slug: view.slug,
    Resumo: view.summary,
    Descrição: view.content,
    Situação: productStatusLabels[view.status],
    Destaque: view.featured,
    Imagens: view.images.map((image) => ({ Endereço: image.url, Descrição: image.alt })),
    Documentos: view.documents.map((document) => document.url),
    Tags: view.tags,
    Opções: view.options.map((option) => `${option.name}: ${option.values.join(", ")}`),
    "Peso (g)": view.weight_grams,
    "Formato da embalagem":
      packageFormats.find((format) => format.value === view.package_format)?.label ?? view.package_format,
    "Comprimento (cm)": view.length_cm,
    "Altura (cm)": view.height_cm,
    "Largura (cm)": view.width_cm,
    "Diâmetro (cm)": view.diameter_cm,
    ...fiscalFields(view.fiscal, (field) => field),
  };
  for (const variant of view.variants) Object.assign(fields, variantFields(variant));
  return fields;
}
