import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconExternalLink, IconEye, IconFileText } from "@tabler/icons-react";
import type { Paginated } from "../../../common/pagination.ts";
import { type ContentStatus, contentStatuses, contentStatusLabels } from "../../../common/schemas/content.ts";
import type { TagCount } from "../../../common/views/content.ts";
import { AppLink } from "../app-link.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";
import type { ListFilter } from "./list-toolbar.tsx";
import { RecordListScreen } from "./record-list-screen.tsx";
import { EditAction, type RecordColumn } from "./record-table.tsx";

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

function ViewAction({ row }: { row: ContentRow }) {
  const label = row.status === "draft" ? "Pré-visualizar" : "Ver no site";
  return (
    <Tooltip label={label}>
      <ActionIcon
        component="a"
        href={row.url}
        target="_blank"
        rel="noopener"
        variant="subtle"
        aria-label={`${label}: ${row.title}`}
      >
        {row.status === "draft" ? <IconEye size={18} aria-hidden /> : <IconExternalLink size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

function contentColumns(dateHeading: string, editPath: (row: ContentRow) => string | null): RecordColumn<ContentRow>[] {
  return [
    {
      heading: "Título",
      cell: (row) => {
        const to = editPath(row);
        return (
          <>
            {to ? (
              <Anchor component={AppLink} to={to} fw={600} c="inherit">
                {row.title}
              </Anchor>
            ) : (
              <Text fw={600}>{row.title}</Text>
            )}
            <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
              {row.url}
            </Text>
          </>
        );
      },
    },
    {
      heading: "Status",
      cell: (row) => (
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
      ),
    },
    { heading: dateHeading, cell: (row) => row.date, cellProps: { style: { whiteSpace: "nowrap" } } },
  ];
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
  const editPath = (row: ContentRow) => `${props.base}/${row.id}/edit`;
  return (
    <RecordListScreen
      heading={props.heading}
      create={{ to: `${props.base}/new`, label: props.newLabel }}
      actions={props.actions}
      search={{
        label: props.searchLabel,
        filters: props.filters,
        active: props.filtered,
        noMatch: { title: props.empty.filteredTitle },
      }}
      empty={{ icon: <IconFileText aria-hidden />, title: props.empty.title, description: props.empty.description }}
      table={{
        rows: props.list.data,
        rowKey: (row) => row.id,
        columns: contentColumns(props.dateHeading, props.linkTitles ? editPath : () => null),
        label: props.heading,
        minWidth: 680,
        actions: (row) => (
          <>
            <ViewAction row={row} />
            <EditAction to={editPath(row)} name={row.title} />
            <ConfirmDelete subject={row.title} title={props.deleteTitle} fields={{ id: row.id }}>
              {props.deleteText(row)}
            </ConfirmDelete>
          </>
        ),
      }}
      pages={{ pagination: props.list.pagination, noun: props.noun }}
    />
  );
}
