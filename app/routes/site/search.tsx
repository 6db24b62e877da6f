import { formatLongDate, formatLongDateTime } from "../../../common/dates/format.ts";
import { highlightParts } from "../../../common/highlight.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { SearchHit } from "../../../common/views/search.ts";
import { AppLink } from "../../components/app-link.tsx";
import { Pagination } from "../../components/site/pagination.tsx";
import { listPath, seoMeta } from "../../components/site/seo.ts";
import { Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { readListQuery } from "../../lib/list-query.ts";
import { redirectPastLastPage } from "../../lib/page-links.ts";
import { PUBLIC_PER_PAGE } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/search";
import styles from "./search.module.css";

/** /busca?q= — published pages, news, events and library items matching the words, best match first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const { q, page } = readListQuery(url, {});
  if (!q) return { q, results: null };
  const results = await services.search.search({ q, page, per_page: PUBLIC_PER_PAGE });
  redirectPastLastPage(url, results.pagination, results.data.length);
  return { q, results };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.q ?? "";
  return seoMeta({
    root: matches[0].loaderData,
    title: q ? `Busca: ${q}` : "Busca",
    path: listPath(sitePaths.search, { q, page: loaderData?.results?.pagination.page }),
    // Result pages change with every search: keep them out of search engines.
    noindex: true,
  });
}

const typeLabels: Record<SearchHit["type"], string> = {
  page: "Página",
  post: "Notícia",
  event: "Evento",
  media: "Biblioteca",
  product: "Loja",
};
/** Library items and products carry no day worth showing (their date only orders ties), so they get no date line. */
function hitDate(hit: SearchHit): string | null {
  if (hit.type === "media" || hit.type === "product") return null;
  if (hit.type === "event") return formatLongDateTime(hit.date);
  if (hit.type === "post") return `Publicado em ${formatLongDate(hit.date)}`;
  return `Atualizado em ${formatLongDate(hit.date)}`;
}

function HitDate({ hit }: { hit: SearchHit }) {
  const text = hitDate(hit);
  if (text === null) return null;
  return (
    <time className={styles.date} dateTime={hit.date}>
      {text}
    </time>
  );
}

/** Words matched by the search are marked; everything else stays plain text. */
function Excerpt({ text }: { text: string }) {
  return (
    <p className={styles.excerpt}>
      {highlightParts(text).map((part, index) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function resultsText(total: number, q: string): string {
  if (total === 0) return `Nenhum resultado para “${q}”.`;
  return `${total} ${total === 1 ? "resultado" : "resultados"} para “${q}”`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <Container size="md" section>
      <Stack gap="lg">
        <h1>Busca</h1>
        {results === null ? (
          <p>Digite o que procura no campo Buscar, no topo da página.</p>
        ) : (
          <>
            <p className={styles.status} role="status">
              {resultsText(results.pagination.total, q)}
            </p>
            {results.data.length > 0 ? (
              <ol className={styles.results}>
                {results.data.map((hit) => (
                  <li key={`${hit.type}-${hit.id}`} className={styles.hit}>
                    <div className={styles.meta}>
                      <span className={styles.type} data-type={hit.type}>
                        {typeLabels[hit.type]}
                      </span>
                      <HitDate hit={hit} />
                    </div>
                    <h2 className={styles.title}>
                      <AppLink className={styles.link} to={hit.url}>
                        {hit.title}
                      </AppLink>
                    </h2>
                    {hit.excerpt ? <Excerpt text={hit.excerpt} /> : null}
                  </li>
                ))}
              </ol>
            ) : null}
            {results.pagination.total > 0 ? (
              <Pagination pagination={results.pagination} noun={["resultado", "resultados"]} />
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
