import {
  ActionIcon,
  Group,
  Paper,
  Table,
  type TableProps,
  type TableTdProps,
  type TableTrProps,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { type CSSProperties, type Key, type ReactNode, useEffect, useRef, useState } from "react";
import { AppLink } from "../app-link.tsx";
import styles from "./record-table.module.css";

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
  /**
   * The table's narrowest width as a table: narrower (down to 768 px) it scrolls sideways; narrower
   * still (phones) each row is a block of labelled cells.
   */
  minWidth: number;
  /** The buttons at the end of each row, under a visually hidden "Ações" header. */
  actions?: (row: Row) => ReactNode;
  rowProps?: (row: Row) => RowAttributes;
  /** A read-only table of many rows: tighter, striped rows instead of a hover highlight. */
  dense?: boolean;
};

const cellPropsOf = <Row,>(column: RecordColumn<Row>, row: Row): TableTdProps | undefined =>
  typeof column.cellProps === "function" ? column.cellProps(row) : column.cellProps;

/**
 * Whether the element is wider inside than out: a box that scrolls sideways takes the keyboard's focus
 * (so its hidden columns can be reached without a mouse), one that does not stays out of the Tab order.
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/**
 * A table that never makes a phone scroll sideways (record-table.module.css): where its columns do not
 * fit, each row becomes a block of cells (StackedCell) labelled by their column's heading. Wider than
 * that but below `minWidth` it scrolls sideways within its own box.
 */
export function StackedTable({ minWidth, className, style, ...props }: TableProps & { minWidth: number }) {
  const { ref, scrolls } = useScrollsSideways();
  const width = { "--record-table-min-width": `${minWidth}px` } as CSSProperties;
  return (
    <div className={styles.frame}>
      <div ref={ref} className={styles.scroll} tabIndex={scrolls ? 0 : undefined}>
        <Table
          className={className ? `${styles.table} ${className}` : styles.table}
          style={{ ...width, ...style }}
          {...props}
        />
      </div>
    </div>
  );
}

/**
 * A cell of a StackedTable, labelled by its column's heading where the table is stacked. Its content
 * sits in one box, so that several elements or text runs stay together beside the label.
 */
export function StackedCell({ label, children, ...props }: TableTdProps & { label: string }) {
  return (
    <Table.Td data-label={label} {...props}>
      <div>{children}</div>
    </Table.Td>
  );
}

/** The bordered table every account list shows its records in. */
export function RecordTable<Row>(props: RecordTableProps<Row>) {
  return (
    <Paper withBorder>
      <StackedTable
        minWidth={props.minWidth}
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
                <StackedCell key={column.heading} label={column.heading} {...cellPropsOf(column, row)}>
                  {column.cell(row)}
                </StackedCell>
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
      </StackedTable>
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
