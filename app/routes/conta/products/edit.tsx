import { ProductForm, productFormValues } from "../../../components/conta/product-form.tsx";
import { productEditor } from "../../../lib/product-routes.server.ts";
import type { Route } from "./+types/edit";

export const loader = productEditor.edit.loader;
export const action = productEditor.edit.action;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar produto: ${loaderData.item.name}` : "Editar produto" }];
}

export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const { item, tagSuggestions } = loaderData;
  return (
    <ProductForm
      // Another product starts with a fresh form.
      key={item.id}
      title="Editar produto"
      defaultValue={productFormValues(item)}
      tagSuggestions={tagSuggestions}
      // Only a published product is on the site; the others open there as a preview.
      saved={{ url: item.url, status: item.status === "published" ? "published" : "draft" }}
    />
  );
}
