import {
  ActionIcon,
  Group,
  Paper,
  Table,
  type TableTdProps,
  type TableTrProps,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { Key, ReactNode } from "react";
import { AppLink } from "../app-link.tsx";

/** One column of a record table: its header and how a row fills the cell. */
export type RecordColumn<Row> = {
  heading: string;
  cell: (row: Row) => ReactNode;
  /** The cell's own props (width, weight, wrapping), the same for every row or per row. */
  cellProps?: TableTdProps | ((row: Row) => TableTdProps);
};

/** Attributes that mark a row for styles, e.g. `data-unread`. */
type RowAttributes = TableTrProps & { [name: `data-${string}`]: string | boolean | undefined };

export type RecordTableProps<Row> = {
  rows: Row[];
  rowKey: (row: Row) => Key;
  columns: RecordColumn<Row>[];
  /** The table's accessible name, when no caption gives one. */
  label?: string;
  caption?: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The buttons at the end of each row, under a visually hidden "Ações" header. */
  actions?: (row: Row) => ReactNode;
  rowProps?: (row: Row) => RowAttributes;
  /** A read-only table of many rows: tighter, striped rows instead of a hover highlight. */
  dense?: boolean;
};

const cellPropsOf = <Row,>(column: RecordColumn<Row>, row: Row): TableTdProps | undefined =>
  typeof column.cellProps === "function" ? column.cellProps(row) : column.cellProps;

/** The bordered, sideways-scrolling table every account list shows its records in. */
export function RecordTable<Row>(props: RecordTableProps<Row>) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={props.minWidth}>
        <Table
          verticalSpacing={props.dense ? "xs" : "sm"}
          striped={props.dense}
          highlightOnHover={!props.dense}
          aria-label={props.label}
        >
          {props.caption ? <Table.Caption>{props.caption}</Table.Caption> : null}
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column.heading}>{column.heading}</Table.Th>
              ))}
              {props.actions ? (
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row) => (
              <Table.Tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                {props.columns.map((column) => (
                  <Table.Td key={column.heading} {...cellPropsOf(column, row)}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
                {props.actions ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {props.actions(row)}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The row action that opens a record's edit screen; `name` completes its accessible name. */
export function EditAction({ to, name }: { to: string; name: string }) {
  return (
    <Tooltip label="Editar">
      <ActionIcon component={AppLink} to={to} variant="subtle" aria-label={`Editar ${name}`}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
