import { describe, expect, it } from "vitest";
import { buildRobots, buildRss, buildSitemap, escapeXml } from "./feeds.ts";

describe("escapeXml", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});

describe("buildRss", () => {
  const rss = buildRss({
    title: "Notícias | Coop",
    link: "https://coop.org.br/noticias",
    self: "https://coop.org.br/noticias/rss.xml",
    description: "",
    items: [
      {
        title: "Colheita & festa",
        link: "https://coop.org.br/noticias/colheita",
        description: "Resumo <b>curto</b>",
        published_at: "2026-11-22T22:00:00.000Z",
        categories: ["agro"],
      },
    ],
  });

  it("is an RSS 2.0 channel with absolute, escaped items", () => {
    expect(rss).toContain('<rss version="2.0"');
    expect(rss).toContain("<title>Colheita &amp; festa</title>");
    expect(rss).toContain("<link>https://coop.org.br/noticias/colheita</link>");
    expect(rss).toContain('<guid isPermaLink="true">https://coop.org.br/noticias/colheita</guid>');
    expect(rss).toContain("<pubDate>Sun, 22 Nov 2026 22:00:00 GMT</pubDate>");
    expect(rss).toContain("<description>Resumo &lt;b&gt;curto&lt;/b&gt;</description>");
    expect(rss).toContain("<category>agro</category>");
    expect(rss).toContain('<atom:link href="https://coop.org.br/noticias/rss.xml" rel="self"');
    expect(rss).toContain("<description>Notícias | Coop</description>");
  });
});

describe("buildSitemap", () => {
  it("lists absolute addresses with lastmod", () => {
    const xml = buildSitemap([
      { loc: "https://coop.org.br/", lastmod: "2026-01-01T00:00:00.000Z" },
      { loc: "https://coop.org.br/a?b&c" },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://coop.org.br/</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></url>");
    expect(xml).toContain("<url><loc>https://coop.org.br/a?b&amp;c</loc></url>");
  });
});

describe("buildRobots", () => {
  it("allows all but the account area and the API, and points to the sitemap", () => {
    const robots = buildRobots("https://coop.org.br/sitemap.xml");
    expect(robots.split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /conta$",
      "Disallow: /conta/",
      "Disallow: /api$",
      "Disallow: /api/",
      "",
      "Sitemap: https://coop.org.br/sitemap.xml",
      "",
    ]);
  });
});
