// What the members area asks of a provider of recurring dues (mensalidades): register a member as its
// customer, subscribe her to a cycle of charges, change or end the subscription, read the charges each cycle
// makes and a charge's Pix code, and hear about their changes by a webhook. Asaas is one
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
  occurredAt: Date | null;
  /** The charge as it stood when the event was sent; events may arrive out of order. */
  charge: DuesCharge;
};

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
  createSubscription(request: DuesSubscriptionRequest): Promise<{ id: string }>;
  /** A new amount also applies to the charges made and not yet paid. */
  updateSubscription(id: string, change: { amountCents?: number; nextDueDate?: string }): Promise<void>;
  /** No more charges; the ones made and not yet paid are removed. */
  cancelSubscription(id: string): Promise<void>;
  /** Every charge of the subscription, all pages read. */
  subscriptionCharges(subscriptionId: string): Promise<DuesCharge[]>;
  charge(id: string): Promise<DuesCharge>;
  pixCode(chargeId: string): Promise<DuesPixCode>;
  /**
   * A webhook's event when it carries `authToken` as the provider sends it (compared in constant time) and is
   * a charge's event; null otherwise.
   */
  readWebhook(request: { headers: Headers; body: string }, authToken: string): DuesWebhookEvent | null;
}
