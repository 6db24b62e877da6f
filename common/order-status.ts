/**
 * Order statuses (docs/spec.md §4) and the one state machine they move along. Zod-free: the public
 * pages and the account screens read the labels and colours too.
 */
export const orderStatuses = ["pending", "paid", "failed", "processing", "sent", "received", "canceled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Confirmação Pendente",
  paid: "Pagamento confirmado",
  failed: "Falha no pagamento",
  processing: "Em processamento",
  sent: "Produto enviado",
  received: "Produto recebido",
  canceled: "Cancelado",
};

/** Badge colours: the spec's for pending, processing, sent, received and canceled; ours for paid and failed. */
export const orderStatusColors: Record<OrderStatus, "yellow" | "grey" | "teal" | "green" | "red" | "blue" | "orange"> =
  {
    pending: "yellow",
    paid: "blue",
    failed: "orange",
    processing: "grey",
    sent: "teal",
    received: "green",
    canceled: "red",
  };

/** Where each status may go next; nothing else is allowed. */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["paid", "failed", "canceled"],
  paid: ["processing", "canceled"],
  failed: ["pending", "canceled"],
  processing: ["sent", "canceled"],
  sent: ["received"],
  received: [],
  canceled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

/** Statuses whose order still holds stock that a cancellation or the expiry gives back. */
export const unpaidOrderStatuses: readonly OrderStatus[] = ["pending", "failed"];

/** Statuses of an order whose payment was confirmed: its units count as sold, a refund is news to the shop. */
export const paidOrderStatuses: readonly OrderStatus[] = ["paid", "processing", "sent", "received"];
