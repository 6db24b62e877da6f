import { listQuerySchema } from "../../../common/pagination.ts";
import { productListQuerySchema, productSchema } from "../../../common/schemas/product.ts";
import { tagCountsSchema } from "../../../common/views/content.ts";
import { productListSchema, productViewSchema } from "../../../common/views/products.ts";
import { z } from "../../../common/zod.ts";
import { input, output, recordOperations } from "../../http/openapi/operation.ts";

const product = output("Product", productViewSchema);
const products = recordOperations({
  tag: "products",
  path: "/api/products",
  access: "admin",
  noun: "product",
  view: product,
  body: input("ProductInput", productSchema),
});
const slugOrSkuTaken = { status: 409, description: "The slug or a SKU is already in use" };
const closed = "While the shop feature is off, visitors get 404.";
const shopClosed = { status: 404, description: "The shop feature is off" };

export const productsOperations = [
  products.list({
    summary: `List products (sort: most_recent, best_sellers, alphabetical_order; q searches name, summary, tags and description without accents; tag filters). Visitors see published products; administrators see all and may filter by status and stock. ${closed}`,
    access: "public",
    query: [listQuerySchema, productListQuerySchema],
    success: { description: "One page of products", schema: output("ProductList", productListSchema) },
    refusals: [shopClosed],
  }),
  products.get({
    path: "/tags",
    summary: "Tags in use with their counts (counting only what the reader may see)",
    access: "public",
    success: { status: 200, description: "Tags, most used first", schema: output("ProductTagCounts", tagCountsSchema) },
    refusals: [shopClosed],
  }),
  products.read({
    path: "/{idOrSlug}",
    summary: `One product by id or slug, with its variants; administrators also see drafts and archived ones. ${closed}`,
    access: "public",
  }),
  products.create({
    summary:
      "Create a product with its variants (one per combination of up to two options; one without options); prices in integer cents",
    refusals: [slugOrSkuTaken],
  }),
  products.post({
    path: "/{id}/duplicate",
    summary: "Copy a product as a new draft (name marked as a copy, SKUs left empty)",
    success: { status: 201, description: "The copy", schema: product },
  }),
  products.update({
    summary: "Update a product; variants sent with their id are kept (carts keep them), the others replaced",
    refusals: [slugOrSkuTaken],
  }),
  products.delete({
    summary: "Delete a product; one that orders refer to is archived instead",
    success: {
      status: 200,
      description: "What was done",
      schema: output("ProductRemoval", z.strictObject({ outcome: z.enum(["deleted", "archived"]) })),
    },
  }),
];
