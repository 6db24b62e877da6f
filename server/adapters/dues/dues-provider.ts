// What the members area asks of a provider of recurring dues (mensalidades): register a member as its
// customer (and keep her name and e-mail there), subscribe her to a cycle of charges, change or end the
// subscription, charge a due on its own, read the charges each cycle makes and a charge's Pix code, close a
// charge the association settled itself (paid by hand, or waived), and hear about their changes by a webhook. Asaas is one
// (asaas-client.ts); another is one more file implementing DuesProvider. Amounts are integer cents here,
// whatever the provider writes.

export type DuesCustomer = {
  name: string;
  /** CPF (11 digits) or CNPJ (14 digits), digits only. */
  taxId: string;
  email: string;
  /** Our member's id, kept by the provider and sent back with her charges. */
  externalReference: string;
};

/** "undefined": the member chooses Pix, boleto or card on the provider's invoice page. */
export type DuesBilling = "pix" | "boleto" | "undefined";

export type DuesCycle = "mensal" | "trimestral" | "semestral" | "anual";

export type DuesSubscriptionRequest = {
  customerId: string;
  billing: DuesBilling;
  amountCents: number;
  /** The first charge's due day, YYYY-MM-DD; the provider makes that charge at once. */
  nextDueDate: string;
  cycle: DuesCycle;
  description: string;
  externalReference: string;
};

/** One charge of its own, outside a subscription (a due made before the subscription's first cycle). */
export type DuesChargeRequest = {
  customerId: string;
  billing: DuesBilling;
  amountCents: number;
  /** YYYY-MM-DD, today or later: the provider refuses a charge already due. */
  dueDate: string;
  description: string;
  /** Ours, unique to the due: a charge made before a failure is found again by it, not made twice. */
  externalReference: string;
};

/** A charge's state in our words; "deleted" when the provider removed it (a cancelled subscription's pending charge). */
export type DuesChargeStatus = "pending" | "paid" | "overdue" | "refunded" | "partially_refunded" | "deleted";

/** One cycle's charge. */
export type DuesCharge = {
  id: string;
  subscriptionId: string | null;
  customerId: string;
  /** What was charged. */
  amountCents: number;
  /** What the provider keeps for the association after its fee; null until it says. */
  netAmountCents: number | null;
  status: DuesChargeStatus;
  /** What the provider confirmed received, interest and fines included; 0 for a charge never paid. */
  paidAmountCents: number;
  /** What went back to the member, or is on its way back. */
  refundedCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** The day it was paid, YYYY-MM-DD. */
  paidOn: string | null;
  /** The provider's page where the member pays. */
  invoiceUrl: string | null;
  boletoUrl: string | null;
  externalReference: string | null;
};

/** A charge's Pix "copia e cola" and its QR as a base64 PNG. */
export type DuesPixCode = { payload: string; imageBase64: string; expiresAt: Date | null };

export type DuesWebhookEventType = "created" | "paid" | "overdue" | "refunded" | "deleted" | "other";

export type DuesWebhookEvent = {
  /** The provider sends an event at least once: the same id again is the same event. */
  eventId: string;
  type: DuesWebhookEventType;
  /** The provider's own name for it (PAYMENT_RECEIVED, ...), kept with the event. */
  name: string;
  occurredAt: Date | null;
  /**
   * The charge it is about. Only its id is taken from the event: its body is not signed, and events may arrive
   * out of order, so the charge's state is always read from the provider (`charge`).
   */
  chargeId: string;
};

/**
 * A webhook's request as read: not carrying the token, not of the documented shape, an event of something other
 * than a charge (left alone), or a charge's event.
 */
export type DuesWebhookReading =
  | { kind: "unauthorized" }
  | { kind: "malformed" }
  | { kind: "ignored" }
  | { kind: "event"; event: DuesWebhookEvent };

export class DuesProviderError extends Error {
  /** The HTTP status when the provider answered; undefined when it could not be reached in time. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = "DuesProviderError";
    this.status = status;
  }
}

export interface DuesProvider {
  createCustomer(customer: DuesCustomer): Promise<{ id: string }>;
  /** The customer made with this externalReference, if one: asked before making one, as a call may fail after it was made. */
  findCustomer(externalReference: string): Promise<{ id: string } | null>;
  /** Her name and e-mail as the provider writes its charges' e-mails to her. */
  updateCustomer(id: string, change: Pick<DuesCustomer, "name" | "email">): Promise<void>;
  /** Her record removed at the provider (her entry deleted here, LGPD): her charges not yet paid go with it. */
  deleteCustomer(id: string): Promise<void>;
  createSubscription(request: DuesSubscriptionRequest): Promise<{ id: string }>;
  /** The subscription (not cancelled) made with this externalReference, if one. */
  findSubscription(externalReference: string): Promise<{ id: string } | null>;
  /** From the next charge it makes on; the charges already made keep their amounts (each due keeps its own). */
  updateSubscription(id: string, change: { amountCents?: number; nextDueDate?: string }): Promise<void>;
  /** No more charges; the ones made and not yet paid are removed. */
  cancelSubscription(id: string): Promise<void>;
  /** Every charge of the subscription, all pages read. */
  subscriptionCharges(subscriptionId: string): Promise<DuesCharge[]>;
  createCharge(request: DuesChargeRequest): Promise<DuesCharge>;
  /** The charge (not removed) made with this externalReference, if one. */
  findCharge(externalReference: string): Promise<DuesCharge | null>;
  /** A charge not yet paid set to another amount. */
  updateCharge(id: string, change: { amountCents: number }): Promise<void>;
  charge(id: string): Promise<DuesCharge>;
  /**
   * A charge not yet paid marked paid outside the provider (the association recorded it by hand), without telling
   * the member: no more reminders nor collection from the provider. Answers the charge as it is now.
   */
  receiveInCash(id: string, payment: { paidOn: string; amountCents: number }): Promise<DuesCharge>;
  /** A charge not yet paid removed (its due waived): the member can no longer pay it, nor is she reminded of it. */
  deleteCharge(id: string): Promise<void>;
  pixCode(chargeId: string): Promise<DuesPixCode>;
  /** A webhook's request: its token (`authToken` as the provider sends it) compared in constant time first. */
  readWebhook(request: { headers: Headers; body: string }, authToken: string): DuesWebhookReading;
}
