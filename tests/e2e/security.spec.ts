import {
  enablePostsAndEvents,
  expect,
  jsonOf,
  login,
  test,
  uniqueId,
  waitForHydratedPage,
  watchCspViolations,
} from "./fixtures.ts";
import { CONFIGURED_URL, FRESH_URL, SITE_ADMIN } from "./site.ts";

type Content = { id: number; slug: string; url: string; title: string };
type List = { data: { id: number }[] };

const YOUTUBE = "https://www.youtube-nocookie.com/embed/Zx9Ab-3_kQw";

test.describe("writes from another site", () => {
  test("the session cookie does not let another site create a page or an administrator", async ({
    playwright,
    api,
  }) => {
    // A browser signed in to the site: its cookie rides along on whatever another site posts.
    const browser = await playwright.request.newContext({ baseURL: CONFIGURED_URL, maxRedirects: 0 });
    try {
      await jsonOf(
        await browser.post("/api/auth/login", { data: { email: SITE_ADMIN.email, password: SITE_ADMIN.password } }),
      );
      const id = uniqueId();
      const page = { title: `Forjada ${id}`, slug: `forjada-${id}`, content: "<p>x</p>", status: "published" };
      const admin = {
        name: `Intrusa ${id}`,
        email: `intrusa-${id}@example.com`,
        role: "admin",
        password: "senha-e2e-1",
      };
      const crossSite = { "sec-fetch-site": "cross-site" };

      for (const headers of [crossSite, {}]) {
        const forgedPage = await browser.post("/conta/pages/new", { form: page, headers });
        expect(forgedPage.status()).toBe(403);
        expect(await forgedPage.text()).toContain("Ocorreu um erro");
        const forgedUser = await browser.post("/conta/users/new", { form: admin, headers });
        expect(forgedUser.status()).toBe(403);
      }
      const forgedApi = await browser.post("/api/users", { data: admin, headers: crossSite });
      expect(forgedApi.status()).toBe(403);
      expect(await forgedApi.json()).toEqual({ message: "Origem da requisição não permitida." });

      expect((await jsonOf<List>(await api.get(`/api/pages?q=${id}`))).data).toEqual([]);
      expect((await jsonOf<List>(await api.get(`/api/users?q=${id}`))).data).toEqual([]);

      // The same form posted from the site's own page goes through.
      const own = await browser.post("/conta/pages/new", { form: page, headers: { origin: CONFIGURED_URL } });
      expect(own.status()).toBe(302);
      expect(own.headers().location).toBe("/conta/pages");
      expect((await jsonOf<List>(await api.get(`/api/pages?q=${id}`))).data).toHaveLength(1);
    } finally {
      await browser.dispose();
    }
  });
});

test.describe("Content-Security-Policy", () => {
  test("the home, a page with a video, and the account editor run with no violation", async ({ page, api }) => {
    const id = uniqueId();
    const withVideo = await jsonOf<Content>(
      await api.post("/api/pages", {
        data: {
          title: `Vídeo institucional ${id}`,
          slug: `video-${id}`,
          content: `<p>Conheça a cooperativa.</p><iframe src="${YOUTUBE}" title="Vídeo"></iframe>`,
          status: "published",
        },
      }),
      201,
    );

    const home = await page.goto("/");
    const policy = home?.headers()["content-security-policy"] ?? "";
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src ")) ?? "";
    expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    await waitForHydratedPage(page);

    await page.goto(withVideo.url);
    await expect(page.getByRole("main").locator(`iframe[src="${YOUTUBE}"]`)).toBeAttached();
    await waitForHydratedPage(page);

    await login(page, SITE_ADMIN.email, SITE_ADMIN.password);
    const editor = await page.goto(`/conta/pages/${withVideo.id}/edit`);
    expect(editor?.headers()["cache-control"]).toBe("no-store");
    await waitForHydratedPage(page);
    const content = page.getByRole("textbox", { name: "Conteúdo", exact: true });
    await expect(content).toBeVisible();
    await content.click();
    await page.keyboard.type(" Mais texto.");
    await expect(content).toContainText("Mais texto.");
    // The page fixture fails the test on any violation seen on these pages.
  });

  test("a script that slipped into a page is refused", async ({ browser }) => {
    const visitor = await browser.newPage({ baseURL: CONFIGURED_URL });
    try {
      const violations = await watchCspViolations(visitor);
      await visitor.goto("/");
      await visitor.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
      });
      await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem refused inline /)]);
      expect(await visitor.evaluate(() => "injected" in window)).toBe(false);
    } finally {
      await visitor.close();
    }
  });
});

test.describe("headers", () => {
  test("static assets carry the security headers, and no HSTS on plain http", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    for (const path of [asset ?? "", "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });
});

test.describe("feeds and a forged Host header", () => {
  test("with BASE_URL every feed links to it and may be cached", async ({ request, api }) => {
    await enablePostsAndEvents(api);
    const id = uniqueId();
    await jsonOf(
      await api.post("/api/posts", {
        data: { title: `Notícia ${id}`, slug: `noticia-${id}`, content: "<p>x</p>", status: "published" },
      }),
      201,
    );
    const start = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const event = await jsonOf<Content>(
      await api.post("/api/events", {
        data: {
          title: `Encontro ${id}`,
          slug: `encontro-${id}`,
          content: "<p>x</p>",
          status: "published",
          start_at: start.toISOString(),
          end_at: new Date(start.getTime() + 60 * 60 * 1000).toISOString(),
        },
      }),
      201,
    );
    for (const path of ["/robots.txt", "/sitemap.xml", "/noticias/rss.xml", "/agenda.ics", `${event.url}/ics`]) {
      const response = await request.get(path, { headers: { host: "evil.example" } });
      expect(response.status(), path).toBe(200);
      const body = await response.text();
      expect(body, path).not.toContain("evil.example");
      expect(body, path).toContain(CONFIGURED_URL);
      expect(response.headers()["cache-control"], path).toMatch(/^public, max-age=\d+$/);
    }
  });

  test("without BASE_URL a feed built from the Host header is never cached", async ({ request }) => {
    const response = await request.get(`${FRESH_URL}/robots.txt`, { headers: { host: "evil.example" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
  });
});
