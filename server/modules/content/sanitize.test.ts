import { describe, expect, it } from "vitest";
import { sanitizeRichText as clean } from "./sanitize.ts";

describe("sanitizeRichText", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<h2 style="text-align: center">Título</h2><p style="text-align:justify;font-size:1.5em">Um <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br></p>' +
      "<blockquote>cit</blockquote><ul><li>um</li></ul><ol><li>dois</li></ol>" +
      '<p><span style="font-size: 0.75em">pequeno</span><span style="font-size:2.5em">enorme</span></p>';
    expect(clean(html)).toBe(
      '<h2 style="text-align:center">Título</h2><p style="text-align:justify;font-size:1.5em">Um <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br /></p>' +
        "<blockquote>cit</blockquote><ul><li>um</li></ul><ol><li>dois</li></ol>" +
        '<p><span style="font-size:0.75em">pequeno</span><span style="font-size:2.5em">enorme</span></p>',
    );
  });

  it("keeps safe links and marks new-tab links noopener", () => {
    expect(clean('<a href="https://coop.example/x" target="_blank" rel="opener">a</a>')).toBe(
      '<a href="https://coop.example/x" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(clean('<a href="/noticias/x" target="_top" rel="opener">b</a>')).toBe('<a href="/noticias/x">b</a>');
    expect(clean('<a href="mailto:coop@example.com">c</a>')).toBe('<a href="mailto:coop@example.com">c</a>');
  });

  it("keeps images from http(s) and /files/ with alt and size", () => {
    expect(clean('<img src="/files/foto.webp" alt="Foto" width="300" height="200" class="x">')).toBe(
      '<img src="/files/foto.webp" alt="Foto" width="300" height="200" />',
    );
    expect(clean('<img src="https://cdn.example/a.png">')).toBe('<img src="https://cdn.example/a.png" />');
    expect(clean('<img src="/etc/passwd"><img src="../x.png"><img alt="sem src">')).toBe("");
  });

  it("keeps videos from YouTube and Vimeo over https only", () => {
    for (const src of [
      "https://www.youtube.com/embed/abc",
      "https://www.youtube-nocookie.com/embed/abc",
      "https://player.vimeo.com/video/1",
    ]) {
      expect(clean(`<iframe src="${src}" width="560" height="315" allowfullscreen></iframe>`)).toBe(
        `<iframe src="${src}" width="560" height="315" allowfullscreen></iframe>`,
      );
    }
    for (const src of [
      "https://evil.example/embed",
      "http://www.youtube.com/embed/abc",
      "//player.vimeo.com/video/1",
      "https://youtube.com.evil.example/embed",
      "https://m.youtube.com/embed/abc",
      "javascript:alert(1)",
      "/files/x.html",
    ]) {
      expect(clean(`<p>a</p><iframe src="${src}"></iframe>`), src).toBe("<p>a</p>");
    }
  });

  it("removes scripts, handlers, dangerous urls and foreign styles", () => {
    const hostile: [string, string][] = [
      ["<p>oi</p><script>alert(1)</script>", "<p>oi</p>"],
      ['<img src="x" onerror="alert(1)">', ""],
      ['<img src="/files/a.png" onerror="alert(1)">', '<img src="/files/a.png" />'],
      ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
      ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', "<a>x</a>"],
      ['<a href=" javascript:alert(1)">x</a>', "<a>x</a>"],
      ['<a href="//evil.example">x</a>', "<a>x</a>"],
      ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"],
      ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
      ['<svg onload="alert(1)"><circle r="1"/></svg><p>depois</p>', "<p>depois</p>"],
      ['<p onclick="x()" style="background:url(javascript:alert(1))">t</p>', "<p>t</p>"],
      ['<span style="color:red;font-size:expression(alert(1))">t</span>', "<span>t</span>"],
      ['<span style="font-size:1em;background-image:url(/x)">t</span>', '<span style="font-size:1em">t</span>'],
      ['<span style="font-size:12px">t</span>', "<span>t</span>"],
      ['<strong style="text-align:center">t</strong>', "<strong>t</strong>"],
      ["<style>p{color:red}</style><p>t</p>", "<p>t</p>"],
      ['<div><object data="x.swf"></object><embed src="x"><form action="/x"><input></form>t</div>', "t"],
      ['<p>a</p><iframe srcdoc="<script>alert(1)</script>"></iframe>', "<p>a</p>"],
      ['<a href="https://ok.example" onmouseover="x()">t</a>', '<a href="https://ok.example">t</a>'],
    ];
    for (const [input, output] of hostile) expect(clean(input), input).toBe(output);
  });
});
