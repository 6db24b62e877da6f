import { Button, EmptyState, Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { Paginated } from "../../../common/pagination.ts";
import { AppLink } from "../app-link.tsx";
import { type ListFilter, ListToolbar } from "./list-toolbar.tsx";
import { PaginationBar } from "./pagination-bar.tsx";
import { RecordTable, type RecordTableProps } from "./record-table.tsx";

/** What an empty list says when nothing is recorded yet. */
export type EmptyTexts = { icon: ReactNode; title: string; description: string };

/** The search box and filters above a list, and what the list says when nothing matches them. */
export type ListSearch = {
  label: string;
  filters: ListFilter[];
  /** A search or filter is in the address. */
  active: boolean;
  /** The description defaults to "Tente outra busca ou outro filtro.". */
  noMatch: { title: string; description?: string };
};

/**
 * An account list screen: heading and buttons, search and filters, the records' table
 * (or what an empty list says) and the page links.
 */
export function RecordListScreen<Row>(props: {
  heading: ReactNode;
  /** Shown right after the heading, e.g. the count of unread messages. */
  badge?: ReactNode;
  /** The button to the new-record screen, e.g. Novo usuário. */
  create?: { to: string; label: string };
  /** More buttons before the new one, e.g. the library's import. */
  actions?: ReactNode;
  search?: ListSearch;
  empty: EmptyTexts;
  table: RecordTableProps<Row>;
  /** The pages of a paginated list, with the noun that counts its records, e.g. ["usuário", "usuários"]. */
  pages?: { pagination: Paginated<Row>["pagination"]; noun: [singular: string, plural: string] };
}) {
  const { search } = props;
  const emptyTexts = search?.active
    ? {
        icon: props.empty.icon,
        title: search.noMatch.title,
        description: search.noMatch.description ?? "Tente outra busca ou outro filtro.",
      }
    : props.empty;
  const buttons =
    props.actions || props.create ? (
      <Group gap="sm" ml="auto">
        {props.actions}
        {props.create ? (
          <Button component={AppLink} to={props.create.to}>
            {props.create.label}
          </Button>
        ) : null}
      </Group>
    ) : null;
  return (
    <Stack>
      <Group gap="sm">
        <Title order={1} size="h2">
          {props.heading}
        </Title>
        {props.badge}
        {buttons}
      </Group>
      {search ? <ListToolbar searchLabel={search.label} filters={search.filters} /> : null}
      {props.table.rows.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState icon={emptyTexts.icon} title={emptyTexts.title} description={emptyTexts.description} />
        </Paper>
      ) : (
        <RecordTable {...props.table} />
      )}
      {props.pages ? <PaginationBar pagination={props.pages.pagination} noun={props.pages.noun} /> : null}
    </Stack>
  );
}
