import { userRoles } from "../roles.ts";
import { z } from "../zod.ts";
import { myMembershipSchema } from "./members.ts";
import { orderViewSchema } from "./orders.ts";
import { timestampSchema } from "./timestamp.ts";

/** One's own account with the customer's fields: 'Meus dados'. */
export const accountViewSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
  tax_id: z.string().meta({ description: "CPF or CNPJ, bare characters; empty when never given." }),
  phone: z.string().meta({ description: "10 or 11 digits with the DDD; empty when never given." }),
  organization: z.string(),
  created_at: timestampSchema,
});
export type AccountView = z.infer<typeof accountViewSchema>;

/** A delivery address kept from a checkout, offered at the next one. */
export const customerAddressViewSchema = z.strictObject({
  id: z.number().int(),
  postal_code: z.string(),
  uf: z.string(),
  city: z.string(),
  street: z.string(),
  number: z.string(),
  neighborhood: z.string(),
  complement: z.string(),
  last_used_at: timestampSchema,
});
export type CustomerAddressView = z.infer<typeof customerAddressViewSchema>;

/** Everything the site keeps about a person (LGPD art. 18: access and portability). */
export const dataExportSchema = z.strictObject({
  exported_at: timestampSchema,
  account: accountViewSchema,
  former_emails: z.array(z.string()).meta({ description: "The addresses the account had before, oldest first." }),
  addresses: z.array(customerAddressViewSchema),
  orders: z.array(orderViewSchema),
  membership: myMembershipSchema.shape.membership.meta({
    description: "Her membership of the organisation, when her account is linked to the register: its entry and dues.",
  }),
});
export type DataExport = z.infer<typeof dataExportSchema>;
