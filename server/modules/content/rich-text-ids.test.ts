import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_IDS } from "../../../common/rich-text-ids.ts";
import { sanitizeRichText as clean } from "./sanitize.ts";

/** The account area's code: its pages show no visitor's rich text (its editor keeps no ids). */
const ACCOUNT_ONLY = new Set(["routes/conta", "components/conta", "components/form-kit"]);

/**
 * Every id written as a literal in the code of the pages a rich text is shown on (id="x", id = "x"),
 * each with the file it is in.
 */
function literalIdsOfApp(): Map<string, string> {
  const found = new Map<string, string>();
  const root = path.resolve("app");
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!ACCOUNT_ONLY.has(path.relative(root, file))) walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        for (const match of readFileSync(file, "utf8").matchAll(/\bid\s*=\s*"([^"]+)"/g)) {
          if (match[1]) found.set(match[1], path.relative(root, file));
        }
      }
    }
  };
  walk(root);
  return found;
}

describe("the ids a rich text keeps, for links to a section of its page", () => {
  it("keeps a section's id as written, so /sobre#servicos opens at it without JavaScript", () => {
    expect(clean('<h2 id="servicos">Serviços</h2><p id="horario-2024">texto</p><ul id="lista"><li>a</li></ul>')).toBe(
      '<h2 id="servicos">Serviços</h2><p id="horario-2024">texto</p><ul id="lista"><li>a</li></ul>',
    );
    expect(clean('<a href="/sobre#contato">Contato</a> <a href="#transparencia">Transparência</a>')).toBe(
      '<a href="/sobre#contato">Contato</a> <a href="#transparencia">Transparência</a>',
    );
  });

  it("drops an id that could stand for the page's own elements or a script's global", () => {
    // The page's main, the documents' heading, the analytics script the consent banner looks for.
    for (const id of ["conteudo", "documentos", "gtag-js"]) expect(clean(`<h2 id="${id}">x</h2>`)).toBe("<h2>x</h2>");
    // window.dataLayer, window.google_tag_data, React's own ids, anything but a plain lower-case name.
    for (const id of ["dataLayer", "google_tag_data", "_r_1_", "1a", "a b", "a.b", "x".repeat(81), ""]) {
      expect(clean(`<h2 id="${id}">x</h2>`)).toBe("<h2>x</h2>");
    }
    // Only elements of the text carry one.
    expect(clean('<a id="link" href="/x">a</a><img id="img" src="/files/a.png" alt="">')).toBe(
      '<a href="/x">a</a><img src="/files/a.png" alt="" />',
    );
  });

  it("keeps an id once per text: a link meant its first element", () => {
    expect(clean('<h2 id="contato">Contato</h2><p id="contato">de novo</p>')).toBe(
      '<h2 id="contato">Contato</h2><p>de novo</p>',
    );
    // An element the sanitiser drops does not take the id from the one it keeps.
    expect(clean('<div id="contato">a</div><h2 id="contato">b</h2>')).toBe('a<h2 id="contato">b</h2>');
  });

  it("reserves every fixed id of the app's pages", () => {
    const missing = [...literalIdsOfApp()].filter(([id]) => !APP_IDS.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe("a picture with its caption", () => {
  it("keeps the figure and its caption, without WordPress's classes", () => {
    expect(
      clean(
        '<figure class="wp-block-image size-large" id="foto"><img src="/files/a.png" alt="Cestos"/><figcaption class="wp-element-caption">Na colheita</figcaption></figure>',
      ),
    ).toBe('<figure id="foto"><img src="/files/a.png" alt="Cestos" /><figcaption>Na colheita</figcaption></figure>');
  });
});
