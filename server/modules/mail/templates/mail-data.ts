/** An order as its e-mails show it: copies taken when the e-mail is queued, amounts in integer cents. */
export type OrderMail = {
  number: number;
  customerName: string;
  /** Where the customer follows the order (an absolute address); null without BASE_URL: no link. */
  url: string | null;
  items: { name: string; variant: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  /** The coupon applied and what it took off; null: none. */
  coupon: { code: string; discountCents: number } | null;
  /** The discount for paying by Pix; 0: none. */
  pixDiscountCents: number;
  totalCents: number;
  shippingName: string;
  deliveryDays: number;
  /** The delivery address on one or more lines. */
  address: string;
};

/**
 * How the order is paid, as the "order received" e-mail explains it; `payBy` is when it is canceled unpaid
 * (common/dates/pay-by.ts).
 */
export type PaymentMail =
  | { kind: "pix"; copyPaste: string; payBy: string }
  | { kind: "link"; url: string | null; payBy: string }
  | { kind: "manual"; instructions: string; payBy: string }
  | { kind: "none" };

/**
 * An order as the shop's own e-mails show it: who bought, and the order's page in the account area when
 * BASE_URL is set (never an address taken from a request).
 */
export type OwnerOrderMail = {
  order: OrderMail;
  customerEmail: string;
  customerPhone: string;
  link: string | null;
};

/** What a payment provider reported of a paid order's payment: money given back, or disputed. */
export type PaymentReversal = "refunded" | "charged_back" | "cancelled";

/** The tracking of a sent order: the carrier's name and, when there is one, its tracking page. */
export type TrackingMail = { code: string; carrier: string; url: string | null };

/** Each template's name and the data it is rendered from. */
export type MailTemplateData = {
  "order-received": { order: OrderMail; payment: PaymentMail };
  "order-paid": { order: OrderMail };
  "order-sent": { order: OrderMail; tracking: TrackingMail };
  "order-canceled": { order: OrderMail; reason: string };
  /** Any other step: `status` is its label (common/order-status.ts), `note` the administrator's, maybe empty. */
  "order-status": { order: OrderMail; status: string; note: string };
  "contact-message": { name: string; email: string; message: string };
  "owner-new-order": OwnerOrderMail & { paymentMethod: string };
  "owner-payment-confirmed": OwnerOrderMail & { provider: string; paymentId: string };
  "owner-payment-reversed": OwnerOrderMail & {
    provider: string;
    paymentId: string;
    reversal: PaymentReversal;
    amountCents: number;
    /** The order's status now, which the reversal does not change. */
    status: string;
  };
  /** A carrier's quotes keep failing: its name, why in pt-BR, since when, and /conta/shop when BASE_URL is set. */
  "owner-carrier-failing": { carrier: string; reason: string; failures: number; since: Date; link: string | null };
  /** Her order's note authorised: its number, series and key, and our copies of its files (absolute, BASE_URL). */
  "fiscal-note-issued": {
    customerName: string;
    orderNumber: number;
    noteNumber: string;
    series: string;
    accessKey: string;
    danfeUrl: string | null;
    xmlUrl: string | null;
    orderUrl: string | null;
  };
  /** SEFAZ rejected or denied an order's note: its code and text, and the order's page when BASE_URL is set. */
  "owner-fiscal-note-failed": {
    orderNumber: number;
    outcome: "rejected" | "denied";
    sefazStatus: string | null;
    sefazMessage: string;
    link: string | null;
  };
  /** Her proposal approved: her number and plan, her first due, and 'Minha associação' when BASE_URL is set. */
  "member-approved": {
    name: string;
    number: number;
    planName: string;
    firstDueCents: number;
    firstDueOn: string;
    accountUrl: string | null;
  };
  /**
   * A due's reminder: `days` before its day, on it (0), or after it; its BR Code when the shop has a Pix key, or
   * Asaas's Pix code and payment page when the dues go through Asaas.
   */
  "member-due-reminder": {
    name: string;
    when: "before" | "on_day" | "after";
    days: number;
    periodLabel: string;
    amountCents: number;
    dueOn: string;
    pixCode: string | null;
    paymentUrl: string | null;
    accountUrl: string | null;
  };
  /** Her proposal refused, with the administrator's reason (may be empty). */
  "member-refused": { name: string; reason: string };
  "password-reset": { name: string; link: string };
  "account-created": { name: string; loginUrl: string };
  /** To the old address: the new one partly hidden, when (São Paulo time), and the contact page if BASE_URL is set. */
  "email-changed": { name: string; newEmail: string; changedAt: string; byAdmin: boolean; contactUrl: string | null };
  /** Her second step turned on or off by her, or cleared by a super user ("reset"); `at` in São Paulo time. */
  "two-factor-changed": { name: string; change: "enabled" | "disabled" | "reset"; at: string };
  /** The first burst of wrong codes after her right password (auth/code-guesses.ts). */
  "two-factor-guessing": { name: string; at: string };
};

export type MailTemplateName = keyof MailTemplateData;
