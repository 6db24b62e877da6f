import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { type MediaType, mediaTypes } from "../../../../common/media.ts";
import { mediaSchema } from "../../../../common/schemas/media.ts";
import { mappedInput, sampleItem } from "./fixtures/items.ts";
import { readRis, writeRis } from "./ris.ts";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const drafts = (text: string) => readRis(text).map((entry) => entry.draft);

describe("reading RIS", () => {
  it("reads an export with a BOM, CRLF lines, repeated tags and continued abstracts", () => {
    const [article, chapter, thesis, page, untitled] = drafts(fixture("export.ris").replace(/^\uFEFF/, ""));
    expect(article).toMatchObject({
      type: "journal_article",
      title: "Agroecologia e segurança alimentar",
      authors: ["Souza, Maria Aparecida", "da Silva, João Carlos"],
      publication_date: "2019-05-12",
      source: "Revista Brasileira de Agroecologia",
      volume: "14",
      number: "2",
      pages: "10-25",
      doi: "https://doi.org/10.33240/rba.v14i2.22912",
      isbn_issn: "1980-9735",
      tags: ["agroecologia", "cooperativismo"],
      languages: ["por"],
      description: "<p>Primeira linha do resumo.</p><p>Segunda linha do resumo.</p>",
      notes: "Nota do leitor",
    });
    expect(mediaSchema.parse(article)).toMatchObject({ doi: "10.33240/rba.v14i2.22912", languages: ["Português"] });
    expect(chapter).toMatchObject({
      type: "book_chapter",
      authors: ["Lima, Ana Paula"],
      organizers: ["Pereira, Carlos", "Ramos, Helena"],
      source: "Economia solidária no Brasil",
      publisher: "Editora UFV",
      city: "Viçosa",
      publication_date: "2020",
      pages: "45-67",
    });
    expect(thesis).toMatchObject({
      type: "thesis",
      title: "Manejo agroecológico do solo",
      institution: "Universidade Federal de Viçosa",
      additional_info: "Tese (Doutorado em Agroecologia)",
    });
    expect(page).toMatchObject({
      type: "web_page",
      authors: ["{Cooperativa Central do Cerrado}"],
      publication_date: "2021-03",
    });
    expect(untitled).toMatchObject({ type: "report", title: "" });
  });

  it("maps every RIS type", () => {
    const cases: Array<[string, MediaType]> = [
      ["JOUR", "journal_article"],
      ["BOOK", "book"],
      ["CHAP", "book_chapter"],
      ["THES", "thesis"],
      ["RPRT", "report"],
      ["ELEC", "web_page"],
      ["WEB", "web_page"],
      ["CONF", "event_presentation"],
      ["CPAPER", "event_presentation"],
      ["STAT", "law_norm"],
      ["LEGAL", "law_norm"],
      ["BILL", "law_norm"],
      ["VIDEO", "video"],
      ["ADVS", "video"],
      ["SOUND", "audio"],
      ["DATA", "database"],
      ["MAP", "map"],
      ["PAT", "patent"],
      ["COMP", "software"],
      ["NEWS", "news"],
      ["PAMP", "folder_poster"],
      ["CTLG", "folder_poster"],
      ["ART", "image"],
      ["FIGURE", "image"],
      ["UNPB", "working_paper"],
      ["MANSCPT", "working_paper"],
      ["GEN", "other"],
      ["XYZ", "other"],
    ];
    const text = cases.map(([type]) => `TY  - ${type}\nTI  - T\nER  - \n`).join("\n");
    expect(drafts(text).map((draft) => draft.type)).toEqual(cases.map(([, type]) => type));
  });

  it("refuses lines outside a record and a record without ER, naming the line", () => {
    expect(() => readRis("TY  - JOUR\nTI  - A\nER  - \nAU  - Solto, Autor\n")).toThrow(
      'O arquivo RIS não pôde ser lido: a linha 4 está fora de uma referência (esperado "TY  - ").',
    );
    expect(() => readRis("TY  - JOUR\nTI  - A\nER  - \n\nTY  - BOOK\nTI  - B\n")).toThrow(
      'O arquivo RIS não pôde ser lido: a referência da linha 5 não termina em "ER  - ".',
    );
    expect(() => readRis("Cabeçalho de exportação\n\n")).toThrow("Nenhuma referência encontrada no arquivo RIS.");
  });
});

describe("writing RIS", () => {
  it("writes tagged CRLF lines ending in ER", () => {
    const text = writeRis([sampleItem("journal_article")]);
    expect(text.startsWith("TY  - JOUR\r\nTI  - Ação & reação")).toBe(true);
    expect(text).toContain(
      "\r\nAU  - Souza, Maria Aparecida\r\nAU  - {Empresa Brasileira de Pesquisa Agropecuária}\r\n",
    );
    expect(text).toContain("\r\nPY  - 2019\r\nDA  - 2019/05/12/\r\n");
    expect(text).toContain("\r\nSP  - 10\r\nEP  - 25\r\n");
    expect(text.endsWith("ER  - \r\n")).toBe(true);
  });

  it.each(mediaTypes)("round-trips every field RIS carries of a %s", (type) => {
    const item = sampleItem(type);
    const [entry] = readRis(writeRis([item]));
    // RIS has one publisher tag: it holds the university of a thesis and the institution of a report.
    const byInstitution = type === "thesis" || type === "report";
    expect(mediaSchema.parse(entry?.draft)).toEqual({
      ...mappedInput(item),
      publisher: byInstitution ? "" : item.publisher,
      institution: byInstitution ? item.institution : "",
    });
  });
});
