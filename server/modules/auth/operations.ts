import { loginSchema } from "../../../common/schemas/auth.ts";
import { registrationSchema } from "../../../common/schemas/customer.ts";
import { passwordResetRequestSchema, passwordResetSchema } from "../../../common/schemas/password-reset.ts";
import { profileViewSchema, sessionViewSchema } from "../../../common/views/auth.ts";
import { areaOperations, input, messageSchema, type Operation, output } from "../../http/openapi/operation.ts";
import { SESSION_COOKIE } from "../../http/session-cookie.ts";

/** The signed-in person, also what GET /api/profile answers (server/modules/users/operations.ts). */
export const profileView = output("Profile", profileViewSchema);
const sessionView = output("Session", sessionViewSchema);

const auth = areaOperations({ tag: "auth", path: "/api/auth", access: "user" });

export const authOperations: Operation[] = [
  auth.post({
    path: "/login",
    summary: "Sign in; answers a token and sets the session cookie",
    access: "public",
    body: input("LoginInput", loginSchema),
    success: {
      status: 200,
      description: "Signed in",
      schema: sessionView,
      setsCookie: `${SESSION_COOKIE}=<token>; HttpOnly; SameSite=Lax (Secure when BASE_URL is https)`,
    },
    refusals: [
      { status: 401, description: "Wrong e-mail or password" },
      { status: 429, description: "Too many failed attempts from this address or at this e-mail (up to 15 minutes)" },
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
    summary: "Set a new password with the e-mailed link's token: every other session ends, and this one signs in",
    access: "public",
    body: input("PasswordResetInput", passwordResetSchema),
    success: {
      status: 200,
      description: "Password changed and signed in",
      schema: sessionView,
      setsCookie: `${SESSION_COOKIE}=<token>; HttpOnly; SameSite=Lax (Secure when BASE_URL is https)`,
    },
  }),
];
