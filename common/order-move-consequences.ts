import { type OrderStatus, orderStatusLabels, unpaidOrderStatuses } from "./order-status.ts";

/**
 * What an order's move does beyond its status, for the question asked before it (server/modules/orders/
 * order-moves.ts does these; a test there holds the two together): the customer's e-mail and the stock
 * given back. Zod-free: the order screens read it too.
 */
export type MoveConsequences = { emailsCustomer: boolean; returnsStock: boolean; paymentKept: boolean };

/** Statuses whose move e-mails the customer: every one but back to "Confirmação Pendente". */
const EMAILED: readonly OrderStatus[] = ["paid", "failed", "processing", "sent", "received", "canceled"];

export function moveConsequences(from: OrderStatus, to: OrderStatus): MoveConsequences {
  return {
    emailsCustomer: EMAILED.includes(to),
    returnsStock: to === "canceled",
    // Canceling a paid order does not give the money back by itself.
    paymentKept: to === "canceled" && !unpaidOrderStatuses.includes(from),
  };
}

/** Whether the move is asked about first: anything the customer sees or the stock feels. */
export const needsConfirmation = (consequences: MoveConsequences) =>
  consequences.emailsCustomer || consequences.returnsStock;

/** The consequences in words, one sentence each, for the confirmation. */
export function consequenceTexts(to: OrderStatus, consequences: MoveConsequences): string[] {
  const texts: string[] = [];
  if (consequences.emailsCustomer)
    texts.push(
      to === "canceled"
        ? "O cliente recebe um e-mail avisando que o pedido foi cancelado."
        : `O cliente recebe um e-mail com a situação “${orderStatusLabels[to]}”.`,
    );
  if (consequences.returnsStock) texts.push("O estoque dos itens volta para a loja.");
  if (consequences.paymentKept)
    texts.push("O pagamento não é devolvido automaticamente: faça o estorno pelo meio de pagamento usado.");
  return texts;
}
