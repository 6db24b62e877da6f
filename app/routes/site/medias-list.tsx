import { MEDIA_PAGE_SIZE } from "../../../common/media.ts";
import { MediaFiltersPanel } from "../../components/medias/media-filters-panel.tsx";
import { MediaResult } from "../../components/medias/media-result.tsx";
import styles from "../../components/medias/medias-page.module.css";
import { filterValues, readMediasQuery } from "../../components/medias/medias-query.server.ts";
import { exportHref, isFiltered, listPagePath } from "../../components/medias/medias-query.ts";
import { DownloadIcon } from "../../components/site/icons.tsx";
import { Pagination } from "../../components/site/pagination.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { Alert, Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { redirectPastLastPage } from "../../lib/page-links.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/medias-list";

/** /biblioteca — published library items: search, filters, order and page all live in the address. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await requireFeature(services, "medias");
  const { query, problems } = readMediasQuery(url);
  const [items, filters] = await Promise.all([
    services.medias.list(null, { ...query, per_page: MEDIA_PAGE_SIZE }, "tease"),
    services.medias.filters(null),
  ]);
  redirectPastLastPage(url, items.pagination, items.data.length);
  return { items, filters, values: filterValues(query), problems, heading: settings.features.medias.title };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { heading, values, items } = loaderData;
  const page = items.pagination.page;
  return seoMeta({
    root,
    title: [heading, page > 1 ? `página ${page}` : ""].filter(Boolean).join(" - "),
    description: `${heading} de ${root?.settings?.title ?? "cms"}: publicações, materiais e referências.`,
    path: listPagePath(values, page),
    // Result pages of a typed search change with every query: keep them out of search engines.
    noindex: values.q !== "",
  });
}

function foundText(total: number): string {
  if (total === 0) return "Nenhum item encontrado.";
  return total === 1 ? "1 item encontrado" : `${total} itens encontrados`;
}

export default function MediasList({ loaderData }: Route.ComponentProps) {
  const { items, filters, values, problems, heading } = loaderData;
  const total = items.pagination.total;
  return (
    <Container section>
      <Stack gap="lg">
        <h1>{heading}</h1>
        <MediaFiltersPanel filters={filters} values={values} />
        {problems.length > 0 ? (
          <Alert tone="warning" title="Alguns filtros foram ignorados">
            <ul className={styles.problems}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className={styles.summary}>
          <p role="status" className={styles.found}>
            {foundText(total)}
          </p>
          {total > 0 ? (
            <div className={styles.exports}>
              <a href={exportHref(values, "bibtex")} className={styles.iconLink}>
                <DownloadIcon />
                Exportar BibTeX
              </a>
              <a href={exportHref(values, "ris")} className={styles.iconLink}>
                <DownloadIcon />
                Exportar RIS
              </a>
            </div>
          ) : null}
        </div>
        {items.data.length > 0 ? (
          <ol aria-label={isFiltered(values) ? "Itens encontrados" : "Itens da biblioteca"} className={styles.results}>
            {items.data.map((item) => (
              <MediaResult key={item.id} item={item} />
            ))}
          </ol>
        ) : null}
        {/* The count is already in the status line above the list. */}
        <Pagination pagination={items.pagination} />
      </Stack>
    </Container>
  );
}
