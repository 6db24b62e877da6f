import { describe, expect, it } from "vitest";
import {
  absoluteFileUrl,
  absoluteUrl,
  eventJsonLd,
  feedCacheControl,
  newsArticleJsonLd,
  organizationJsonLd,
  siteOrigin,
  stripHtml,
  truncate,
} from "./seo.ts";

describe("stripHtml and truncate", () => {
  it("turns rich text into one line of plain text", () => {
    expect(stripHtml("<p>Olá&nbsp;<strong>mundo</strong></p>\n<p>Caf&eacute; &amp; p&#227;o</p>")).toBe(
      "Olá mundo Caf&eacute; & pão",
    );
    expect(stripHtml("<script>alert(1)</script>texto")).toBe("texto");
    expect(stripHtml("do <b>Vale</b>, com<br>feira<li>café</li>")).toBe("do Vale, com feira café");
  });

  it("cuts to length minus 3 plus '...' only when longer (docs/spec.md §9)", () => {
    expect(truncate("abcdefghij", 10)).toBe("abcdefghij");
    expect(truncate("abcdefghijk", 10)).toBe("abcdefg...");
    expect(truncate("<b>abcdefghijk</b>", 10)).toBe("abcdefg...");
  });

  it("never splits a character made of two code units", () => {
    expect(truncate("😀😀😀😀😀😀", 5)).toBe("😀😀...");
  });
});

describe("absolute urls", () => {
  it("joins site paths to BASE_URL, with or without a trailing slash or a base path", () => {
    expect(absoluteUrl("https://coop.org.br", "/noticias/x")).toBe("https://coop.org.br/noticias/x");
    expect(absoluteUrl("https://coop.org.br/site/", "agenda")).toBe("https://coop.org.br/site/agenda");
    expect(absoluteUrl(null, "/x")).toBeNull();
    expect(absoluteUrl(null, "https://cdn.example/x.jpg")).toBe("https://cdn.example/x.jpg");
  });

  it("sends uploaded files through FILES_URL first", () => {
    const where = { baseUrl: "https://coop.org.br", filesUrl: "https://arquivos.coop.org.br" };
    expect(absoluteFileUrl("/files/a.jpg", where)).toBe("https://arquivos.coop.org.br/files/a.jpg");
    expect(absoluteFileUrl("/files/a.jpg", { ...where, filesUrl: null })).toBe("https://coop.org.br/files/a.jpg");
    expect(absoluteFileUrl("/files/a.jpg", { baseUrl: null, filesUrl: null })).toBeNull();
    expect(absoluteFileUrl(null, where)).toBeNull();
  });

  it("falls back to the request origin when BASE_URL is unset", () => {
    expect(siteOrigin(null, new URL("http://localhost:3000/noticias/rss.xml"))).toBe("http://localhost:3000");
    expect(siteOrigin("https://coop.org.br", new URL("http://localhost:3000/"))).toBe("https://coop.org.br");
  });

  it("lets feeds be cached only when their links come from BASE_URL, not from a forgeable Host", () => {
    expect(feedCacheControl("https://coop.org.br", 3600)).toBe("public, max-age=3600");
    expect(feedCacheControl(null, 3600)).toBe("no-store");
    expect(feedCacheControl(undefined, 300)).toBe("no-store");
  });
});

describe("JSON-LD", () => {
  it("describes the organisation without empty fields", () => {
    expect(
      organizationJsonLd({
        name: "Coop",
        url: "https://coop.org.br",
        logo: null,
        email: "",
        sameAs: ["https://instagram.com/coop", ""],
      }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Coop",
      url: "https://coop.org.br",
      sameAs: ["https://instagram.com/coop"],
    });
  });

  it("describes a news article with its publisher", () => {
    const article = newsArticleJsonLd({
      headline: "Colheita",
      description: "Resumo",
      url: "https://coop.org.br/noticias/colheita",
      image: null,
      datePublished: "2026-03-01T12:00:00.000Z",
      dateModified: "2026-03-02T12:00:00.000Z",
      publisher: { name: "Coop", logo: "https://coop.org.br/files/logo.png" },
    });
    expect(article).toMatchObject({
      "@type": "NewsArticle",
      headline: "Colheita",
      datePublished: "2026-03-01T12:00:00.000Z",
      publisher: { "@type": "Organization", name: "Coop", logo: { url: "https://coop.org.br/files/logo.png" } },
    });
    expect(article).not.toHaveProperty("image");
  });

  const event = {
    name: "Feira",
    description: "",
    url: null,
    image: null,
    startDate: "2026-11-21T22:00:00.000Z",
    endDate: "2026-11-22T01:00:00.000Z",
    placeName: "",
    placeAddress: "",
    onlineUrl: "",
    organizer: { name: "Coop", url: null },
  };

  it("gives an event in person a Place", () => {
    expect(eventJsonLd({ ...event, placeName: "Sede", placeAddress: "Rua A, 1" })).toMatchObject({
      "@type": "Event",
      startDate: event.startDate,
      endDate: event.endDate,
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Sede", address: { streetAddress: "Rua A, 1" } },
    });
  });

  it("gives an online event a VirtualLocation, and a hybrid one both", () => {
    expect(eventJsonLd({ ...event, onlineUrl: "https://meet.example/x" })).toMatchObject({
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: "https://meet.example/x" },
    });
    const hybrid = eventJsonLd({ ...event, placeName: "Sede", onlineUrl: "https://meet.example/x" });
    expect(hybrid.eventAttendanceMode).toBe("https://schema.org/MixedEventAttendanceMode");
    expect(hybrid.location).toEqual([
      { "@type": "Place", name: "Sede" },
      { "@type": "VirtualLocation", url: "https://meet.example/x" },
    ]);
  });
});
