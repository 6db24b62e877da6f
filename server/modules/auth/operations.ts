import {
  loginSchema,
  twoFactorCodeSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
} from "../../../common/schemas/auth.ts";
import { registrationSchema } from "../../../common/schemas/customer.ts";
import { passwordResetRequestSchema, passwordResetSchema } from "../../../common/schemas/password-reset.ts";
import {
  passwordResetDoneViewSchema,
  profileViewSchema,
  recoveryCodesViewSchema,
  sessionViewSchema,
  twoFactorSetupViewSchema,
  twoFactorStatusViewSchema,
} from "../../../common/views/auth.ts";
import { areaOperations, input, messageSchema, type Operation, output } from "../../http/openapi/operation.ts";
import { SESSION_COOKIE } from "../../http/session-cookie.ts";

/** The signed-in person, also what GET /api/profile answers (server/modules/users/operations.ts). */
export const profileView = output("Profile", profileViewSchema);
const sessionView = output("Session", sessionViewSchema);

const auth = areaOperations({ tag: "auth", path: "/api/auth", access: "user" });

export const authOperations: Operation[] = [
  auth.post({
    path: "/login",
    summary:
      "Sign in; answers a token and sets the session cookie. An account with the verification in two steps sends its code (the authenticator app's 6 digits, or a recovery code) as `code` in the same request",
    access: "public",
    body: input("LoginInput", loginSchema),
    success: {
      status: 200,
      description: "Signed in",
      schema: sessionView,
      setsCookie: `${SESSION_COOKIE}=<token>; HttpOnly; SameSite=Lax (Secure when BASE_URL is https)`,
    },
    refusals: [
      {
        status: 401,
        description:
          "Wrong e-mail or password; or, with `errors.code`, the account's verification code is missing, wrong or already used (each code works once); a wrong code counts towards the account's growing delay",
      },
      {
        status: 403,
        description:
          "With `errors.two_factor`: the site requires the verification in two steps of administrators and this one has not set it up yet; she signs in on the site's pages to do it",
      },
      {
        status: 429,
        description:
          "Too many wrong passwords from this address or at this e-mail (up to 15 minutes); or too many wrong codes for this account: the app's codes wait, growing from a minute to a day after the third wrong one in a week (a recovery code is still taken)",
      },
    ],
  }),
  auth.post({
    path: "/logout",
    summary: "Sign out: the session's token stops working and the cookie is cleared",
    success: {
      status: 200,
      description: "Signed out",
      schema: messageSchema,
      setsCookie: `${SESSION_COOKIE}=; Max-Age=0 (clears the cookie)`,
    },
  }),
  auth.post({
    path: "/register",
    summary: "Create a customer account (role user) with CPF or CNPJ and phone, and sign in",
    access: "public",
    body: input("RegistrationInput", registrationSchema),
    success: {
      status: 201,
      description: "Account created and signed in",
      schema: sessionView,
      setsCookie: `${SESSION_COOKIE}=<token>; HttpOnly; SameSite=Lax (Secure when BASE_URL is https)`,
    },
    refusals: [
      { status: 409, description: "The e-mail already has an account" },
      { status: 429, description: "Too many accounts created from this address (up to an hour)" },
    ],
  }),
  auth.post({
    path: "/password-reset",
    summary:
      "Ask for a password reset link by e-mail (single use, valid for an hour); the same answer, given before the address is looked up, whether or not it has an account; no link is sent until BASE_URL is set",
    access: "public",
    body: input("PasswordResetRequestInput", passwordResetRequestSchema),
    success: { status: 202, description: "Accepted", schema: messageSchema },
    refusals: [{ status: 429, description: "Too many requests from this address or for this e-mail (up to an hour)" }],
  }),
  auth.post({
    path: "/password-reset/confirm",
    summary:
      "Set a new password with the e-mailed link's token: every other session ends, and this one signs in, unless the account signs in with a second step (then sign in again with the new password and a code)",
    access: "public",
    body: input("PasswordResetInput", passwordResetSchema),
    success: {
      status: 200,
      description:
        "Password changed and signed in; or, with `two_factor_required`, changed without a session: sign in with the code",
      schema: output("PasswordResetDone", passwordResetDoneViewSchema),
      setsCookie: `${SESSION_COOKIE}=<token>; HttpOnly; SameSite=Lax (Secure when BASE_URL is https)`,
    },
  }),
];

const twoFactor = areaOperations({ tag: "profile", path: "/api/profile/two-factor", access: "user" });
const recoveryCodesView = output("RecoveryCodes", recoveryCodesViewSchema);
const tooManyCodes = {
  status: 429,
  description: "Too many wrong codes for this account: the app's codes wait, growing from a minute to a day",
};

/** One's own verification in two steps (TOTP: SHA1, 6 digits, 30 s), as on 'Meus dados'. */
export const twoFactorOperations: Operation[] = [
  twoFactor.get({
    summary: "Whether one's verification in two steps is on, required by the site, and the authenticator being added",
    success: { status: 200, description: "Its state", schema: output("TwoFactorStatus", twoFactorStatusViewSchema) },
  }),
  twoFactor.post({
    path: "/setup",
    summary:
      "Start adding an authenticator: a new secret (as text and as a QR code of its otpauth URI), replacing one that never got its first code",
    success: {
      status: 201,
      description: "The secret to add to the app",
      schema: output("TwoFactorSetup", twoFactorSetupViewSchema),
    },
    refusals: [{ status: 409, description: "The verification in two steps is already on" }],
  }),
  twoFactor.delete({
    path: "/setup",
    summary: "Forget the authenticator being added (one that never got its first code)",
    success: { status: 204, description: "Forgotten" },
    refusals: [{ status: 409, description: "The verification in two steps is already on: turn it off instead" }],
  }),
  twoFactor.post({
    path: "/confirm",
    summary:
      "Turn the verification in two steps on with the account's password and the app's first code; answers ten one-time recovery codes, shown only this once. Every other session of the account ends and the person is e-mailed",
    body: input("TwoFactorConfirmInput", twoFactorConfirmSchema),
    success: { status: 200, description: "On; the recovery codes", schema: recoveryCodesView },
    refusals: [
      { status: 409, description: "Nothing being added, or already on" },
      {
        status: 429,
        description: "Too many wrong passwords or first codes for this account (up to 15 minutes)",
      },
    ],
  }),
  twoFactor.post({
    path: "/recovery-codes",
    summary: "Ten new recovery codes for a code (the app's or a recovery code); the old ones stop working",
    body: input("TwoFactorCodeInput", twoFactorCodeSchema),
    success: { status: 200, description: "The new recovery codes, shown only this once", schema: recoveryCodesView },
    refusals: [{ status: 409, description: "The verification in two steps is off" }, tooManyCodes],
  }),
  twoFactor.post({
    path: "/disable",
    summary: "Turn the verification in two steps off with the account's password and a code; the person is e-mailed",
    body: input("TwoFactorDisableInput", twoFactorDisableSchema),
    success: { status: 200, description: "Off", schema: messageSchema },
    refusals: [
      { status: 403, description: "The site requires it of administrators and super users" },
      { status: 409, description: "The verification in two steps is off" },
      {
        status: 429,
        description:
          "Too many wrong passwords for this account (up to 15 minutes), or wrong codes (the account's growing delay)",
      },
    ],
  }),
];
