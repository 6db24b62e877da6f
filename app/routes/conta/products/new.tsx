import { emptyProduct, ProductForm } from "../../../components/conta/product-form.tsx";
import { productEditor } from "../../../lib/product-routes.server.ts";
import type { Route } from "./+types/new";

export const loader = productEditor.new.loader;
export const action = productEditor.new.action;

export function meta() {
  return [{ title: "Novo produto" }];
}

export default function NewProduct({ loaderData }: Route.ComponentProps) {
  return <ProductForm title="Novo produto" defaultValue={emptyProduct} tagSuggestions={loaderData.tagSuggestions} />;
}
