import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true" } });

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request("POST", "/api/auth/login", { body, headers });

const sessionCookieOf = (setCookie: string | null) => /cms_session=([^;]*)/.exec(setCookie ?? "")?.[1] ?? "";

describe("login", () => {
  it("returns the token and the user, and sets an HttpOnly SameSite cookie", async () => {
    await t.setupSite();
    const response = await login({ email: SUPER.email, password: SUPER.password });
    expect(response.status).toBe(200);
    const body = response.json<{ token: string; expires_at: string; user: Record<string, unknown> }>();
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toEqual({ id: expect.any(Number), name: SUPER.admin_name, email: SUPER.email, role: "super" });
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    const cookie = response.headers.get("set-cookie") ?? "";
    expect(sessionCookieOf(cookie)).toBe(body.token);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("accepts the e-mail in any case", async () => {
    await t.setupSite();
    const response = await login({ email: `  ${SUPER.email.toUpperCase()} `, password: SUPER.password });
    expect(response.status).toBe(200);
  });

  it("refuses a wrong password or an unknown e-mail with the same 401 message", async () => {
    await t.setupSite();
    for (const body of [
      { email: SUPER.email, password: "errada123" },
      { email: "ninguem@example.com", password: SUPER.password },
    ]) {
      const response = await login(body);
      expect(response.status).toBe(401);
      expect(response.json()).toEqual({ message: "E-mail ou senha inválidos." });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("validates the credentials with field errors", async () => {
    const response = await login({ email: "não-é-email", password: "" });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: { email: ["Informe um e-mail válido"], password: ["Campo obrigatório"] },
    });
  });
});

describe("tokens", () => {
  it("accepts both `Token` and `Bearer` in the Authorization header", async () => {
    const token = await t.setupSite();
    for (const authorization of [`Token ${token}`, `Bearer ${token}`, `bearer ${token}`]) {
      const response = await t.request("GET", "/api/profile", { headers: { authorization } });
      expect(response.status, authorization).toBe(200);
    }
    const unknown = await t.request("GET", "/api/profile", { headers: { authorization: "Token nao-existe" } });
    expect(unknown.status).toBe(401);
    expect(unknown.json()).toEqual({ message: "Faça login para continuar." });
  });

  it("logout revokes the token on the server and clears the cookie", async () => {
    const token = await t.setupSite();
    const other = await t.login(SUPER.email, SUPER.password);
    const response = await t.request("POST", "/api/auth/logout", { token });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ message: "Sessão encerrada." });
    expect(response.headers.get("set-cookie")).toMatch(/^cms_session=; .*Max-Age=0/);

    expect((await t.request("GET", "/api/profile", { token })).status).toBe(401);
    expect((await t.request("POST", "/api/auth/logout", { token })).status).toBe(401);
    // Only that session ends: the same person signed in elsewhere stays signed in.
    expect((await t.request("GET", "/api/profile", { token: other })).status).toBe(200);
  });

  it("rejects an expired session", async () => {
    const token = await t.setupSite();
    await t.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    const response = await t.request("GET", "/api/profile", { token });
    expect(response.status).toBe(401);
    // The browser is told to forget an expired session cookie.
    const withCookie = await t.request("GET", "/api/settings", { headers: { cookie: `cms_session=${token}` } });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("set-cookie")).toMatch(/^cms_session=; .*Max-Age=0/);
  });

  it("marks a dead session for a few minutes, whichever request found it, and forgets the mark once signed in", async () => {
    const token = await t.setupSite();
    await t.database.db.execute(sql`DELETE FROM sessions`);
    const found = await t.request("GET", "/api/settings", { headers: { cookie: `cms_session=${token}` } });
    const marks = found.headers.getSetCookie();
    expect(marks).toContainEqual(expect.stringMatching(/^cms_session=; .*Max-Age=0/));
    expect(marks).toContainEqual(expect.stringMatching(/^cms_session_ended=1; .*HttpOnly.*Max-Age=600/));

    // A visitor who never signed in is not marked.
    const visitor = await t.request("GET", "/api/settings");
    expect(visitor.headers.get("set-cookie")).toBeNull();

    const again = await login({ email: SUPER.email, password: SUPER.password });
    const fresh = sessionCookieOf(again.headers.get("set-cookie"));
    const signedIn = await t.request("GET", "/api/profile", {
      headers: { cookie: `cms_session=${fresh}; cms_session_ended=1` },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/^cms_session_ended=; .*Max-Age=0/);
  });

  it("ends every session of a deleted user", async () => {
    const superToken = await t.setupSite();
    const user = await t.createUser("user", superToken);
    expect((await t.request("DELETE", `/api/users/${user.id}`, { token: superToken })).status).toBe(204);
    expect((await t.request("GET", "/api/profile", { token: user.token })).status).toBe(401);
  });
});

describe("failed login throttle", () => {
  const wrong = { email: SUPER.email, password: "errada123" };
  const right = { email: SUPER.email, password: SUPER.password };
  const fromAddress = "Muitas tentativas de login a partir deste endereço. Aguarde até 15 minutos e tente novamente.";
  const forEmail = "Muitas tentativas de login para este e-mail. Aguarde até 15 minutos e tente novamente.";
  /** Wrong guesses, each at a different e-mail, so only the per-address limit applies. */
  const spray = (attempt: number) => ({ email: `pessoa${attempt}@example.com`, password: "errada123" });
  const statusCounts = (responses: { status: number }[]) => {
    const counts: Record<number, number> = {};
    for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses an address with 429 after repeated failures, while other addresses still sign in", async () => {
    await t.setupSite();
    // Our proxy appends the address it saw; whatever the client put before it changes nothing.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const headers = { "x-forwarded-for": `10.0.0.${attempt}, 203.0.113.7` };
      expect((await login(spray(attempt), headers)).status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await login(right, { "x-forwarded-for": "203.0.113.7" });
    expect(blocked.status).toBe(429);
    expect(blocked.json()).toEqual({ message: fromAddress });

    expect((await login(wrong, { "x-forwarded-for": "198.51.100.2" })).status).toBe(401);
    expect((await login(right, { "x-forwarded-for": "198.51.100.2" })).status).toBe(200);
  });

  it.each([30, 40])(
    "limits %i simultaneous wrong logins from one address like the same number sent in turn",
    async (burst) => {
      await t.setupSite();
      const headers = { "x-forwarded-for": "203.0.113.20" };
      const sameAccount = await Promise.all(Array.from({ length: burst }, () => login(wrong, headers)));
      expect(statusCounts(sameAccount)).toEqual({ 401: 10, 429: burst - 10 });

      const other = { "x-forwarded-for": "203.0.113.21" };
      const manyAccounts = await Promise.all(
        Array.from({ length: burst }, (_, attempt) => login(spray(attempt), other)),
      );
      expect(statusCounts(manyAccounts)).toEqual({ 401: 10, 429: burst - 10 });
      expect(manyAccounts.find((response) => response.status === 429)?.json()).toEqual({ message: fromAddress });
    },
  );

  it("limits guesses at one e-mail from rotating addresses, for a window of minutes only", async () => {
    await t.setupSite();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) => login(wrong, { "x-forwarded-for": `198.51.100.${attempt + 1}` })),
    );
    expect(statusCounts(responses)).toEqual({ 401: 10, 429: 20 });
    expect(responses.find((response) => response.status === 429)?.json()).toEqual({ message: forEmail });
    // The e-mail is written in another case: it is still the same account.
    const shouted = await login({ ...right, email: SUPER.email.toUpperCase() }, { "x-forwarded-for": "192.0.2.1" });
    expect(shouted.status).toBe(429);
    expect((await login(spray(1), { "x-forwarded-for": "192.0.2.2" })).status).toBe(401);

    // Refused attempts do not extend the block: the owner gets in once the window has passed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 14 * 60_000 });
    expect((await login(right, { "x-forwarded-for": "192.0.2.3" })).status).toBe(429);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await login(right, { "x-forwarded-for": "192.0.2.3" })).status).toBe(200);
  });

  it("does not count a right password, nor let it wipe earlier failures for other accounts", async () => {
    await t.setupSite();
    const address = { "x-forwarded-for": "203.0.113.9" };
    for (let attempt = 1; attempt <= 9; attempt++) expect((await login(spray(attempt), address)).status).toBe(401);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await login(right, address)).status).toBe(200);
    expect((await login(spray(10), address)).status).toBe(401);
    expect((await login(spray(11), address)).status).toBe(429);
    expect((await login(right, address)).status).toBe(429);
  });
});

describe("session cookie", () => {
  async function cookieSession() {
    await t.setupSite();
    const response = await login({ email: SUPER.email, password: SUPER.password });
    return `cms_session=${sessionCookieOf(response.headers.get("set-cookie"))}`;
  }

  const menu = { name: "Sobre", url: "/sobre" };

  it("signs in a request that carries only the cookie", async () => {
    const cookie = await cookieSession();
    const response = await t.request("GET", "/api/profile", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ email: SUPER.email, role: "super" });
  });

  it("accepts a cookie-authenticated write from our own origin", async () => {
    const cookie = await cookieSession();
    const response = await t.request("POST", "/api/menus", {
      body: menu,
      headers: { cookie, origin: "http://localhost" },
    });
    expect(response.status).toBe(201);
  });

  it("refuses a cookie-authenticated write from a foreign or opaque origin with 403", async () => {
    const cookie = await cookieSession();
    const foreign: Record<string, string>[] = [
      { cookie, origin: "https://evil.example" },
      { cookie, origin: "null" },
      { cookie, "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const response = await t.request("POST", "/api/menus", { body: menu, headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: "Origem da requisição não permitida." });
    }
    const logout = await t.request("POST", "/api/auth/logout", {
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(logout.status).toBe(403);
    expect((await t.request("GET", "/api/profile", { headers: { cookie } })).status).toBe(200);
    expect((await t.request("GET", "/api/menus", { headers: { cookie } })).json()).toEqual([]);
  });

  it("lets a token in the header write from any origin (no ambient credential)", async () => {
    const token = await t.setupSite();
    const response = await t.request("POST", "/api/menus", {
      body: menu,
      token,
      headers: { origin: "https://app.example" },
    });
    expect(response.status).toBe(201);
  });
});

describe("behind https and without a trusted proxy", () => {
  const secure = withTestApp({ env: { BASE_URL: "https://coop.example" }, resetEachTest: false });

  it("marks the cookie Secure, accepts the public origin and ignores X-Forwarded-For", async () => {
    await secure.setupSite();
    const ok = await secure.request("POST", "/api/auth/login", {
      body: { email: SUPER.email, password: SUPER.password },
    });
    const setCookie = ok.headers.get("set-cookie");
    expect(setCookie).toMatch(/; Secure/);

    const cookie = `cms_session=${sessionCookieOf(setCookie)}`;
    const write = await secure.request("POST", "/api/menus", {
      body: { name: "Sobre", url: "/sobre" },
      headers: { cookie, origin: "https://coop.example" },
    });
    expect(write.status).toBe(201);

    for (let attempt = 1; attempt <= 10; attempt++) {
      await secure.request("POST", "/api/auth/login", {
        body: { email: `pessoa${attempt}@example.com`, password: "errada123" },
        headers: { "x-forwarded-for": `203.0.113.${attempt}` },
      });
    }
    const blocked = await secure.request("POST", "/api/auth/login", {
      body: { email: SUPER.email, password: SUPER.password },
      headers: { "x-forwarded-for": "198.51.100.99" },
    });
    expect(blocked.status).toBe(429);
  });
});
