import { Alert, Anchor, Container, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { MEDIA_PAGE_SIZE } from "../../../common/media.ts";
import { PaginationBar, redirectPastLastPage } from "../../components/conta/pagination-bar.tsx";
import { MediaFiltersPanel } from "../../components/medias/media-filters-panel.tsx";
import { MediaResult } from "../../components/medias/media-result.tsx";
import {
  exportHref,
  filterValues,
  isFiltered,
  listPagePath,
  readMediasQuery,
} from "../../components/medias/medias-query.ts";
import { seoMeta } from "../../components/site/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/medias-list";

/** /biblioteca — published library items: search, filters, order and page all live in the address. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await requireFeature(services, "medias");
  const { query, problems } = readMediasQuery(url);
  const [items, filters] = await Promise.all([
    services.medias.list(null, { ...query, per_page: MEDIA_PAGE_SIZE }),
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
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{heading}</Title>
        <MediaFiltersPanel filters={filters} values={values} />
        {problems.length > 0 ? (
          <Alert
            color="warning"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title="Alguns filtros foram ignorados"
          >
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="space-between" align="center" gap="sm">
          <Text role="status" fw={500}>
            {foundText(total)}
          </Text>
          {total > 0 ? (
            <Group gap="md">
              <Anchor href={exportHref(values, "bibtex")} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconDownload size={16} aria-hidden />
                  Exportar BibTeX
                </Group>
              </Anchor>
              <Anchor href={exportHref(values, "ris")} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconDownload size={16} aria-hidden />
                  Exportar RIS
                </Group>
              </Anchor>
            </Group>
          ) : null}
        </Group>
        {items.data.length > 0 ? (
          <Stack
            gap={0}
            component="ol"
            aria-label={isFiltered(values) ? "Itens encontrados" : "Itens da biblioteca"}
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {items.data.map((item) => (
              <MediaResult key={item.id} item={item} />
            ))}
          </Stack>
        ) : null}
        {/* The count is already in the status line above the list. */}
        <PaginationBar pagination={items.pagination} />
      </Stack>
    </Container>
  );
}
