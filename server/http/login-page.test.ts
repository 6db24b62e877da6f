import { count } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppContext, appContext } from "../../app/lib/context.server.ts";
import { action } from "../../app/routes/site/login.tsx";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import { sessions } from "../modules/auth/tables.ts";
import { sessionCookie } from "./session-cookie.ts";

/*
 * The login page's action, run as the document handler runs it (services in the React Router
 * context) on a real database: vitest only collects tests under server/ and common/.
 */

const t = withTestApp({ setUp: true });

async function postLogin(body: Record<string, string>, encoding: "form" | "json") {
  const url = "http://localhost/login";
  const request =
    encoding === "form"
      ? new Request(url, { method: "POST", body: new URLSearchParams(body) })
      : new Request(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
  const context = new RouterContextProvider();
  // What the login action reads; the rest of the context belongs to the document handler.
  const value: Pick<AppContext, "services" | "actor" | "clientAddress" | "sessionCookie"> = {
    services: t.services,
    actor: null,
    clientAddress: "203.0.113.5",
    sessionCookie: (token) => sessionCookie(token, false),
  };
  context.set(appContext, value as AppContext);
  return action({ request, context, params: {}, url: new URL(url), pattern: "/login" });
}

const sessionCount = async () => (await t.database.db.select({ value: count() }).from(sessions))[0]?.value;

describe("the login page's action", () => {
  it.each([
    ["form", "/busca?q=日本", "/busca?q=%E6%97%A5%E6%9C%AC"],
    ["json", "/busca?q=🌱 日本#início", "/busca?q=%F0%9F%8C%B1%20%E6%97%A5%E6%9C%AC#in%C3%ADcio"],
  ] as const)(
    "signs in (%s) and redirects to a return address beyond Latin-1, percent-encoded",
    async (encoding, redirectTo, location) => {
      const before = await sessionCount();
      const answer = await postLogin({ email: SUPER.email, password: SUPER.password, redirectTo }, encoding);
      if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(location);
      const token = /cms_session=([^;]+)/.exec(answer.headers.get("set-cookie") ?? "")?.[1];
      expect(await t.services.auth.userForToken(token ?? "")).toMatchObject({ email: SUPER.email });
      expect(await sessionCount()).toBe((before ?? 0) + 1);
    },
  );

  it("leaves no session behind when the sign-in fails", async () => {
    const before = await sessionCount();
    const answer = await postLogin({ email: SUPER.email, password: "errada123", redirectTo: "/busca?q=日本" }, "form");
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer).toMatchObject({ init: { status: 401 }, data: { message: "E-mail ou senha inválidos." } });
    expect(await sessionCount()).toBe(before);
  });
});
