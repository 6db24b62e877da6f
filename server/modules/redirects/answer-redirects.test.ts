import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { redirectSchema } from "../../../common/schemas/redirects.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withTestDatabase } from "../../../tests/support/with-test-services.ts";
import { createHttpApp, createSitePageCache, type DocumentHandler } from "../../http/app.ts";
import { createNodeListener } from "../../http/node-listener.ts";
import type { Actor } from "../../kernel/access.ts";
import { redirects } from "./tables.ts";

/*
 * The 301 in front of a real HTTP server built as server/serve.ts builds it: the page cache answering
 * its hits before the app (node-listener.ts), and a page handler counting what it renders.
 */

const t = withTestDatabase();
const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve() {
  const services = createTestServices(t.database);
  let rendered = 0;
  const render: DocumentHandler = async (request) => {
    rendered++;
    return new Response(`<h1>${new URL(request.url).pathname}</h1>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
  const pageCache = createSitePageCache(services);
  const app = createHttpApp(services, render, pageCache);
  const { listener } = await createNodeListener({
    app: getRequestListener(app.fetch),
    pageCache,
    baseUrl: undefined,
    logger: services.logger,
  });
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { redirect: "manual" });
    return {
      status: response.status,
      location: response.headers.get("location"),
      cache: response.headers.get("x-page-cache"),
      body: await response.text(),
    };
  };
  return { services, get, rendered: () => rendered };
}

describe("an old address in front of the page cache", () => {
  it("is answered on a cold cache and once the page it hides was kept warm", async () => {
    const { services, get, rendered } = await serve();
    expect(await get("/sobre")).toMatchObject({ status: 200, cache: "miss" });
    expect(await get("/sobre")).toMatchObject({ status: 200, cache: "hit" });
    expect(await get("/?p=12")).toMatchObject({ status: 200, cache: "miss" });
    expect(rendered()).toBe(2);

    await services.redirects.create(admin, redirectSchema.parse({ from: "/sobre/", to: "/quem-somos" }));
    await services.redirects.importMany(admin, [{ from: "/?p=12", to: "/noticias/assembleia" }]);
    for (let visit = 0; visit < 2; visit++) {
      expect(await get("/sobre")).toMatchObject({ status: 301, location: "/quem-somos", cache: null, body: "" });
      expect(await get("/SOBRE/")).toMatchObject({ status: 301, location: "/quem-somos" });
      expect(await get("/?p=12")).toMatchObject({ status: 301, location: "/noticias/assembleia" });
    }
    expect(rendered()).toBe(2);
  });

  it("counts its hits without emptying the page cache or the redirects' memo", async () => {
    const { services, get, rendered } = await serve();
    const redirect = await services.redirects.create(admin, redirectSchema.parse({ from: "/antigo", to: "/novo" }));
    await get("/contato");
    expect(await get("/contato")).toMatchObject({ cache: "hit" });
    for (let visit = 0; visit < 3; visit++) expect((await get("/antigo")).status).toBe(301);
    await services.redirects.flushHits();
    expect((await services.redirects.get(admin, redirect.id)).hits).toBe(3);
    expect(await get("/contato")).toMatchObject({ status: 200, cache: "hit" });
    expect(rendered()).toBe(1);
    // The memo was not read again either: a row deleted behind the services' back is still answered.
    await t.database.db.delete(redirects);
    expect((await get("/antigo")).status).toBe(301);
  });
});
