import { accountCreated } from "./account-created.ts";
import { contactMessage } from "./contact-message.ts";
import { emailChanged } from "./email-changed.ts";
import { fiscalNoteIssued, ownerFiscalNoteFailed } from "./fiscal-notes.ts";
import { layout, type MailContent, type MailSite, type RenderedMail } from "./layout.ts";
import type { MailTemplateData, MailTemplateName } from "./mail-data.ts";
import { memberApproved, memberDueReminder, memberRefused } from "./members.ts";
import { orderCanceled } from "./order-canceled.ts";
import { orderPaid } from "./order-paid.ts";
import { orderReceived } from "./order-received.ts";
import { orderSent } from "./order-sent.ts";
import { orderStatus } from "./order-status.ts";
import { ownerCarrierFailing } from "./owner-carrier.ts";
import { ownerNewOrder, ownerPaymentConfirmed, ownerPaymentReversed } from "./owner-order.ts";
import { passwordReset } from "./password-reset.ts";
import { twoFactorChanged, twoFactorGuessing } from "./two-factor-notices.ts";

export type { MailSite, RenderedMail } from "./layout.ts";
export type {
  MailTemplateData,
  MailTemplateName,
  OrderMail,
  OwnerOrderMail,
  PaymentMail,
  PaymentReversal,
  TrackingMail,
} from "./mail-data.ts";

const templates: { [Name in MailTemplateName]: (data: MailTemplateData[Name], site: MailSite) => MailContent } = {
  "order-received": orderReceived,
  "order-paid": orderPaid,
  "order-sent": orderSent,
  "order-canceled": orderCanceled,
  "order-status": orderStatus,
  "contact-message": contactMessage,
  "owner-new-order": ownerNewOrder,
  "owner-payment-confirmed": ownerPaymentConfirmed,
  "owner-payment-reversed": ownerPaymentReversed,
  "owner-carrier-failing": ownerCarrierFailing,
  "fiscal-note-issued": fiscalNoteIssued,
  "owner-fiscal-note-failed": ownerFiscalNoteFailed,
  "member-approved": memberApproved,
  "member-refused": memberRefused,
  "member-due-reminder": memberDueReminder,
  "password-reset": passwordReset,
  "account-created": accountCreated,
  "email-changed": emailChanged,
  "two-factor-changed": twoFactorChanged,
  "two-factor-guessing": twoFactorGuessing,
};

/** The e-mail `template` makes of `data`, in the site's frame; a subject always fits on one header line. */
export function renderMail<Name extends MailTemplateName>(
  template: Name,
  data: MailTemplateData[Name],
  site: MailSite,
): RenderedMail {
  const render = templates[template] as (data: MailTemplateData[Name], site: MailSite) => MailContent;
  const content = render(data, site);
  return layout({ ...content, subject: content.subject.replace(/\s+/g, " ").trim() }, site);
}
