import type { FormEvent } from "react";
import { Form } from "react-router";
import { productSorts, shopListQuerySchema } from "../../../common/schemas/product.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { Pagination } from "../../components/site/pagination.tsx";
import { ProductGrid } from "../../components/site/product-grid.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { buttonClass, Container, Stack, ui } from "../../components/site/ui/ui.tsx";
import { useChangedBeforeHydration } from "../../components/site/use-changed-before-hydration.ts";
import { getApp } from "../../lib/context.server.ts";
import { readListQuery } from "../../lib/list-query.ts";
import { redirectPastLastPage } from "../../lib/page-links.ts";
import { productCard } from "../../lib/shop.server.ts";
import { PUBLIC_PER_PAGE, requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/shop-list";
import styles from "./shop.module.css";

const DEFAULT_SORT = "most_recent";

/** /loja — published products: search, tag, order and page all live in the address. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await requireFeature(services, "shop");
  const query = readListQuery(url, shopListQuerySchema.shape);
  const [list, tags] = await Promise.all([
    services.products.list(null, {
      page: query.page,
      per_page: PUBLIC_PER_PAGE,
      q: query.q,
      tag: query.tag,
      sort: query.sort,
    }),
    services.products.tags(null),
  ]);
  redirectPastLastPage(url, list.pagination, list.data.length);
  return {
    products: { data: list.data.map(productCard), pagination: list.pagination },
    tags,
    values: { q: query.q, tag: query.tag ?? "", sort: query.sort },
    sorts: productSorts.map((sort) => ({ value: sort.value, label: sort.label })),
    heading: settings.features.shop.title,
  };
}

type Values = { q: string; tag: string; sort: string };

/** The list's address with only what differs from the defaults. */
function shopHref(values: Values, page = 1): string {
  const params = new URLSearchParams();
  if (values.q) params.set("q", values.q);
  if (values.tag) params.set("tag", values.tag);
  if (values.sort !== DEFAULT_SORT) params.set("sort", values.sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${sitePaths.shop}?${query}` : sitePaths.shop;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { heading, values, products } = loaderData;
  const page = products.pagination.page;
  return seoMeta({
    root,
    title: [values.tag ? `${heading}: ${values.tag}` : heading, page > 1 ? `página ${page}` : ""]
      .filter(Boolean)
      .join(" - "),
    description: `${heading} de ${root?.settings?.title ?? "cms"}: produtos da cooperativa.`,
    path: shopHref(values, page),
    // Result pages of a typed search change with every query: keep them out of search engines.
    noindex: values.q !== "",
  });
}

function foundText(total: number): string {
  if (total === 0) return "Nenhum produto encontrado.";
  return total === 1 ? "1 produto encontrado" : `${total} produtos encontrados`;
}

export default function ShopList({ loaderData }: Route.ComponentProps) {
  const { products, tags, values, sorts, heading } = loaderData;
  // With JavaScript a new order applies at once; without it the Aplicar button sends the form. One chosen
  // before the page came to life applies as soon as it does, so the list is in the order the select shows.
  const onSortChange = (event: FormEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  const sortSelect = useChangedBeforeHydration<HTMLSelectElement>((_, select) => select.form?.requestSubmit());
  return (
    <Container section>
      <Stack gap="lg">
        <h1>{heading}</h1>
        <Form method="get" action={sitePaths.shop} role="search" aria-label="Buscar na loja" className={styles.filters}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="shop-q">
              Buscar produtos
            </label>
            <input id="shop-q" className={ui.input} type="search" name="q" defaultValue={values.q} maxLength={200} />
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="shop-sort">
              Ordenar por
            </label>
            <select
              ref={sortSelect}
              id="shop-sort"
              className={ui.input}
              name="sort"
              defaultValue={values.sort}
              onChange={onSortChange}
            >
              {sorts.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
          {values.tag ? <input type="hidden" name="tag" value={values.tag} /> : null}
          <button type="submit" className={buttonClass()}>
            Aplicar
          </button>
        </Form>
        {tags.length > 0 ? (
          <nav aria-label="Filtrar por etiqueta">
            <ul className={styles.tags}>
              <li>
                <AppLink
                  className={styles.tag}
                  to={shopHref({ ...values, tag: "" })}
                  aria-current={values.tag ? undefined : "page"}
                >
                  Todas
                </AppLink>
              </li>
              {/*
               * A tag's count is of the whole shop, so its link opens the whole shop's products with
               * that tag: a search kept in it could show fewer than the count, or none. Counting within
               * each search instead would cost every uncached search a second query; "Todas" keeps the
               * search, as it only widens it.
               */}
              {tags.map(({ tag, count }) => (
                <li key={tag}>
                  <AppLink
                    className={styles.tag}
                    to={shopHref({ ...values, q: "", tag })}
                    aria-current={tag === values.tag ? "page" : undefined}
                  >
                    {tag} ({count})
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p role="status" className={styles.found}>
          {foundText(products.pagination.total)}
        </p>
        <ProductGrid products={products.data} label="Produtos" />
        <Pagination pagination={products.pagination} hrefFor={(page) => shopHref(values, page)} />
      </Stack>
    </Container>
  );
}
