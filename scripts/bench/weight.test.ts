import { describe, expect, it } from "vitest";
import { assetsOf } from "./weight.ts";

const PAGE = "http://127.0.0.1:3000/sobre";

describe("assetsOf", () => {
  it("finds scripts, module preloads, the inline module's imports, stylesheets and font preloads once each", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="icon" href="/favicon.svg"/>
      <link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>
      <link rel="modulepreload" href="/assets/root-B.js"/>
      <link nonce="n" rel="stylesheet" href="/assets/root-C.css"/>
      <link rel=preload as=font href="/assets/lato-latin-400.woff2" crossorigin>
      <link rel="preload" href="/assets/other-D.css" as="style">
      <script src="/assets/legacy-E.js"></script>
      <script nonce="n">window.__reactRouterContext = {"imports": ["/assets/not-loaded.js"]};</script>
      <script nonce="n" type="module" async="">import "/assets/manifest-F.js";
import * as route0 from "/assets/root-B.js";
import { a as b } from './assets/page-G.js';
window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-A.js", "imports": ["/assets/listed-only.js"] } };
import("/assets/entry.client-A.js");</script>
      <script src="https://cdn.example.com/tracker.js"></script>
    </head><body></body></html>`;
    expect(assetsOf(html, PAGE)).toEqual({
      scripts: [
        "http://127.0.0.1:3000/assets/legacy-E.js",
        "http://127.0.0.1:3000/assets/manifest-F.js",
        "http://127.0.0.1:3000/assets/root-B.js",
        "http://127.0.0.1:3000/assets/page-G.js",
        "http://127.0.0.1:3000/assets/entry.client-A.js",
      ],
      styles: ["http://127.0.0.1:3000/assets/root-C.css", "http://127.0.0.1:3000/assets/other-D.css"],
      fonts: ["http://127.0.0.1:3000/assets/lato-latin-400.woff2"],
    });
  });

  it("ignores an inline script that is not a module and links that fetch nothing up front", () => {
    const html = `<script>import("/assets/a.js")</script><link rel="prefetch" href="/assets/b.js"><link rel="canonical" href="/x">`;
    expect(assetsOf(html, PAGE)).toEqual({ scripts: [], styles: [], fonts: [] });
  });
});
