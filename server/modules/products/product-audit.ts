import { formatBRL } from "../../../common/money.ts";
import { packageFormats, productStatusLabels } from "../../../common/schemas/product.ts";
import type { ProductView, VariantView } from "../../../common/views/products.ts";
import type { AuditFields } from "../audit/audit-changes.ts";

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
  };
}

/**
 * A product as its audit entries show it, in the words of its form: money as R$, each variant's price and
 * stock as a field of its own, so a price or stock changed shows as that field's before and after. What the
 * product row derives from its variants (the cheapest price, whether any is in stock) and what orders write
 * (units sold) are left out.
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
  };
  for (const variant of view.variants) Object.assign(fields, variantFields(variant));
  return fields;
}
