import { createCookie, redirect } from "react-router";
import { FLASH_COOKIE } from "../../common/cookie-names.ts";

export type Flash = { id: string; type: "success" | "error"; message: string };

// A one-shot message carried across a redirect (e.g. after the first-time setup).
const flashCookie = createCookie(FLASH_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function flashHeader(type: Flash["type"], message: string): Promise<string> {
  const flash: Flash = { id: crypto.randomUUID(), type, message };
  return flashCookie.serialize(flash);
}

/** Goes to `to` with a success toast there; `headers` adds other cookies (a new session). */
export async function redirectWithFlash(to: string, message: string, headers = new Headers()): Promise<Response> {
  headers.append("Set-Cookie", await flashHeader("success", message));
  return redirect(to, { headers });
}

/** Reads the pending message, if any, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value: unknown = await flashCookie.parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object" || !("message" in value)) return { flash: null, clear: null };
  return { flash: value as Flash, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
