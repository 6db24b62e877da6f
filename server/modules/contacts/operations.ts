import { listQuerySchema } from "../../../common/pagination.ts";
import { contactListQuerySchema, contactReadSchema, contactSchema } from "../../../common/schemas/contact.ts";
import { contactPageSchema, contactViewSchema } from "../../../common/views/contacts.ts";
import { input, messageSchema, type Operation, output, recordOperations } from "../../http/openapi/operation.ts";

input("ContactInput", contactSchema);
input("ContactRead", contactReadSchema);

const contacts = recordOperations({
  tag: "contacts",
  path: "/api/contacts",
  access: "admin",
  noun: "message",
  view: output("Contact", contactViewSchema),
  body: contactReadSchema,
});

export const contactsOperations: Operation[] = [
  contacts.post({
    path: "/contact",
    summary: "Send a message through the public contact form",
    access: "public",
    body: contactSchema,
    success: { status: 201, description: "Received", schema: messageSchema },
    refusals: [{ status: 429, description: "Too many messages from this address" }],
  }),
  contacts.list({
    summary: "List messages, newest first",
    query: [listQuerySchema, contactListQuerySchema],
    success: {
      description: "One page of messages and the unread count",
      schema: output("ContactPage", contactPageSchema),
    },
  }),
  contacts.read({ summary: "Open a message (marks it read)" }),
  contacts.update({ summary: "Mark a message read or unread", success: { description: "The message" } }),
  contacts.delete({ summary: "Delete a message" }),
];
