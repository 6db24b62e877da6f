import { describe, expect, it } from "vitest";
import { isMunicipalityOf, municipalitiesOf, municipalityCode } from "./municipalities.ts";
import { states } from "./states.ts";

/**
 * The source's counts (the IBGE's list as @brazilian-utils/brazilian-utils 2.4.0 ships it). They add up
 * to 5,571, not the 5,570 often quoted: Boa Esperança do Norte (MT, IBGE 5101837), installed in 2025, is
 * the 5,571st, beside the Distrito Federal (Brasília) and Pernambuco's state district of Fernando de
 * Noronha, which the IBGE lists with the municipalities.
 */
const COUNTS: Record<string, number> = {
  MG: 853,
  SP: 645,
  RS: 497,
  BA: 417,
  PR: 399,
  SC: 295,
  GO: 246,
  PI: 224,
  PB: 223,
  MA: 217,
  PE: 185,
  CE: 184,
  RN: 167,
  PA: 144,
  MT: 142,
  TO: 139,
  AL: 102,
  RJ: 92,
  MS: 79,
  ES: 78,
  SE: 75,
  AM: 62,
  RO: 52,
  AC: 22,
  AP: 16,
  RR: 15,
  DF: 1,
};

describe("municipalitiesOf", () => {
  it("has a list for each of the 27 states, 5,571 names in all", () => {
    expect(Object.keys(COUNTS).sort()).toEqual(states.map((state) => state.code).sort());
    for (const state of states) expect(municipalitiesOf(state.code), state.code).toHaveLength(COUNTS[state.code] ?? 0);
    expect(states.reduce((sum, state) => sum + municipalitiesOf(state.code).length, 0)).toBe(5571);
  });

  it("gives the Distrito Federal Brasília alone", () => {
    expect(municipalitiesOf("DF")).toEqual(["Brasília"]);
  });

  it("holds the capitals, the newest municipalities and Fernando de Noronha", () => {
    expect(municipalitiesOf("SP")).toContain("São Paulo");
    expect(municipalitiesOf("TO")).toContain("Palmas");
    expect(municipalitiesOf("MT")).toContain("Boa Esperança do Norte");
    expect(municipalitiesOf("SC")).toContain("Pescaria Brava");
    expect(municipalitiesOf("PA")).toContain("Mojuí dos Campos");
    expect(municipalitiesOf("PE")).toContain("Fernando de Noronha");
  });

  it("sorts each list in Brazilian Portuguese, each name once", () => {
    const collator = new Intl.Collator("pt-BR");
    for (const state of states) {
      const names = municipalitiesOf(state.code);
      expect(names, state.code).toEqual([...names].sort(collator.compare));
      expect(new Set(names).size, state.code).toBe(names.length);
    }
    expect(municipalitiesOf("AL")[0]).toBe("Água Branca");
  });

  it("is empty for anything but a state's code", () => {
    for (const value of ["", "sp", "XX", "BR", " SP", "__proto__", "constructor", "toString"]) {
      expect(municipalitiesOf(value), value).toEqual([]);
    }
  });

  it("cannot be changed by a caller", () => {
    const names = municipalitiesOf("AC");
    expect(Object.isFrozen(names)).toBe(true);
    expect(() => (names as string[]).push("Outra")).toThrow(TypeError);
  });

  it("finds a name as written and without accents, case or apostrophe style", () => {
    expect(isMunicipalityOf("SP", "São Paulo")).toBe(true);
    expect(isMunicipalityOf("SP", "sao paulo")).toBe(true);
    expect(isMunicipalityOf("SP", " SÃO  PAULO ")).toBe(true);
    expect(isMunicipalityOf("GO", "Sao Joao d’Alianca")).toBe(true);
    expect(isMunicipalityOf("MG", "Olhos d'Agua")).toBe(true);
    expect(isMunicipalityOf("DF", "Brasilia")).toBe(true);
    expect(isMunicipalityOf("PE", "Fernando de Noronha")).toBe(true);
  });

  it("looks in the given state only", () => {
    expect(isMunicipalityOf("RJ", "São Paulo")).toBe(false);
    expect(isMunicipalityOf("DF", "Taguatinga")).toBe(false);
    expect(isMunicipalityOf("TO", "Taguatinga")).toBe(true);
    expect(isMunicipalityOf("MS", "Campo Grande")).toBe(true);
    expect(isMunicipalityOf("RN", "Campo Grande")).toBe(true);
  });

  it("refuses unknown names, unknown states and hostile text", () => {
    expect(isMunicipalityOf("SP", "")).toBe(false);
    expect(isMunicipalityOf("SP", "São Paulo do Norte")).toBe(false);
    expect(isMunicipalityOf("SP", "São\u0000Paulo")).toBe(false);
    expect(isMunicipalityOf("SP", "サンパウロ")).toBe(false);
    expect(isMunicipalityOf("sp", "São Paulo")).toBe(false);
    expect(isMunicipalityOf("XX", "São Paulo")).toBe(false);
    expect(isMunicipalityOf("__proto__", "constructor")).toBe(false);
  });
});

describe("municipalityCode", () => {
  it("gives the IBGE's code of a municipality however it is written, in its own state only", () => {
    expect(municipalityCode("PE", "Recife")).toBe("2611606");
    expect(municipalityCode("SP", "sao paulo")).toBe("3550308");
    expect(municipalityCode("GO", "Sao Joao d’Alianca")).toBe("5220009");
    expect(municipalityCode("RJ", "Recife")).toBeNull();
    expect(municipalityCode("XX", "Recife")).toBeNull();
  });
});
