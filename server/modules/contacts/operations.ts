import { listQuerySchema } from "../../../common/pagination.ts";
import { contactListQuerySchema, contactReadSchema, contactSchema } from "../../../common/schemas/contact.ts";
import { contactPageSchema, contactViewSchema } from "../../../common/views/contacts.ts";
import { input, messageSchema, type Operation, output } from "../../http/openapi/operation.ts";

input("ContactInput", contactSchema);
input("ContactRead", contactReadSchema);

const contactView = output("Contact", contactViewSchema);
const contactPage = output("ContactPage", contactPageSchema);

export const contactsOperations: Operation[] = [
  {
    method: "post",
    path: "/api/contacts/contact",
    summary: "Send a message through the public contact form",
    tag: "contacts",
    access: "public",
    body: contactSchema,
    success: { status: 201, description: "Received", schema: messageSchema },
    refusals: [{ status: 429, description: "Too many messages from this address" }],
  },
  {
    method: "get",
    path: "/api/contacts",
    summary: "List messages, newest first",
    tag: "contacts",
    access: "admin",
    query: [listQuerySchema, contactListQuerySchema],
    success: { status: 200, description: "One page of messages and the unread count", schema: contactPage },
  },
  {
    method: "get",
    path: "/api/contacts/{id}",
    summary: "Open a message (marks it read)",
    tag: "contacts",
    access: "admin",
    success: { status: 200, description: "The message", schema: contactView },
  },
  {
    method: "put",
    path: "/api/contacts/{id}",
    summary: "Mark a message read or unread",
    tag: "contacts",
    access: "admin",
    body: contactReadSchema,
    success: { status: 200, description: "The message", schema: contactView },
  },
  {
    method: "delete",
    path: "/api/contacts/{id}",
    summary: "Delete a message",
    tag: "contacts",
    access: "admin",
    success: { status: 204, description: "Deleted" },
  },
];
