import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconExternalLink, IconEye, IconFileText, IconPencil } from "@tabler/icons-react";
import type { Paginated } from "../../../common/pagination.ts";
import { type ContentStatus, contentStatuses, contentStatusLabels } from "../../../common/schemas/content.ts";
import type { TagCount } from "../../../common/views/content.ts";
import { AppLink } from "../app-link.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { type ListFilter, ListToolbar } from "./list-toolbar.tsx";
import { PaginationBar } from "./pagination-bar.tsx";

/** One row of an account content list, already shaped by the route's loader. */
export type ContentRow = {
  id: number;
  title: string;
  slug: string;
  status: ContentStatus;
  /** The public address; for a draft it opens as a preview (administrators see drafts there). */
  url: string;
  /** The date column, already on São Paulo's clock. */
  date: string;
  /** A published news item whose publication date is still ahead. */
  scheduled?: boolean;
};

const statusColors: Record<ContentStatus, string> = { draft: "gray", published: "success" };

export const statusFilter: ListFilter = {
  name: "status",
  label: "Status",
  options: [
    { value: "", label: "Todos os status" },
    ...contentStatuses.map((status) => ({ value: status, label: contentStatusLabels[status] })),
  ],
};

export function tagFilter(tags: TagCount[]): ListFilter {
  return {
    name: "tag",
    label: "Etiqueta",
    options: [
      { value: "", label: "Todas as etiquetas" },
      ...tags.map((tag) => ({ value: tag.tag, label: `${tag.tag} (${tag.count})` })),
    ],
  };
}

/** Newest first is the default, so it is the empty value and stays out of the address. */
export function sortFilter(labels: { desc: string; asc: string }): ListFilter {
  return {
    name: "sort",
    label: "Ordem",
    options: [
      { value: "", label: labels.desc },
      { value: "date_asc", label: labels.asc },
    ],
  };
}

export function ContentList(props: {
  /** e.g. Páginas */
  heading: string;
  /** e.g. ["página", "páginas"] */
  noun: [singular: string, plural: string];
  /** e.g. Nova página */
  newLabel: string;
  /** e.g. /conta/pages */
  base: string;
  dateHeading: string;
  searchLabel: string;
  filters: ListFilter[];
  filtered: boolean;
  list: Paginated<ContentRow>;
  /** Empty states, e.g. "Nenhuma página cadastrada" / "Nenhuma página encontrada" / "Crie a primeira...". */
  empty: { title: string; filteredTitle: string; description: string };
  deleteTitle: string;
  deleteText: (row: ContentRow) => React.ReactNode;
  /** More buttons beside the new one, e.g. the library's import. */
  actions?: React.ReactNode;
  /** Titles link to the edit screen (the library, whose rows are found by title among hundreds). */
  linkTitles?: boolean;
}) {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {props.heading}
        </Title>
        <Group gap="sm">
          {props.actions}
          <Button component={AppLink} to={`${props.base}/new`}>
            {props.newLabel}
          </Button>
        </Group>
      </Group>
      <ListToolbar searchLabel={props.searchLabel} filters={props.filters} />
      {props.list.data.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconFileText aria-hidden />}
            title={props.filtered ? props.empty.filteredTitle : props.empty.title}
            description={props.filtered ? "Tente outra busca ou outro filtro." : props.empty.description}
          />
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={props.heading}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Título</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>{props.dateHeading}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.list.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      {props.linkTitles ? (
                        <Anchor component={AppLink} to={`${props.base}/${row.id}/edit`} fw={600} c="inherit">
                          {row.title}
                        </Anchor>
                      ) : (
                        <Text fw={600}>{row.title}</Text>
                      )}
                      <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
                        {row.url}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Badge color={statusColors[row.status]} variant="light" miw="max-content">
                          {contentStatusLabels[row.status]}
                        </Badge>
                        {row.scheduled ? (
                          <Badge color="warning" variant="light">
                            Agendada
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{row.date}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label={row.status === "draft" ? "Pré-visualizar" : "Ver no site"}>
                          <ActionIcon
                            component="a"
                            href={row.url}
                            target="_blank"
                            rel="noopener"
                            variant="subtle"
                            aria-label={`${row.status === "draft" ? "Pré-visualizar" : "Ver no site"}: ${row.title}`}
                          >
                            {row.status === "draft" ? (
                              <IconEye size={18} aria-hidden />
                            ) : (
                              <IconExternalLink size={18} aria-hidden />
                            )}
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Editar">
                          <ActionIcon
                            component={AppLink}
                            to={`${props.base}/${row.id}/edit`}
                            variant="subtle"
                            aria-label={`Editar ${row.title}`}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <ConfirmDelete subject={row.title} title={props.deleteTitle} fields={{ id: row.id }}>
                          {props.deleteText(row)}
                        </ConfirmDelete>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <PaginationBar pagination={props.list.pagination} noun={props.noun} />
    </Stack>
  );
}
