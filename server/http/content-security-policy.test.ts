import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  newCspNonce,
  withContentSecurityPolicy,
} from "./content-security-policy.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the inline scripts that carry this render's nonce, and nothing else", () => {
    const html = [
      `<script nonce="abc">window.__ctx = 1;</script>`,
      `<script type="module" async nonce="abc">import "/assets/entry.js";\r\nstart();</script >`,
      `<script nonce="abc" src="/assets/app.js"></script>`,
      `<script type="application/ld+json">{"@type":"WebPage"}</script>`,
      `<p>texto</p><script>alert("injected")</script>`,
      `<script nonce="other">alert("old nonce")</script>`,
      `<SCRIPT nonce="abc">window.__ctx = 1;</SCRIPT>`,
    ].join("\n");
    expect(inlineScriptHashes(html, "abc")).toEqual([
      sha("window.__ctx = 1;"),
      sha('import "/assets/entry.js";\nstart();'),
    ]);
  });

  it("makes a new nonce each time", () => {
    expect(newCspNonce()).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newCspNonce()).not.toBe(newCspNonce());
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts from our origin and the listed hashes only; Google's tag only with analytics", () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-AAA='"], analytics: false });
    const directives = Object.fromEntries(
      policy.split("; ").map((directive) => {
        const [name = "", ...sources] = directive.split(" ");
        return [name, sources];
      }),
    );
    expect(directives["script-src"]).toEqual(["'self'", "'sha256-AAA='"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'self'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
    expect(directives["frame-ancestors"]).toEqual(["'self'"]);
    expect(directives["frame-src"]).toEqual([
      "https://www.youtube-nocookie.com",
      "https://www.youtube.com",
      "https://player.vimeo.com",
    ]);
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("googletagmanager");

    const withAnalytics = contentSecurityPolicy({ scriptHashes: [], analytics: true });
    expect(withAnalytics).toContain("script-src 'self' https://*.googletagmanager.com;");
    expect(withAnalytics).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
  });
});

describe("withContentSecurityPolicy", () => {
  it("adds the policy of the very body to HTML answers and leaves other answers alone", async () => {
    const html = `<!DOCTYPE html><html><head><script nonce="n1">a()</script></head></html>`;
    const page = await withContentSecurityPolicy(
      new Response(html, { status: 404, headers: { "Content-Type": "text/html", "X-Other": "1" } }),
      "n1",
      async () => true,
    );
    expect(page.status).toBe(404);
    expect(page.headers.get("x-other")).toBe("1");
    expect(page.headers.get("content-security-policy")).toContain(`script-src 'self' ${sha("a()")} https://`);
    expect(await page.text()).toBe(html.replace(' nonce="n1"', ""));

    const feed = new Response("<rss/>", { headers: { "Content-Type": "application/rss+xml" } });
    expect(await withContentSecurityPolicy(feed, "n1", async () => false)).toBe(feed);
  });
});
