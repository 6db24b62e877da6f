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

/**
 * A new password set with a reset link, when the account signs in with a second step: no session; sign
 * in again with the new password and a code (or, for an enrolment the site requires, on the site).
 */
export const secondStepViewSchema = z.strictObject({
  message: z.string(),
  two_factor_required: z.literal(true),
});
export type SecondStepView = z.infer<typeof secondStepViewSchema>;

/** What a reset link's use answers: signed in, or told to sign in with the second step. */
export const passwordResetDoneViewSchema = z.union([sessionViewSchema, secondStepViewSchema]);
export type PasswordResetDoneView = z.infer<typeof passwordResetDoneViewSchema>;

/** A new authenticator to add: the secret as a QR code and as text, until a first code confirms it. */
export const twoFactorSetupViewSchema = z.strictObject({
  secret: z.string().meta({ description: "The TOTP secret in base 32 (RFC 4648), for typing into the app." }),
  otpauth_uri: z.string().meta({
    description: "otpauth://totp/… with the site's title as issuer and the e-mail as label: SHA1, 6 digits, 30 s.",
  }),
  qr_svg: z.string().meta({ description: "The otpauth URI as a QR code, an SVG document." }),
});
export type TwoFactorSetupView = z.infer<typeof twoFactorSetupViewSchema>;

/** One's verification in two steps, on 'Meus dados'. */
export const twoFactorStatusViewSchema = z.strictObject({
  enabled: z.boolean(),
  enabled_at: timestampSchema.nullable(),
  /** The site requires it of this account (an administrator's or super user's): it cannot be turned off. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** A new authenticator waiting for its first code; null when none. */
  setup: twoFactorSetupViewSchema.nullable(),
});
export type TwoFactorStatusView = z.infer<typeof twoFactorStatusViewSchema>;

/** Ten one-time recovery codes: shown this once, only their hashes are kept. */
export const recoveryCodesViewSchema = z.strictObject({
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesView = z.infer<typeof recoveryCodesViewSchema>;

/** One of one's sessions on 'Meus dados': the device it was opened on, its latest address and use. */
export const sessionListItemSchema = z.strictObject({
  device: z.string().meta({ description: "The browser and system, from the User-Agent: “Chrome no Linux”." }),
  address: z.string().meta({ description: "The client's address at its latest use." }),
  created_at: timestampSchema,
  last_used_at: timestampSchema.meta({ description: "Updated at most once an hour." }),
  current: z.boolean().meta({ description: "The session making this request." }),
});
export const sessionListViewSchema = z.array(sessionListItemSchema);
export type SessionListView = z.infer<typeof sessionListViewSchema>;

/** What "Sair das outras sessões" answers, on the page's notice and in the API. */
export const sessionsEndedMessage = (ended: number): string =>
  ended === 0
    ? "Não havia outras sessões abertas."
    : ended === 1
      ? "1 outra sessão foi encerrada."
      : `${ended} outras sessões foram encerradas.`;
