import type { APIRequestContext, Request } from "@playwright/test";
import { enablePostsAndEvents, expect, jsonOf, test, uniqueId, waitForHydration } from "./fixtures.ts";
import { CONFIGURED_URL, SITE_ADMIN } from "./site.ts";

type Feature = { title: string; url: string; enabled: boolean };
type Settings = { features: Record<string, Feature>; gtag: string };
type Content = { id: number; slug: string; url: string; title: string };
type JsonLd = { "@type"?: string; [key: string]: unknown };

const DAY = 24 * 60 * 60 * 1000;

/** Changes only the Google tag, on the settings as they are now (other specs change other fields). */
async function setGtag(api: APIRequestContext, gtag: string): Promise<string> {
  const settings = await jsonOf<Settings>(await api.get("/api/settings"));
  const before = settings.gtag;
  await jsonOf(await api.post("/api/settings", { data: { ...settings, gtag } }));
  return before;
}

async function create(api: APIRequestContext, kind: "pages" | "posts" | "events", data: Record<string, unknown>) {
  return jsonOf<Content>(await api.post(`/api/${kind}`, { data }), 201);
}

/** The raw HTML a search engine gets: no JavaScript runs on it. */
async function htmlOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), `${path} answered ${response.status()}`).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/html\b/);
  return response.text();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The `content` of <meta name|property=...>, whatever the attribute order. */
function metaContent(html: string, key: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/g) ?? []) {
    if (new RegExp(`\\b(?:name|property)="${escapeRegExp(key)}"`).test(tag))
      return tag.match(/\bcontent="([^"]*)"/)?.[1];
  }
  return undefined;
}

function canonicalOf(html: string): string | undefined {
  const tag = (html.match(/<link\b[^>]*>/g) ?? []).find((link) => /\brel="canonical"/.test(link));
  return tag?.match(/\bhref="([^"]*)"/)?.[1];
}

function jsonLdOf(html: string): JsonLd[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((block) => {
    const value: unknown = JSON.parse(block[1] ?? "null");
    return (Array.isArray(value) ? value : [value]) as JsonLd[];
  });
}

test.describe("what search engines and feeds read", () => {
  test("published content has its metadata, the feeds list it and drafts stay hidden", async ({ api, request }) => {
    const id = uniqueId();
    await enablePostsAndEvents(api);
    const page = await create(api, "pages", {
      title: `Transparência ${id}`,
      slug: `transparencia-${id}`,
      summary: `Relatórios e prestação de contas ${id}.`,
      content: `<h2>Relatórios</h2><p>Balanço anual da cooperativa ${id}.</p>`,
      status: "published",
    });
    const draft = await create(api, "pages", {
      title: `Rascunho ${id}`,
      slug: `rascunho-${id}`,
      content: "<p>Ainda não.</p>",
      status: "draft",
    });
    const post = await create(api, "posts", {
      title: `Safra recorde ${id}`,
      slug: `safra-recorde-${id}`,
      summary: "A colheita deste ano.",
      content: "<p>Os cooperados colheram mais.</p>",
      status: "published",
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const start = new Date(Date.now() + 7 * DAY);
    const event = await create(api, "events", {
      title: `Dia de campo ${id}`,
      slug: `dia-de-campo-${id}`,
      content: "<p>Visita às lavouras.</p>",
      status: "published",
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      place_name: "Fazenda modelo",
    });

    // The page, as served.
    const html = await htmlOf(request, page.url);
    expect(html).toContain(`Balanço anual da cooperativa ${id}.`);
    expect(html).toMatch(/<h1[^>]*>Transparência [^<]+<\/h1>/);
    expect(html).toContain(`<title>${page.title} | ${SITE_ADMIN.title}</title>`);
    expect(metaContent(html, "description")).toBe(`Relatórios e prestação de contas ${id}.`);
    expect(canonicalOf(html)).toBe(`${CONFIGURED_URL}/${page.slug}`);
    expect(metaContent(html, "og:title")).toBe(page.title);
    expect(metaContent(html, "og:url")).toBe(`${CONFIGURED_URL}/${page.slug}`);
    expect(metaContent(html, "robots")).toBeUndefined();
    const webPage = jsonLdOf(html).find((item) => item["@type"] === "WebPage");
    expect(webPage).toMatchObject({ name: page.title, url: `${CONFIGURED_URL}/${page.slug}` });

    // A news item and an event carry their structured data.
    const postsHtml = await htmlOf(request, post.url);
    expect(canonicalOf(postsHtml)).toBe(`${CONFIGURED_URL}${post.url}`);
    const article = jsonLdOf(postsHtml).find((item) => item["@type"] === "NewsArticle");
    expect(article).toMatchObject({ headline: post.title, url: `${CONFIGURED_URL}${post.url}` });

    const eventHtml = await htmlOf(request, event.url);
    const structured = jsonLdOf(eventHtml).find((item) => item["@type"] === "Event");
    expect(structured).toMatchObject({
      name: event.title,
      url: `${CONFIGURED_URL}${event.url}`,
      startDate: start.toISOString(),
      location: { "@type": "Place", name: "Fazenda modelo" },
    });

    // The sitemap lists what is published, and not the draft.
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml\b/);
    const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${CONFIGURED_URL}/`,
        `${CONFIGURED_URL}/${page.slug}`,
        `${CONFIGURED_URL}${post.url}`,
        `${CONFIGURED_URL}${event.url}`,
      ]),
    );
    expect(urls).not.toContain(`${CONFIGURED_URL}/${draft.slug}`);

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const rules = await robots.text();
    expect(rules).toMatch(new RegExp(`^Sitemap: ${escapeRegExp(CONFIGURED_URL)}/sitemap\\.xml$`, "m"));
    expect(rules).toMatch(/^Disallow: \/conta\b/m);

    const rss = await request.get("/noticias/rss.xml");
    expect(rss.status()).toBe(200);
    expect(rss.headers()["content-type"]).toMatch(/^application\/rss\+xml\b/);
    const feed = await rss.text();
    expect(feed).toMatch(/<rss\b[^>]*version="2\.0"/);
    const item = feed.match(new RegExp(`<item>(?:(?!</item>)[\\s\\S])*?${escapeRegExp(post.title)}[\\s\\S]*?</item>`));
    expect(item?.[0]).toContain(`<link>${CONFIGURED_URL}${post.url}</link>`);

    // A visitor asking for the draft gets a 404.
    const hidden = await request.get(`/${draft.slug}`);
    expect(hidden.status()).toBe(404);
    expect(await hidden.text()).not.toContain("Ainda não.");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a published page reads in full and a draft is not found", async ({ page, api }) => {
    const id = uniqueId();
    const published = await create(api, "pages", {
      title: `Estatuto ${id}`,
      slug: `estatuto-${id}`,
      content: "<h2>Capítulo I</h2><ul><li>Da denominação</li><li>Da sede</li></ul>",
      status: "published",
    });
    const draft = await create(api, "pages", { title: `Minuta ${id}`, slug: `minuta-${id}`, status: "draft" });

    await page.goto(published.url);
    await expect(page).toHaveTitle(`${published.title} | ${SITE_ADMIN.title}`);
    const article = page.getByRole("main").getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(published.title);
    await expect(article.getByRole("heading", { level: 2, name: "Capítulo I" })).toBeVisible();
    await expect(article.getByRole("listitem")).toHaveText(["Da denominação", "Da sede"]);

    const response = await page.goto(`/${draft.slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  });
});

test("with a Google tag set, analytics loads only after the visitor accepts", async ({ page, api }) => {
  const tag = "G-E2ETESTE1";
  const analytics: Request[] = [];
  // Nothing leaves the machine: Google's script is answered here, empty.
  await page.route(/^https:\/\/([a-z0-9-]+\.)*googletagmanager\.com\//, (route) => {
    analytics.push(route.request());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
  });

  const before = await setGtag(api, tag);
  try {
    await page.goto("/");
  } finally {
    // The tag is back to what it was at once: other specs check the home while this one runs.
    await setGtag(api, before);
  }
  const banner = page.getByRole("region", { name: "Aviso de cookies" });
  const accept = banner.getByRole("button", { name: "Aceitar" });
  await expect(accept).toBeVisible();
  await expect(banner.getByRole("button", { name: "Recusar" })).toBeVisible();
  await waitForHydration(accept);
  await page.waitForLoadState("networkidle");
  expect(analytics).toHaveLength(0);

  await accept.click();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => analytics.length).toBeGreaterThan(0);
  expect(analytics[0]?.url()).toBe(`https://www.googletagmanager.com/gtag/js?id=${tag}`);
});
