import { deleteSchema } from "../../common/schemas/id.ts";
import { productListQuerySchema, productSchema } from "../../common/schemas/product.ts";
import { accountPaths } from "../../common/site-paths.ts";
import type { ProductView } from "../../common/views/products.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { intentAction, submitForm } from "./form-action.server.ts";
import { requireAdmin, type SignedInApp } from "./guards.server.ts";
import { readListQuery } from "./list-query.ts";
import { redirectPastLastPage } from "./page-links.ts";
import { editRecordRoutes, newRecordRoutes } from "./record-routes.server.ts";

const PRODUCT_LIST = accountPaths.area("produtos");

export const PRODUCT_DELETED = "Produto excluído.";
export const PRODUCT_ARCHIVED = "O produto está em pedidos e foi arquivado.";

/** The tags other products already use, offered while typing. */
const tagSuggestions = async ({ services, actor }: SignedInApp) => ({
  tagSuggestions: (await services.products.tags(actor)).map((tag) => tag.tag),
});

/** /conta/produtos/new and /conta/produtos/:id/edit. */
export const productEditor = {
  new: newRecordRoutes({
    schema: productSchema,
    list: PRODUCT_LIST,
    message: "Produto criado com sucesso!",
    create: ({ services, actor }, input) => services.products.create(actor, input),
    data: tagSuggestions,
  }),
  edit: editRecordRoutes({
    schema: productSchema,
    list: PRODUCT_LIST,
    message: "Produto salvo com sucesso!",
    load: ({ services, actor }, id): Promise<ProductView> => services.products.get(actor, String(id)),
    update: ({ services, actor }, id, input) => services.products.update(actor, id, input),
    data: tagSuggestions,
  }),
};

type ListArgs = { context: Parameters<typeof requireAdmin>[0]; request: Request; url: URL };

/** /conta/produtos: the products with their filters, and the duplicate and delete buttons. */
export const productList = {
  loader: async ({ context, url }: Omit<ListArgs, "request">) => {
    const { services, actor } = requireAdmin(context);
    const query = readListQuery(url, productListQuerySchema.shape);
    const items = await services.products.list(actor, query);
    redirectPastLastPage(url, items.pagination, items.data.length);
    // The list's columns only: a product's description and images stay out of the page's data.
    const rows = items.data.map((product) => ({
      id: product.id,
      name: product.name,
      url: product.url,
      price_cents: product.price_cents,
      compare_at_cents: product.compare_at_cents,
      in_stock: product.in_stock,
      stock: product.variants.reduce((sum, variant) => sum + variant.stock, 0),
      status: product.status,
      featured: product.featured,
    }));
    return {
      items: { data: rows, pagination: items.pagination },
      filtered: query.q !== "" || query.status !== undefined || query.stock !== undefined,
    };
  },
  action: ({ context, request, url }: ListArgs) => {
    const { services, actor } = requireAdmin(context);
    return intentAction(request, {
      // The copy opens at once: it needs at least a new name and its own SKUs.
      duplicate: (form) =>
        submitForm(form, deleteSchema, async ({ id }) => {
          const copy = await services.products.duplicate(actor, id);
          return redirectWithFlash(accountPaths.edit("produtos", copy.id), "Cópia criada como rascunho.");
        }),
      // Back to the same search and page, as every account list's delete (record-routes.server.ts).
      delete: (form) =>
        submitForm(form, deleteSchema, async ({ id }) => {
          const outcome = await services.products.remove(actor, id);
          return redirectWithFlash(
            url.pathname + url.search,
            outcome === "deleted" ? PRODUCT_DELETED : PRODUCT_ARCHIVED,
          );
        }),
    });
  },
};
