import { userRoles } from "../roles.ts";
import { z } from "../zod.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

/** A user as the administrators' list and forms see them. */
export const userViewSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
  created_at: timestampSchema,
  two_factor: z.boolean().meta({ description: "Whether the account signs in with the verification in two steps." }),
});
export type UserView = z.infer<typeof userViewSchema>;

export const userPageSchema = paginatedSchema(userViewSchema);
export type UserPage = z.infer<typeof userPageSchema>;
