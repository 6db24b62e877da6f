import { SESSION_TTL_MS } from "../modules/auth/auth-service.ts";

export const SESSION_COOKIE = "cms_session";

export function sessionCookie(token: string, secure: boolean): string {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export const SESSION_ENDED_COOKIE = "cms_session_ended";

/**
 * Remembers for a few minutes that this browser's session ended. Whichever request first finds the
 * session gone (often a background one) drops the session cookie; this mark lets the next account
 * page still say why the visitor is asked to sign in again.
 */
export function sessionEndedCookie(secure: boolean): string {
  return `${SESSION_ENDED_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax; Max-Age=600${secure ? "; Secure" : ""}`;
}

export function clearedSessionEndedCookie(secure: boolean): string {
  return `${SESSION_ENDED_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      if (value === "") return null;
      try {
        return decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Reads `Authorization: Token <t>` or `Bearer <t>`. */
export function readAuthorization(header: string | null | undefined): string | null {
  const match = /^(?:Token|Bearer)\s+(\S+)$/i.exec(header?.trim() ?? "");
  return match?.[1] ?? null;
}
