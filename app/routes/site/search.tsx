import { Anchor, Badge, Container, Group, Mark, Stack, Text, Title } from "@mantine/core";
import { formatLongDate, formatLongDateTime } from "../../../common/dates/format.ts";
import { highlightParts } from "../../../common/highlight.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { SearchHit } from "../../../common/views/search.ts";
import { AppLink } from "../../components/app-link.tsx";
import { readListQuery } from "../../components/conta/list-toolbar.tsx";
import { PaginationBar, redirectPastLastPage } from "../../components/conta/pagination-bar.tsx";
import { listPath, seoMeta } from "../../components/site/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { PUBLIC_PER_PAGE } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/search";

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
};
const typeColors: Record<SearchHit["type"], string> = {
  page: "primary",
  post: "secondary.9",
  event: "teal.9",
  media: "indigo.9",
};

/** Library items carry no day worth showing (their date only orders ties), so they get no date line. */
function hitDate(hit: SearchHit): string | null {
  if (hit.type === "media") return null;
  if (hit.type === "event") return formatLongDateTime(hit.date);
  if (hit.type === "post") return `Publicado em ${formatLongDate(hit.date)}`;
  return `Atualizado em ${formatLongDate(hit.date)}`;
}

function HitDate({ hit }: { hit: SearchHit }) {
  const text = hitDate(hit);
  if (text === null) return null;
  return (
    <Text size="sm" c="gray.7" component="time" dateTime={hit.date}>
      {text}
    </Text>
  );
}

/** Words matched by the search are marked; everything else stays plain text. */
function Excerpt({ text }: { text: string }) {
  return (
    <Text size="sm">
      {highlightParts(text).map((part, index) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
          <Mark key={index}>{part.text}</Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

function resultsText(total: number, q: string): string {
  if (total === 0) return `Nenhum resultado para “${q}”.`;
  return `${total} ${total === 1 ? "resultado" : "resultados"} para “${q}”`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Busca</Title>
        {results === null ? (
          <Text>Digite o que procura no campo Buscar, no topo da página.</Text>
        ) : (
          <>
            <Text role="status" fw={500}>
              {resultsText(results.pagination.total, q)}
            </Text>
            {results.data.length > 0 ? (
              <Stack gap="lg" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {results.data.map((hit) => (
                  <Stack key={`${hit.type}-${hit.id}`} gap={4} component="li">
                    <Group gap="xs">
                      <Badge color={typeColors[hit.type]} variant="outline">
                        {typeLabels[hit.type]}
                      </Badge>
                      <HitDate hit={hit} />
                    </Group>
                    <Title order={2} size="h4">
                      <Anchor component={AppLink} to={hit.url} fw={700}>
                        {hit.title}
                      </Anchor>
                    </Title>
                    {hit.excerpt ? <Excerpt text={hit.excerpt} /> : null}
                  </Stack>
                ))}
              </Stack>
            ) : null}
            {results.pagination.total > 0 ? (
              <PaginationBar pagination={results.pagination} noun={["resultado", "resultados"]} />
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
