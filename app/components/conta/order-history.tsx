import { Paper, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatDateTime } from "../../../common/dates/format.ts";
import { orderStatusLabels } from "../../../common/order-status.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import { StackedCell, StackedTable } from "./record-table.tsx";

/**
 * Every change of the order's status, and every notice that left it as it was: who, when, from and to,
 * and the note left with it.
 */
export function OrderHistory({ history }: { history: OrderView["history"] }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm" id="order-history-title">
        Histórico
      </Title>
      <StackedTable minWidth={560} aria-labelledby="order-history-title" verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Quem</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Observação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((event) => (
            <Table.Tr key={`${event.at}:${event.to}`}>
              <StackedCell label="Quando" style={{ whiteSpace: "nowrap" }}>
                {formatDateTime(event.at)}
              </StackedCell>
              <StackedCell label="Quem">{event.actor}</StackedCell>
              <StackedCell label="Situação">
                {event.from === null ? (
                  <>Pedido feito: {orderStatusLabels[event.to]}</>
                ) : event.from === event.to ? (
                  // A notice that left the status as it was (a refund reported by the payment provider).
                  orderStatusLabels[event.to]
                ) : (
                  <>
                    {orderStatusLabels[event.from]} <span aria-hidden>→</span> <VisuallyHidden>para</VisuallyHidden>{" "}
                    {orderStatusLabels[event.to]}
                  </>
                )}
              </StackedCell>
              <StackedCell label="Observação">
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {event.note}
                </Text>
              </StackedCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </Paper>
  );
}
