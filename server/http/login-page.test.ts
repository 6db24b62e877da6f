import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action } from "../../app/routes/site/login.tsx";
import { pageArgs, pagePost, redirectOf } from "../../tests/support/page-route.ts";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import { sessions } from "../modules/auth/tables.ts";

/*
 * The login page's action, run as the document handler runs it (services in the React Router
 * context) on a real database.
 */

const t = withTestApp({ setUp: true });

function postLogin(body: Record<string, string>, encoding: "form" | "json" = "form") {
  const request =
    encoding === "form"
      ? pagePost("/login", body)
      : new Request("http://localhost/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
  return action(pageArgs(t.services, request, { params: {}, pattern: "/login" }));
}

const sessionCount = async () => (await t.database.db.select({ value: count() }).from(sessions))[0]?.value;

describe("the login page's action", () => {
  it.each([
    ["/busca?q=日本", "/busca?q=%E6%97%A5%E6%9C%AC"],
    ["/busca?q=🌱 日本#início", "/busca?q=%F0%9F%8C%B1%20%E6%97%A5%E6%9C%AC#in%C3%ADcio"],
  ] as const)(
    "signs in and redirects to a return address beyond Latin-1 (%s), percent-encoded",
    async (redirectTo, location) => {
      const before = await sessionCount();
      const answer = await postLogin({ email: SUPER.email, password: SUPER.password, redirectTo });
      const redirect = redirectOf(answer);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("location")).toBe(location);
      const token = /cms_session=([^;]+)/.exec(redirect.headers.get("set-cookie") ?? "")?.[1];
      expect(await t.services.auth.userForToken(token ?? "")).toMatchObject({ email: SUPER.email });
      expect(await sessionCount()).toBe((before ?? 0) + 1);
    },
  );

  it("leaves no session behind when the sign-in fails", async () => {
    const before = await sessionCount();
    const answer = await postLogin({ email: SUPER.email, password: "errada123", redirectTo: "/busca?q=日本" });
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer).toMatchObject({
      init: { status: 401 },
      data: { result: { status: "error", error: { "": ["E-mail ou senha inválidos."] } } },
    });
    expect(JSON.stringify(answer)).not.toContain("errada123");
    expect(await sessionCount()).toBe(before);
  });

  it("takes only the page's form: a JSON body is refused in pt-BR and signs no one in", async () => {
    const before = await sessionCount();
    const answer = await postLogin({ email: SUPER.email, password: SUPER.password, redirectTo: "/" }, "json");
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { result: { error: { "": ["Envie os dados pelo formulário da página."] } } },
    });
    expect(await sessionCount()).toBe(before);
  });
});
