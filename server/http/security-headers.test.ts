import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import { createHttpApp } from "./app.ts";

const plain = withTestApp({ resetEachTest: false });
const secure = withTestApp({ env: { BASE_URL: "https://coop.example" }, resetEachTest: false });
let token: string;
beforeAll(async () => {
  token = await plain.setupSite();
});

describe("security headers", () => {
  it("are on every answer, with HSTS only when the public address is https", async () => {
    for (const [app, hsts] of [
      [plain, null],
      [secure, "max-age=15552000; includeSubDomains"],
    ] as const) {
      for (const path of ["/api/health", "/api/nada", "/files/nada.pdf"]) {
        const { headers } = await app.request("GET", path);
        expect(headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
        expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
        expect(headers.get("strict-transport-security"), path).toBe(hsts);
      }
    }
    const http = await createTestApp({ BASE_URL: "http://coop.example" });
    try {
      expect((await http.request("GET", "/api/health")).headers.get("strict-transport-security")).toBeNull();
    } finally {
      await http.close();
    }
  });
});

describe("Cache-Control: no-store", () => {
  it("on API answers for a signed-in user, not on the same answers for visitors", async () => {
    const signedIn = await plain.request("GET", "/api/pages", { token });
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    expect((await plain.request("GET", "/api/profile", { token })).headers.get("cache-control")).toBe("no-store");
    expect((await plain.request("GET", "/api/pages")).headers.get("cache-control")).toBeNull();
  });

  it("on sign-in and sign-out, which carry a token or set the cookie", async () => {
    const login = await plain.request("POST", "/api/auth/login", {
      body: { email: SUPER.email, password: SUPER.password },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");
    const failed = await plain.request("POST", "/api/auth/login", { body: { email: SUPER.email, password: "x" } });
    expect(failed.headers.get("cache-control")).toBe("no-store");
    const own = login.json<{ token: string }>().token;
    const logout = await plain.request("POST", "/api/auth/logout", { token: own });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("cache-control")).toBe("no-store");
  });

  it("on every account page, and on any page answer that sets a cookie", async () => {
    const app = createHttpApp(plain.services, async (request) =>
      new URL(request.url).pathname === "/flash"
        ? new Response("ok", { headers: { "Set-Cookie": "cms_flash=1; Path=/" } })
        : new Response("ok", { headers: { "Cache-Control": "public, max-age=60" } }),
    );
    for (const path of ["/conta", "/conta/pages/1/edit", "/conta.data", "/conta/pages.data", "/flash"]) {
      expect((await app.request(path)).headers.get("cache-control"), path).toBe("no-store");
    }
    for (const path of ["/", "/contabilidade", "/noticias"]) {
      expect((await app.request(path)).headers.get("cache-control"), path).toBe("public, max-age=60");
    }
  });
});
