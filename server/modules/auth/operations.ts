import { loginSchema } from "../../../common/schemas/auth.ts";
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
];
