import { describe, expect, it } from "vitest";
import type { RedirectPage, RedirectView } from "../../../common/views/redirects.ts";
import { expectAdministratorsOnly } from "../../../tests/support/api-access.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { REDIRECT_CACHE_CONTROL } from "./answer-redirects.ts";
import { FROM_TAKEN } from "./redirects-service.ts";
import { redirects } from "./tables.ts";

const t = withTestApp({ setUp: true });

async function create(from: string, to: string): Promise<RedirectView> {
  const response = await t.request("POST", "/api/redirects", { token: t.superToken, body: { from, to } });
  if (response.status !== 201) throw new Error(`redirect create failed: ${JSON.stringify(response.body)}`);
  return response.json<RedirectView>();
}

/** A request as a browser sends it, without following the redirect. */
async function visit(path: string, init: RequestInit = {}) {
  const response = await t.app.request(path, { redirect: "manual", ...init });
  return { status: response.status, location: response.headers.get("location"), headers: response.headers };
}

describe("access", () => {
  it("asks to sign in, and refuses people with role user, before reading the body", async () => {
    const existing = await create("/antigo", "/novo");
    const user = await t.createUser("user", t.superToken);
    const calls = [
      ["GET", "/api/redirects"],
      ["POST", "/api/redirects"],
      ["GET", `/api/redirects/${existing.id}`],
      ["PUT", `/api/redirects/${existing.id}`],
      ["DELETE", `/api/redirects/${existing.id}`],
    ] as const;
    await expectAdministratorsOnly(t, user.token, calls, (method) =>
      method === "GET" || method === "DELETE" ? undefined : { from: "x" },
    );
    const admin = await t.createUser("admin", t.superToken);
    const list = await t.request("GET", "/api/redirects", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json<RedirectPage>().data).toEqual([existing]);
  });
});

describe("the REST API", () => {
  it("creates, lists, reads, updates and deletes, each answer as documented", async () => {
    const token = t.superToken;
    const created = await t.request("POST", "/api/redirects", {
      token,
      body: { from: "https://site-antigo.org.br/2019/05/Colheita/", to: "/noticias/colheita" },
    });
    expect(created.status).toBe(201);
    expectDocumented("post", "/api/redirects", created);
    const redirect = created.json<RedirectView>();
    expect(redirect).toMatchObject({ from: "/2019/05/Colheita/", to: "/noticias/colheita", source: "manual" });

    const taken = await t.request("POST", "/api/redirects", { token, body: { from: "/2019/05/colheita", to: "/x" } });
    expect(taken.status).toBe(409);
    expect(taken.json()).toEqual({ message: `${FROM_TAKEN}.`, errors: { from: [FROM_TAKEN] } });
    expectDocumented("post", "/api/redirects", taken);

    const elsewhere = await t.request("POST", "/api/redirects", {
      token,
      body: { from: "/conta", to: "https://outro.example/" },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      errors: {
        from: [
          "Os endereços /api, /conta, /files, /assets e /login são do próprio sistema e não podem ser redirecionados",
        ],
        to: ["Redirecionamentos só levam a endereços deste site"],
      },
    });
    expectDocumented("post", "/api/redirects", elsewhere);

    const list = await t.request("GET", "/api/redirects?q=colheita&source=manual", { token });
    expectDocumented("get", "/api/redirects", list);
    expect(list.json<RedirectPage>().data.map((item) => item.id)).toEqual([redirect.id]);
    expect((await t.request("GET", "/api/redirects?source=outra", { token })).status).toBe(400);

    const read = await t.request("GET", `/api/redirects/${redirect.id}`, { token });
    expectDocumented("get", "/api/redirects/{id}", read);
    expect(read.json()).toEqual(redirect);
    const missing = await t.request("GET", "/api/redirects/999", { token });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: "Redirecionamento não encontrado." });
    expectDocumented("get", "/api/redirects/{id}", missing);

    const loop = await t.request("PUT", `/api/redirects/${redirect.id}`, {
      token,
      body: { from: "/2019/05/colheita", to: "/2019/05/Colheita/" },
    });
    expect(loop.status).toBe(400);
    expectDocumented("put", "/api/redirects/{id}", loop);
    const updated = await t.request("PUT", `/api/redirects/${redirect.id}`, {
      token,
      body: { from: "/2019/05/colheita", to: "/agenda" },
    });
    expectDocumented("put", "/api/redirects/{id}", updated);
    expect(updated.json()).toMatchObject({ id: redirect.id, from: "/2019/05/colheita", to: "/agenda" });

    const deleted = await t.request("DELETE", `/api/redirects/${redirect.id}`, { token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    const again = await t.request("DELETE", `/api/redirects/${redirect.id}`, { token });
    expect(again.status).toBe(404);
    expectDocumented("delete", "/api/redirects/{id}", again);
  });
});

describe("the 301", () => {
  it("answers an old address, whatever its slash, case or encoding, with the path it leads to", async () => {
    await create("/2019/05/Colheita-de-Açaí/", "/noticias/colheita-de-açaí");
    await create("/?p=123", "/noticias/assembleia");
    const colheita = "/noticias/colheita-de-a%C3%A7a%C3%AD";
    for (const path of [
      "/2019/05/Colheita-de-Açaí/",
      "/2019/05/colheita-de-a%C3%A7a%C3%AD",
      "/2019/05/COLHEITA-DE-A%C3%87A%C3%8D/",
      "/2019/05/colheita-de-acai/".replace("acai", "ac\u0327ai\u0301"),
      "/2019/05/colheita-de-açaí/?utm_source=whatsapp&fbclid=abc",
    ]) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(301);
      expect(answer.location, path).toBe(colheita);
      expect(answer.headers.get("cache-control"), path).toBe(REDIRECT_CACHE_CONTROL);
    }
    expect(await visit("/?p=123")).toMatchObject({ status: 301, location: "/noticias/assembleia" });
    expect(await visit("/?utm_campaign=x&p=123")).toMatchObject({ status: 301, location: "/noticias/assembleia" });
    expect(await visit("/?p=123", { method: "HEAD" })).toMatchObject({ status: 301, location: "/noticias/assembleia" });
    // Signed in, too.
    const signedIn = await visit("/?p=123", { headers: { authorization: `Token ${t.superToken}` } });
    expect(signedIn).toMatchObject({ status: 301, location: "/noticias/assembleia" });
    // A query WordPress does not resolve is another address; a write is never redirected.
    expect((await visit("/?p=1234")).status).not.toBe(301);
    expect((await visit("/?q=123")).status).not.toBe(301);
    expect((await visit("/?p=123", { method: "POST" })).status).not.toBe(301);
  });

  it("answers a client-side navigation's data request with React Router's own redirect", async () => {
    await create("/sobre/", "/quem-somos");
    await create("/?page_id=7", "/contato");
    for (const [path, to] of [
      ["/sobre.data", "/quem-somos"],
      ["/sobre/_.data?_routes=routes%2Fsite%2Fpage", "/quem-somos"],
      ["/_.data?page_id=7", "/contato"],
    ] as const) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get("x-remix-redirect"), path).toBe(to);
      expect(answer.headers.get("x-remix-status"), path).toBe("301");
    }
  });

  it("leaves the API, uploaded files and built assets alone, whatever the table holds", async () => {
    // Addresses the schema refuses, written straight to the table.
    await t.database.db.insert(redirects).values(
      ["/api/settings", "/files/a.png", "/assets/x.js"].map((fromKey) => ({
        fromKey,
        fromPath: fromKey,
        toPath: "/",
      })),
    );
    expect((await visit("/api/settings")).status).toBe(200);
    for (const path of ["/files/a.png", "/assets/x.js"]) expect((await visit(path)).status, path).toBe(404);
  });

  it("counts each visitor sent on, written within seconds and shown to administrators", async () => {
    const redirect = await create("/antigo", "/novo");
    const other = await create("/outro", "/novo");
    for (const path of ["/antigo", "/Antigo/", "/antigo?utm_source=x", "/outro", "/antigo.data"]) await visit(path);
    await visit("/nada");
    await t.services.redirects.flushHits();
    const list = await t.request("GET", "/api/redirects", { token: t.superToken });
    const hits = new Map(list.json<RedirectPage>().data.map((item) => [item.id, [item.hits, item.last_hit_at]]));
    expect(hits.get(redirect.id)).toEqual([4, expect.any(String)]);
    expect(hits.get(other.id)).toEqual([1, expect.any(String)]);
  });

  it("follows every change at once: a new, edited or deleted redirect", async () => {
    expect((await visit("/antigo")).status).toBe(404);
    const redirect = await create("/antigo", "/novo");
    expect((await visit("/antigo")).location).toBe("/novo");
    await t.request("PUT", `/api/redirects/${redirect.id}`, {
      token: t.superToken,
      body: { from: "/antigo", to: "/outro" },
    });
    expect((await visit("/antigo")).location).toBe("/outro");
    await t.request("DELETE", `/api/redirects/${redirect.id}`, { token: t.superToken });
    expect((await visit("/antigo")).status).toBe(404);
  });
});
