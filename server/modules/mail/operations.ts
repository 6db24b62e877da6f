import { listQuerySchema } from "../../../common/pagination.ts";
import { mailListQuerySchema } from "../../../common/schemas/mail.ts";
import { mailPageSchema, mailViewSchema } from "../../../common/views/mail.ts";
import { areaOperations, type Operation, output } from "../../http/openapi/operation.ts";

const mail = areaOperations({ tag: "mail", path: "/api/mail", access: "admin" });

export const mailOperations: Operation[] = [
  mail.get({
    path: "/outbox",
    summary: "The outbox: every e-mail the site made, newest first, with its status, attempts and last error",
    query: [listQuerySchema, mailListQuerySchema],
    success: { status: 200, description: "One page of e-mails", schema: output("MailPage", mailPageSchema) },
  }),
  mail.post({
    path: "/outbox/{id}/retry",
    summary: "Send an e-mail again now: a failed one gets one more attempt, a pending one stops waiting",
    success: { status: 200, description: "The e-mail, back in the queue", schema: output("Mail", mailViewSchema) },
    refusals: [{ status: 409, description: "The e-mail was already sent" }],
  }),
];
