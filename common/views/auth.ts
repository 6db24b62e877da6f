import { userRoles } from "../roles.ts";
import { z } from "../zod.ts";
import { timestampSchema } from "./timestamp.ts";

/** The signed-in person: what GET /api/profile and a login answer. */
export const profileViewSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** A login's answer: the session's token, its end, and who signed in. */
export const sessionViewSchema = z.strictObject({
  token: z.string().meta({ description: "Send as `Authorization: Token <token>`." }),
  expires_at: timestampSchema,
  user: profileViewSchema,
});
export type SessionView = z.infer<typeof sessionViewSchema>;
