import { describe, expect, it } from "vitest";
import type { MediaView } from "../views/medias.ts";
import { abntReference, citationText } from "./abnt.ts";

function item(fields: Partial<MediaView>): MediaView {
  const publication = fields.publication_date ?? null;
  return {
    id: 1,
    title: "",
    type: "other",
    authors: [],
    organizers: [],
    description: "",
    publication_date: publication,
    date_precision:
      publication === null ? null : ((["year", "month", "day"] as const)[publication.split("-").length - 1] ?? null),
    year: publication ? Number(publication.slice(0, 4)) : null,
    publisher: "",
    city: "",
    institution: "",
    source: "",
    volume: "",
    number: "",
    pages: "",
    doi: "",
    isbn_issn: "",
    url: "",
    languages: [],
    categories: [],
    tags: [],
    cover: null,
    documents: [],
    embed_url: "",
    patent_legal_status: "",
    notes: "",
    additional_info: "",
    status: "published",
    members_only: false,
    withheld: false,
    created_at: "2023-12-01T12:00:00.000Z",
    updated_at: "2024-01-02T12:00:00.000Z",
    url_path: "/biblioteca/1",
    ...fields,
  };
}

const text = (fields: Partial<MediaView>) => citationText(abntReference(item(fields)));
const highlighted = (fields: Partial<MediaView>) =>
  abntReference(item(fields))
    .filter((part) => part.strong)
    .map((part) => part.text);

describe("ABNT NBR 6023:2018 references", () => {
  it("book: authors, highlighted title up to the subtitle, place, publisher, year, ISBN", () => {
    const book = {
      type: "book" as const,
      authors: ["Souza, Maria Aparecida", "da Silva, João"],
      title: "Agroecologia na prática: um guia para cooperativas",
      city: "Viçosa",
      publisher: "Editora UFV",
      publication_date: "2019",
      isbn_issn: "978-85-7269-000-0",
    };
    expect(abntReference(item(book))).toEqual([
      { text: "SOUZA, Maria Aparecida; SILVA, João da. " },
      { text: "Agroecologia na prática", strong: true },
      { text: ": um guia para cooperativas. Viçosa: Editora UFV, 2019. ISBN 978-85-7269-000-0." },
    ]);
    expect(
      text({
        type: "book",
        organizers: ["Pereira, Carlos", "Ramos, Helena"],
        title: "Economia solidária no Brasil",
        publisher: "Editora UFV",
        publication_date: "2020",
      }),
    ).toBe("PEREIRA, Carlos; RAMOS, Helena (org.). Economia solidária no Brasil. [S. l.]: Editora UFV, 2020.");
    expect(
      text({
        type: "book",
        authors: ["{Empresa Brasileira de Pesquisa Agropecuária}"],
        title: "Manual de boas práticas",
        city: "Brasília",
      }),
    ).toBe("EMPRESA BRASILEIRA DE PESQUISA AGROPECUÁRIA. Manual de boas práticas. Brasília: [s. n.], [s. d.].");
  });

  it("book chapter: In: organisers (org.) and the book in bold, pages", () => {
    const chapter = {
      type: "book_chapter" as const,
      authors: ["Lima, Ana Paula"],
      organizers: ["Pereira, Carlos", "Ramos, Helena"],
      title: "Feiras agroecológicas e circuitos curtos",
      source: "Economia solidária no Brasil",
      city: "Viçosa",
      publisher: "Editora UFV",
      publication_date: "2020",
      pages: "45-67",
    };
    expect(text(chapter)).toBe(
      "LIMA, Ana Paula. Feiras agroecológicas e circuitos curtos. In: PEREIRA, Carlos; RAMOS, Helena (org.). Economia solidária no Brasil. Viçosa: Editora UFV, 2020. p. 45-67.",
    );
    expect(highlighted(chapter)).toEqual(["Economia solidária no Brasil"]);
  });

  it("journal article: journal in bold, v., n., p. and the month abbreviated", () => {
    const article = {
      type: "journal_article" as const,
      authors: ["Souza, Maria Aparecida", "da Silva, João Carlos", "Gonçalves Filho, José"],
      title: "Agroecologia e segurança alimentar",
      source: "Revista Brasileira de Agroecologia",
      city: "Porto Alegre",
      volume: "14",
      number: "2",
      pages: "10-25",
      publication_date: "2019-05",
      doi: "10.33240/rba.v14i2.22912",
    };
    expect(text(article)).toBe(
      "SOUZA, Maria Aparecida; SILVA, João Carlos da; GONÇALVES FILHO, José. Agroecologia e segurança alimentar. Revista Brasileira de Agroecologia, Porto Alegre, v. 14, n. 2, p. 10-25, maio 2019. DOI: 10.33240/rba.v14i2.22912.",
    );
    expect(highlighted(article)).toEqual(["Revista Brasileira de Agroecologia"]);
    expect(
      text({
        type: "journal_article",
        authors: ["Costa, Rita"],
        title: "Sementes",
        source: "Cadernos de Agroecologia",
        volume: "v. 3",
        publication_date: "2020-02-12",
      }),
    ).toBe("COSTA, Rita. Sementes. Cadernos de Agroecologia, v. 3, 12 fev. 2020.");
    expect(
      text({
        type: "journal_article",
        authors: ["Costa, Rita"],
        title: "Solos",
        source: "Agriculturas",
        publication_date: "2021-01",
      }),
    ).toBe("COSTA, Rita. Solos. Agriculturas, jan. 2021.");
  });

  it("thesis and dissertation: year, degree from the additional information, institution, city, year", () => {
    const thesis = {
      type: "thesis" as const,
      authors: ["Oliveira, Beatriz"],
      title: "Manejo agroecológico do solo em sistemas agroflorestais",
      publication_date: "2017",
      institution: "Universidade Federal de Viçosa",
      city: "Viçosa",
      additional_info: "Tese (Doutorado em Agroecologia)",
    };
    expect(text(thesis)).toBe(
      "OLIVEIRA, Beatriz. Manejo agroecológico do solo em sistemas agroflorestais. 2017. Tese (Doutorado em Agroecologia) – Universidade Federal de Viçosa, Viçosa, 2017.",
    );
    expect(highlighted(thesis)).toEqual(["Manejo agroecológico do solo em sistemas agroflorestais"]);
    expect(
      text({
        type: "thesis",
        authors: ["Araújo, Maria Lúcia"],
        title: "Cooperativismo e agricultura familiar",
        publication_date: "2016",
        institution: "Universidade de Brasília",
        city: "Brasília",
        additional_info: "Dissertação (Mestrado em Extensão Rural)",
      }),
    ).toBe(
      "ARAÚJO, Maria Lúcia. Cooperativismo e agricultura familiar. 2016. Dissertação (Mestrado em Extensão Rural) – Universidade de Brasília, Brasília, 2016.",
    );
  });

  it("report: the institution publishes it when there is no publisher", () => {
    expect(
      text({
        type: "report",
        authors: ["{Empresa Brasileira de Pesquisa Agropecuária}"],
        title: "Relatório de atividades 2019",
        city: "Brasília",
        institution: "Embrapa Cerrados",
        publication_date: "2020-03",
      }),
    ).toBe(
      "EMPRESA BRASILEIRA DE PESQUISA AGROPECUÁRIA. Relatório de atividades 2019. Brasília: Embrapa Cerrados, 2020.",
    );
  });

  it("web page: site, date, address and the access date (last saved, São Paulo time)", () => {
    const page = {
      type: "web_page" as const,
      authors: ["{Cooperativa Central do Cerrado}"],
      title: "Quem somos",
      source: "Central do Cerrado",
      city: "Brasília",
      publication_date: "2021-03",
      url: "https://www.centraldocerrado.org.br/quem-somos",
    };
    expect(text(page)).toBe(
      "COOPERATIVA CENTRAL DO CERRADO. Quem somos. Central do Cerrado, Brasília, mar. 2021. Disponível em: https://www.centraldocerrado.org.br/quem-somos. Acesso em: 2 jan. 2024.",
    );
    // 01:30 UTC on 2 January is still 1 January in São Paulo.
    expect(text({ ...page, updated_at: "2024-01-02T01:30:00.000Z" })).toContain("Acesso em: 1 jan. 2024.");
  });

  it("event presentation: In: EVENT, year, place. Anais [...]", () => {
    const talk = {
      type: "event_presentation" as const,
      authors: ["Müller, Hans", "Gonçalves, José"],
      title: "Sementes crioulas no Cerrado",
      source: "Anais do Congresso Brasileiro de Agroecologia",
      city: "Brasília",
      publisher: "ABA",
      publication_date: "2018",
      pages: "100-105",
    };
    expect(text(talk)).toBe(
      "MÜLLER, Hans; GONÇALVES, José. Sementes crioulas no Cerrado. In: CONGRESSO BRASILEIRO DE AGROECOLOGIA, 2018, Brasília. Anais [...]. Brasília: ABA, 2018. p. 100-105.",
    );
    expect(highlighted(talk)).toEqual(["Anais"]);
  });

  it("law or norm: jurisdiction in capitals, title in bold, gazette", () => {
    const law = {
      type: "law_norm" as const,
      authors: ["{Brasil}"],
      title: "Lei nº 12.651, de 25 de maio de 2012",
      source: "Diário Oficial da União",
      city: "Brasília, DF",
      pages: "1",
      publication_date: "2012-05-28",
      url: "https://www.planalto.gov.br/ccivil_03/_ato2011-2014/2012/lei/l12651.htm",
    };
    expect(text(law)).toBe(
      "BRASIL. Lei nº 12.651, de 25 de maio de 2012. Diário Oficial da União, Brasília, DF, p. 1, 28 maio 2012. Disponível em: https://www.planalto.gov.br/ccivil_03/_ato2011-2014/2012/lei/l12651.htm. Acesso em: 2 jan. 2024.",
    );
    expect(highlighted(law)).toEqual(["Lei nº 12.651, de 25 de maio de 2012"]);
  });

  it("video without author: entered by title with its first word in capitals, nothing in bold", () => {
    const video = {
      type: "video" as const,
      title: "Agroecologia na prática",
      source: "Articulação Nacional de Agroecologia",
      publication_date: "2020",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    };
    expect(text(video)).toBe(
      "AGROECOLOGIA na prática. [S. l.]: Articulação Nacional de Agroecologia, 2020. 1 vídeo. Disponível em: https://www.youtube.com/watch?v=dQw4w9WgXcQ. Acesso em: 2 jan. 2024.",
    );
    expect(highlighted(video)).toEqual([]);
  });

  it("audio: a leading article is capitalised with the first word", () => {
    expect(
      text({
        type: "audio",
        title: "A feira da cooperativa",
        publisher: "Rádio Comunitária",
        city: "Viçosa",
        publication_date: "2022-07",
        embed_url: "https://exemplo.org.br/feira.mp3",
      }),
    ).toBe(
      "A FEIRA da cooperativa. Viçosa: Rádio Comunitária, 2022. 1 arquivo sonoro. Disponível em: https://exemplo.org.br/feira.mp3. Acesso em: 2 jan. 2024.",
    );
  });

  it("falls back sensibly for the other types", () => {
    expect(
      text({
        type: "news",
        authors: ["Costa, Rita"],
        title: "Feira orgânica cresce",
        source: "Folha de S.Paulo",
        city: "São Paulo",
        pages: "A6",
        publication_date: "2019-05-12",
      }),
    ).toBe("COSTA, Rita. Feira orgânica cresce. Folha de S.Paulo, São Paulo, p. A6, 12 maio 2019.");
    expect(
      text({
        type: "patent",
        authors: ["Silva, Ana"],
        title: "Secador solar de grãos",
        institution: "Universidade Federal de Viçosa",
        number: "BR 10 2019 012345-6",
        patent_legal_status: "Concedida",
        publication_date: "2021-02-10",
      }),
    ).toBe(
      "SILVA, Ana. Secador solar de grãos. Depositante: Universidade Federal de Viçosa. BR 10 2019 012345-6. Concedida. 10 fev. 2021.",
    );
    expect(
      text({
        type: "map",
        authors: ["{IBGE}"],
        title: "Biomas do Brasil",
        city: "Rio de Janeiro",
        publication_date: "2019",
      }),
    ).toBe("IBGE. Biomas do Brasil. Rio de Janeiro: [s. n.], 2019. 1 mapa.");
    expect(text({ type: "other", title: "Caderno de campo" })).toBe("CADERNO de campo. [S. l.: s. n.], [s. d.].");
    expect(
      text({
        type: "teaching_material",
        authors: ["Lima, A. P."],
        title: "Cartilha da horta?",
        publisher: "Emater",
        publication_date: "2018",
      }),
    ).toBe("LIMA, A. P. Cartilha da horta? [S. l.]: Emater, 2018.");
  });
});
