import { Paper, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatDateTime } from "../../../common/dates/format.ts";
import { orderStatusLabels } from "../../../common/order-status.ts";
import type { FiscalNoteView } from "../../../common/views/fiscal.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import { StackedCell, StackedTable } from "./record-table.tsx";

type Step =
  | { kind: "order"; at: string; event: OrderView["history"][number] }
  | { kind: "note"; at: string; event: FiscalNoteView["history"][number] };

/** The order's moves and its note's steps in the order they happened (an order's move first at the same instant). */
function timeline(history: OrderView["history"], noteHistory: FiscalNoteView["history"]): Step[] {
  const steps: Step[] = [
    ...history.map((event) => ({ kind: "order" as const, at: event.at, event })),
    ...noteHistory.map((event) => ({ kind: "note" as const, at: event.created_at, event })),
  ];
  // Array.prototype.sort is stable: each history keeps its own order within one instant.
  return steps.sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.kind === b.kind ? 0 : a.kind === "order" ? -1 : 1),
  );
}

function OrderMove({ event }: { event: OrderView["history"][number] }) {
  if (event.from === null) return <>Pedido feito: {orderStatusLabels[event.to]}</>;
  // A notice that left the status as it was (a refund reported by the payment provider).
  if (event.from === event.to) return <>{orderStatusLabels[event.to]}</>;
  return (
    <>
      {orderStatusLabels[event.from]} <span aria-hidden>→</span> <VisuallyHidden>para</VisuallyHidden>{" "}
      {orderStatusLabels[event.to]}
    </>
  );
}

/**
 * Every change of the order's status, and every notice that left it as it was: who, when, from and to,
 * and the note left with it. For administrators, its nota fiscal's steps too (asked for, sent, authorised,
 * rejected with SEFAZ's code, cancelled, corrected), in the same timeline: the owner reads what happened to
 * the sale in one place, on a phone as on a desk.
 */
export function OrderHistory({
  history,
  noteHistory = [],
}: {
  history: OrderView["history"];
  noteHistory?: FiscalNoteView["history"];
}) {
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
          {timeline(history, noteHistory).map((step) => (
            <Table.Tr
              key={`${step.kind}:${step.at}:${step.kind === "order" ? step.event.to : step.event.text}`}
              data-step={step.kind}
            >
              <StackedCell label="Quando" style={{ whiteSpace: "nowrap" }}>
                {formatDateTime(step.at)}
              </StackedCell>
              <StackedCell label="Quem">{step.kind === "order" ? step.event.actor : step.event.actor_name}</StackedCell>
              <StackedCell label="Situação">
                {step.kind === "order" ? <OrderMove event={step.event} /> : <>Nota fiscal: {step.event.state_label}</>}
              </StackedCell>
              <StackedCell label="Observação">
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {step.kind === "order" ? step.event.note : step.event.text}
                </Text>
              </StackedCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </Paper>
  );
}
