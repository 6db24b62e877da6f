import { describe, expect, it } from "vitest";
import { foldForComparison, identityKey, parsePersonName } from "./person-name.ts";

describe("parsePersonName", () => {
  it("reads 'Surname, Given' and 'Given Surname' alike", () => {
    expect(parsePersonName("Silva, João Carlos")).toEqual({ family: "Silva", given: "João Carlos", corporate: false });
    expect(parsePersonName("João Carlos  Silva")).toEqual({ family: "Silva", given: "João Carlos", corporate: false });
  });

  it("keeps Brazilian suffixes with the surname and particles with the given names", () => {
    expect(parsePersonName("José Ribamar Sarney Filho")).toEqual({
      family: "Sarney Filho",
      given: "José Ribamar",
      corporate: false,
    });
    expect(parsePersonName("Maria da Silva").given).toBe("Maria da");
  });

  it("treats a name in braces as an organisation", () => {
    expect(parsePersonName("{Empresa Brasileira de Pesquisa Agropecuária}")).toEqual({
      family: "Empresa Brasileira de Pesquisa Agropecuária",
      given: "",
      corporate: true,
    });
  });
});

describe("identityKey", () => {
  it("ignores case, accents, punctuation and the way the first author is written", () => {
    const a = identityKey({ title: "Agroecologia: práticas", year: 2019, authors: ["Souza, Ana"], organizers: [] });
    const b = identityKey({ title: "AGROECOLOGIA praticas", year: 2019, authors: ["Ana Souza"], organizers: [] });
    expect(a).toBe(b);
    expect(
      identityKey({ title: "Agroecologia: práticas", year: 2020, authors: ["Souza, Ana"], organizers: [] }),
    ).not.toBe(a);
    expect(foldForComparison("  Ação—Cooperativa! ")).toBe("acao cooperativa");
  });
});
