import { emailField, plainString, z } from "../zod.ts";

/** What is typed at the second step: the authenticator app's 6 digits, or one of the ten recovery codes. */
export type TwoFactorCode = { kind: "totp"; digits: string } | { kind: "recovery"; code: string };

/** The recovery codes' letters: Crockford's base 32, lower case (no i, l, o or u to misread). */
export const RECOVERY_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** 16 letters of 5 bits: 80 bits, so a code's SHA-256 cannot be searched back from a copy of the database. */
export const RECOVERY_CODE_LENGTH = 16;

/**
 * A code as typed, read as one of the two kinds; null when it is neither. Spaces and dashes are ignored
 * (codes are shown in groups), and a recovery code's i/l and o are read as the 1 and 0 they look like.
 */
export function readTwoFactorCode(typed: string): TwoFactorCode | null {
  const compact = typed.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", digits: compact };
  const code = compact.replace(/[il]/g, "1").replace(/o/g, "0");
  if (code.length === RECOVERY_CODE_LENGTH && [...code].every((letter) => RECOVERY_CODE_ALPHABET.includes(letter)))
    return { kind: "recovery", code };
  return null;
}

export const TWO_FACTOR_CODE_REQUIRED = "Informe o código de verificação";
/** The account signs in with a second step and the request had no code (token clients: send `code`). */
export const TWO_FACTOR_CODE_NEEDED =
  "Informe o código de verificação do aplicativo autenticador (ou um código de recuperação) no campo code";
export const TWO_FACTOR_CODE_WRONG = "Código de verificação inválido ou já usado";
/** An administrator who must add an authenticator before her first session does it on the site's pages. */
export const TWO_FACTOR_ENROL_ON_SITE =
  "O site exige a verificação em duas etapas para administradores. Entre pelo site para ativá-la antes de usar a API.";
/** The sign-in's step after the password expired (10 minutes) or was already answered. */
export const CHALLENGE_GONE = "A verificação expirou. Entre novamente com o seu e-mail e a sua senha.";
/** The step after the password takes a few wrong codes; then the password must be typed again. */
export const CHALLENGE_EXHAUSTED =
  "Muitos códigos errados. Por segurança, entre novamente com o seu e-mail e a sua senha.";
/** Why an administrator cannot turn it off while a super user requires it. */
export const TWO_FACTOR_REQUIRED_BY_SITE =
  "O site exige a verificação em duas etapas para administradores e super usuários: ela não pode ser desativada.";
export const TWO_FACTOR_CODE_FORMAT = "Informe os 6 dígitos do aplicativo autenticador ou um código de recuperação";

/** The code field of every form and request: a TOTP code or a recovery code (readTwoFactorCode). */
const twoFactorCodeField = () =>
  plainString({ error: TWO_FACTOR_CODE_REQUIRED })
    .trim()
    .min(1, TWO_FACTOR_CODE_REQUIRED)
    .max(40, TWO_FACTOR_CODE_FORMAT)
    .refine((value) => readTwoFactorCode(value) !== null, TWO_FACTOR_CODE_FORMAT);

/**
 * Signing in. `code` is for token clients (POST /api/auth/login) on an account with the verification in
 * two steps: sent in the same request as the password. The pages ask for it on a step of its own.
 */
export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: "Campo obrigatório" }).min(1, "Campo obrigatório").max(200),
  code: twoFactorCodeField().optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;

/**
 * One code: the sign-in's second step, the first code that confirms a new authenticator, and
 * "Gerar novos códigos de recuperação".
 */
export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField() });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** Turning the verification in two steps off: the account's password and a code. */
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: "Informe a sua senha" }).min(1, "Informe a sua senha").max(200),
  code: twoFactorCodeField(),
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/**
 * Turning it on in 'Meus dados': the new authenticator's first code and the account's password, so a
 * session alone (a borrowed computer, a stolen cookie) cannot tie the account to someone else's app.
 */
export const twoFactorConfirmSchema = z.object({
  password: z.string({ error: "Informe a sua senha" }).min(1, "Informe a sua senha").max(200),
  code: twoFactorCodeField(),
});
export type TwoFactorConfirmInput = z.infer<typeof twoFactorConfirmSchema>;
