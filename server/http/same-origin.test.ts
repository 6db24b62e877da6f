import { describe, expect, it } from "vitest";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import { createHttpApp } from "./app.ts";
import { requestSite } from "./same-origin.ts";

const t = withTestApp({ env: { BASE_URL: "https://coop.example" } });

const REFUSED = { message: "Origem da requisição não permitida." };
const menu = { name: "Sobre", url: "/sobre" };

async function cookieSession(): Promise<string> {
  await t.setupSite();
  const response = await t.request("POST", "/api/auth/login", {
    body: { email: SUPER.email, password: SUPER.password },
  });
  return /cms_session=[^;]*/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? "";
}

const menusOf = async (cookie: string) => (await t.request("GET", "/api/menus", { headers: { cookie } })).json();

describe("requestSite", () => {
  const site = (headers: Record<string, string>) =>
    requestSite(
      new Request("http://127.0.0.1:3000/conta/pages/new", { method: "POST", headers }),
      "https://coop.example",
    );

  it("reads Origin first, then Sec-Fetch-Site, then Referer", () => {
    expect(site({ origin: "http://127.0.0.1:3000", "sec-fetch-site": "cross-site" })).toBe("same");
    expect(site({ origin: "https://coop.example" })).toBe("same");
    expect(site({ origin: "https://evil.example", "sec-fetch-site": "same-origin" })).toBe("other");
    expect(site({ origin: "null" })).toBe("other");
    expect(site({ "sec-fetch-site": "same-origin", referer: "https://evil.example/" })).toBe("same");
    expect(site({ "sec-fetch-site": "none" })).toBe("same");
    expect(site({ "sec-fetch-site": "same-site" })).toBe("other");
    expect(site({ "sec-fetch-site": "cross-site" })).toBe("other");
    expect(site({ referer: "https://coop.example/conta/pages/new" })).toBe("same");
    expect(site({ referer: "https://evil.example/coop.example" })).toBe("other");
    expect(site({ referer: "not a url" })).toBe("other");
    expect(site({})).toBe("unknown");
  });
});

describe("API writes with the session cookie", () => {
  it("refuses one sent from another site, whichever header says so, and creates nothing", async () => {
    const cookie = await cookieSession();
    const foreign: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { referer: "https://evil.example/form" },
      {},
    ];
    for (const headers of foreign) {
      const response = await t.request("POST", "/api/menus", { body: menu, headers: { cookie, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
    const admin = await t.request("POST", "/api/users", {
      body: { name: "Intrusa", email: "intrusa@example.com", role: "admin", password: "senha-forte-1" },
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(admin.status).toBe(403);
    expect(await menusOf(cookie)).toEqual([]);
    const users = await t.request("GET", "/api/users?q=intrusa", { headers: { cookie } });
    expect(users.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it("accepts one from our own pages, by Sec-Fetch-Site or by Referer", async () => {
    const cookie = await cookieSession();
    const ours: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin" },
      { referer: "https://coop.example/conta/menus/new" },
    ];
    for (const headers of ours) {
      const response = await t.request("POST", "/api/menus", { body: menu, headers: { cookie, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(201);
    }
  });
});

describe("writes without the session cookie", () => {
  it("lets a client that names no page sign in, and refuses a sign-in posted from another site", async () => {
    await t.setupSite();
    const credentials = { email: SUPER.email, password: SUPER.password };
    expect((await t.request("POST", "/api/auth/login", { body: credentials })).status).toBe(200);
    const forged = await t.request("POST", "/api/auth/login", {
      body: credentials,
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(forged.json()).toEqual(REFUSED);
  });

  it("lets a token in the header write even with a cookie and a foreign origin", async () => {
    const cookie = await cookieSession();
    const token = await t.login(SUPER.email, SUPER.password);
    const response = await t.request("POST", "/api/menus", {
      body: menu,
      token,
      headers: { cookie, origin: "https://app.example" },
    });
    expect(response.status).toBe(201);
  });
});

describe("page writes", () => {
  it("are flagged for React Router's error page when sent from another site, reads never", async () => {
    const cookie = await cookieSession();
    const seen: boolean[] = [];
    const app = createHttpApp(t.services, async (_request, env) => {
      seen.push(env.crossSiteWrite);
      return new Response("ok");
    });
    const post = (headers: Record<string, string>) =>
      app.request("/conta/pages/new", { method: "POST", headers: { cookie, ...headers }, body: new FormData() });
    await post({ "sec-fetch-site": "cross-site" });
    await post({});
    await post({ origin: "https://coop.example" });
    await post({ "sec-fetch-site": "same-origin" });
    await app.request("/conta/pages", { headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(seen).toEqual([true, true, false, false, false]);
  });
});
