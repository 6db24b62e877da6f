/** An order as its e-mails show it: copies taken when the e-mail is queued, amounts in integer cents. */
export type OrderMail = {
  number: number;
  customerName: string;
  /** Where the customer follows the order (an absolute address). */
  url: string;
  items: { name: string; variant: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  shippingName: string;
  deliveryDays: number;
  /** The delivery address on one or more lines. */
  address: string;
};

/** How the order is paid, as the "order received" e-mail explains it. */
export type PaymentMail =
  | { kind: "pix"; copyPaste: string }
  | { kind: "link"; url: string }
  | { kind: "manual"; instructions: string }
  | { kind: "none" };

/** Each template's name and the data it is rendered from. */
export type MailTemplateData = {
  "order-received": { order: OrderMail; payment: PaymentMail };
  "order-paid": { order: OrderMail };
  "order-sent": { order: OrderMail; trackingCode: string };
  "order-canceled": { order: OrderMail; reason: string };
  /** Any other step: `status` is its label (common/order-status.ts), `note` the administrator's, maybe empty. */
  "order-status": { order: OrderMail; status: string; note: string };
  "contact-message": { name: string; email: string; message: string };
  "password-reset": { name: string; link: string };
  "account-created": { name: string; loginUrl: string };
};

export type MailTemplateName = keyof MailTemplateData;
