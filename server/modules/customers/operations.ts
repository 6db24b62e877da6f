import { accountDeletionSchema } from "../../../common/schemas/customer.ts";
import { accountViewSchema, customerAddressViewSchema, dataExportSchema } from "../../../common/views/customer.ts";
import { z } from "../../../common/zod.ts";
import { areaOperations, input, type Operation, output } from "../../http/openapi/operation.ts";
import { SESSION_COOKIE } from "../../http/session-cookie.ts";

const profile = areaOperations({ tag: "profile", path: "/api/profile", access: "user" });

export const customerOperations: Operation[] = [
  profile.get({
    path: "/account",
    summary: "One's own account with the customer's fields (CPF or CNPJ, phone, organization)",
    success: { status: 200, description: "The account", schema: output("Account", accountViewSchema) },
  }),
  profile.get({
    path: "/export",
    summary: "Download everything kept about oneself as JSON (LGPD art. 18): account, addresses, orders",
    success: {
      status: 200,
      description: "The data, as an attachment (Content-Disposition)",
      schema: output("DataExport", dataExportSchema),
    },
  }),
  profile.delete({
    summary:
      "Delete one's own account, confirmed with the password: orders stay for the fiscal record with the personal data removed",
    body: input("AccountDeletionInput", accountDeletionSchema),
    success: {
      status: 204,
      description: "Deleted; every session ends",
      setsCookie: `${SESSION_COOKIE}=; Max-Age=0 (clears the cookie)`,
    },
    refusals: [
      { status: 409, description: "The last super user cannot leave" },
      { status: 429, description: "Too many wrong passwords for this account (up to 15 minutes)" },
    ],
  }),
  profile.get({
    path: "/addresses",
    summary: "One's saved delivery addresses, most recently used first",
    success: {
      status: 200,
      description: "The addresses",
      schema: output("CustomerAddresses", z.array(customerAddressViewSchema)),
    },
  }),
  profile.delete({
    path: "/addresses/{id}",
    summary: "Forget one of one's saved addresses (another's answers 404)",
    success: { status: 204, description: "Deleted" },
  }),
];
