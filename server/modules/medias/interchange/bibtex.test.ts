import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../../common/errors.ts";
import { type MediaType, mediaTypes } from "../../../../common/media.ts";
import { mediaSchema } from "../../../../common/schemas/media.ts";
import { citationKeys, readBibtex, texEscape, writeBibtex } from "./bibtex.ts";
import { mappedInput, sampleItem } from "./fixtures/items.ts";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const drafts = (text: string) => readBibtex(text).map((entry) => entry.draft);

describe("reading BibTeX", () => {
  it("maps a Zotero export written in UTF-8", () => {
    const [article, book, chapter, thesis, page, video] = drafts(fixture("zotero.bib"));
    expect(article).toMatchObject({
      type: "journal_article",
      title: "Agroecologia e segurança alimentar: práticas em cooperativas do Semiárido",
      authors: ["Souza, Maria Aparecida", "da Silva, João Carlos", "Gonçalves Filho, José"],
      publication_date: "2019-05-12",
      source: "Revista Brasileira de Agroecologia",
      volume: "14",
      number: "2",
      pages: "10-25",
      doi: "10.33240/rba.v14i2.22912",
      isbn_issn: "1980-9735",
      languages: ["brazilian"],
      tags: ["agroecologia", "cooperativismo", "segurança alimentar"],
      description:
        "<p>Este artigo analisa práticas agroecológicas em cooperativas.</p><p>Os resultados indicam ganhos de renda &amp; autonomia.</p>",
    });
    expect(mediaSchema.parse(article).languages).toEqual(["Português"]);
    expect(book).toMatchObject({
      type: "book",
      authors: ["{Empresa Brasileira de Pesquisa Agropecuária}"],
      publisher: "Embrapa",
      city: "Brasília",
      isbn_issn: "978-85-7035-812-3",
    });
    expect(chapter).toMatchObject({
      type: "book_chapter",
      organizers: ["Pereira, Carlos", "Ramos, Helena"],
      source: "Economia solidária no Brasil",
      pages: "45-67",
    });
    expect(thesis).toMatchObject({
      type: "thesis",
      institution: "Universidade Federal de Viçosa",
      city: "Viçosa",
      additional_info: "Tese (Doutorado em Agroecologia)",
    });
    expect(page).toMatchObject({
      type: "web_page",
      publication_date: "2021-03",
      url: "https://www.centraldocerrado.org.br/",
    });
    expect(video).toMatchObject({ type: "video", embed_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
  });

  it("turns a Mendeley export's LaTeX accents into Unicode and ignores its file fields", () => {
    const [article, dissertation, talk] = drafts(fixture("mendeley.bib"));
    expect(article).toMatchObject({
      title: "A produção orgânica e a transição agroecológica no Cerrado",
      authors: ["Gonçalves, José", "Araújo, Maria Lúcia", "Müller, Hans"],
      publication_date: "2019-03",
      description: "<p>A produção orgânica cresce no país.</p>",
      tags: ["Agroecologia", "Produção orgânica"],
      source: "Revista de Economia e Sociologia Rural",
      pages: "1-20",
    });
    expect(JSON.stringify(article)).not.toContain("Mendeley");
    expect(dissertation).toMatchObject({
      type: "thesis",
      institution: "Universidade de Brasília",
      city: "Brasília",
      additional_info: "Dissertação (Mestrado)",
    });
    expect(talk).toMatchObject({
      type: "event_presentation",
      source: "Anais do X Congresso Brasileiro de Agroecologia",
    });
  });

  it("maps every entry type", () => {
    const cases: Array<[string, MediaType]> = [
      ["article", "journal_article"],
      ["book", "book"],
      ["inbook", "book_chapter"],
      ["incollection", "book_chapter"],
      ["phdthesis", "thesis"],
      ["mastersthesis", "thesis"],
      ["techreport", "report"],
      ["inproceedings", "event_presentation"],
      ["conference", "event_presentation"],
      ["video", "video"],
      ["audio", "audio"],
      ["patent", "patent"],
      ["software", "software"],
      ["dataset", "database"],
      ["booklet", "teaching_material"],
      ["unpublished", "working_paper"],
      ["legislation", "law_norm"],
      ["frobnicate", "other"],
    ];
    const text = cases.map(([type], index) => `@${type}{k${index}, title = {T}}`).join("\n");
    expect(drafts(text).map((draft) => draft.type)).toEqual(cases.map(([, type]) => type));
    const misc = drafts(
      "@misc{a, title={A}, url={https://a.org}}\n@online{b, title={B}, url={https://b.org}}\n@electronic{c, title={C}, howpublished={\\url{https://c.org}}}\n@misc{d, title={D}}\n@misc{e, title={E}, type={Mapa}}",
    );
    expect(misc.map((draft) => [draft.type, draft.url])).toEqual([
      ["web_page", "https://a.org"],
      ["web_page", "https://b.org"],
      ["web_page", "https://c.org"],
      ["other", ""],
      ["map", ""],
    ]);
  });

  it("reads macros and skips @comment, @string and @preamble; markup in the abstract becomes escaped text", () => {
    const [script, macros] = drafts(fixture("hostile.bib"));
    expect(script).toMatchObject({
      title: 'Título com <script>alert("x")</script> no meio',
      source: "Revista Brasileira de Agroecologia (edição especial)",
      description:
        "<p>&lt;script&gt;alert('xss')&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; Texto do resumo.</p>",
      notes: "<b>negrito</b> TeX",
    });
    expect(macros?.title).toBe("Comandos desconhecidos bar e itálico");
  });

  it("refuses a file with unbalanced braces, naming the entry's line", () => {
    try {
      readBibtex(fixture("malformed.bib"));
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error) && error.kind).toBe("invalid");
      expect((error as Error).message).toBe(
        "O arquivo BibTeX não pôde ser lido: a entrada da linha 6 tem um erro de sintaxe na linha 11 (falta uma vírgula ou uma chave de fechamento?).",
      );
    }
  });
});

describe("writing BibTeX", () => {
  it("escapes the specials and breaks TeX ligatures", () => {
    expect(texEscape("a{b}c %&#$_ \\ ~^ <x> -- ``q'' !`")).toBe(
      "a\\textbraceleft{}b\\textbraceright{}c \\%\\&\\#\\$\\_ \\textbackslash{} \\textasciitilde{}\\textasciicircum{} \\textless{}x\\textgreater{} -{}- `{}`q'{}' !{}`",
    );
  });

  it("gives every item a stable key from surname, year and first title word, with a/b suffixes", () => {
    const item = sampleItem("book");
    const untitled = { ...sampleItem("book"), authors: [], organizers: [], year: null, title: "O livro" };
    expect(citationKeys([item, item, item, untitled])).toEqual([
      "souza2019acao",
      "souza2019acaoa",
      "souza2019acaob",
      "livro",
    ]);
    expect(writeBibtex([item])).toContain("@book{souza2019acao,\n  author = {Souza, Maria Aparecida and {Empresa");
  });

  it.each(mediaTypes)("round-trips every mapped field of a %s", (type) => {
    const item = sampleItem(type);
    const [entry] = readBibtex(writeBibtex([item]));
    const expected = mappedInput(item);
    // BibTeX keywords come back sorted.
    expect(mediaSchema.parse(entry?.draft)).toEqual({ ...expected, tags: [...expected.tags].sort() });
  });

  it("writes theses as masters or doctoral by their degree, and news as newspaper articles", () => {
    const dissertation = { ...sampleItem("thesis"), additional_info: "Dissertação (Mestrado em Extensão Rural)" };
    expect(writeBibtex([dissertation])).toMatch(/^@mastersthesis\{/);
    expect(writeBibtex([sampleItem("thesis")])).toMatch(/^@phdthesis\{/);
    expect(writeBibtex([sampleItem("news")])).toContain("entrysubtype = {newspaper}");
  });
});

describe("BibTeX syntax", () => {
  it("refuses an entry whose braces never close, naming its line", () => {
    expect(() => readBibtex("@article{a, title = {A}}\n\n@article{b,\n  title = {B\n")).toThrow(
      "O arquivo BibTeX não pôde ser lido: a entrada da linha 3 está incompleta (chaves desbalanceadas?).",
    );
  });

  it("reads quoted values, parentheses, concatenation, month macros and names with von and Jr parts", () => {
    const [entry] = drafts(
      '@string(pub = "Editora")\n@book(k, title = "Um {"}t{\\\'\\i}tulo{"}", publisher = pub # " UFV", month = mar, year = 2020,\n author = {von Beethoven, Jr., Ludwig and Maria da Silva and {\\relax Ltda.}})',
    );
    expect(entry).toMatchObject({
      title: 'Um "título"',
      publisher: "Editora UFV",
      publication_date: "2020-03",
      authors: ["von Beethoven Jr., Ludwig", "Maria da Silva", "{Ltda.}"],
    });
  });

  it("decodes the LaTeX reference managers write", () => {
    const [entry] = drafts(
      String.raw`@misc{k, title = {{\'E}tica, a{\c c}{\~o}es, \c{C}, \"{u}, \^o, \`a, \v{s}, {\ss}, \o, 50{\%}, {\&}, $\backslash$, \textit{it}, \emph{em}, 10--20, ` +
        "``aspas'', " +
        String.raw`\url{https://a.org/x_y}}}`,
    );
    expect(entry?.title).toBe(
      "Ética, ações, Ç, ü, ô, à, š, ß, ø, 50%, &, \\, it, em, 10–20, “aspas”, https://a.org/x_y",
    );
  });
});
