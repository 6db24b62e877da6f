import { describe, expect, it } from "vitest";
import { INVALID_CHARACTERS } from "../zod.ts";
import { CEP_FORMAT_MESSAGE, cepField, cepStateMismatch, formatCep, normalizeCep, ufOfCep } from "./cep.ts";
import { states } from "./states.ts";

/** A CEP in each capital: a street, a square or the main post office. */
const capitals = {
  AC: ["Rio Branco", "69900-062"],
  AL: ["Maceió", "57020-000"],
  AP: ["Macapá", "68900-073"],
  AM: ["Manaus", "69005-040"],
  BA: ["Salvador", "40020-000"],
  CE: ["Fortaleza", "60060-000"],
  DF: ["Brasília", "70040-010"],
  ES: ["Vitória", "29010-000"],
  GO: ["Goiânia", "74003-010"],
  MA: ["São Luís", "65010-000"],
  MT: ["Cuiabá", "78005-000"],
  MS: ["Campo Grande", "79002-000"],
  MG: ["Belo Horizonte", "30130-010"],
  PA: ["Belém", "66010-000"],
  PB: ["João Pessoa", "58010-000"],
  PR: ["Curitiba", "80010-000"],
  PE: ["Recife", "50010-000"],
  PI: ["Teresina", "64000-020"],
  RJ: ["Rio de Janeiro", "20010-000"],
  RN: ["Natal", "59010-000"],
  RS: ["Porto Alegre", "90010-000"],
  RO: ["Porto Velho", "76801-000"],
  RR: ["Boa Vista", "69301-000"],
  SC: ["Florianópolis", "88010-000"],
  SP: ["São Paulo", "01310-100"],
  SE: ["Aracaju", "49010-000"],
  TO: ["Palmas", "77001-000"],
} as const;

describe("ufOfCep", () => {
  it("finds the state of each capital's CEP", () => {
    expect(Object.keys(capitals).sort()).toEqual(states.map((state) => state.code).sort());
    for (const [uf, [city, cep]] of Object.entries(capitals)) {
      expect(ufOfCep(cep), city).toBe(uf);
      expect(ufOfCep(cep.replace("-", "")), city).toBe(uf);
    }
  });

  it("finds the state of places outside the capitals", () => {
    expect(ufOfCep("11010-000")).toBe("SP"); // Santos
    expect(ufOfCep("53990-000")).toBe("PE"); // Fernando de Noronha
    expect(ufOfCep("69150-000")).toBe("AM"); // Parintins
    expect(ufOfCep("69980-000")).toBe("AC"); // Cruzeiro do Sul
    expect(ufOfCep("72870-000")).toBe("GO"); // Valparaíso de Goiás
    expect(ufOfCep("73300-000")).toBe("DF"); // Planaltina, DF
    expect(ufOfCep("73750-000")).toBe("GO"); // Planaltina, GO
  });

  it("follows the split ranges of Amazonas, the Distrito Federal and Goiás to their edges", () => {
    const edges: [string, string | null][] = [
      ["00999-999", null],
      ["01000-000", "SP"],
      ["19999-999", "SP"],
      ["20000-000", "RJ"],
      ["28999-999", "RJ"],
      ["29000-000", "ES"],
      ["48999-999", "BA"],
      ["49000-000", "SE"],
      ["56999-999", "PE"],
      ["57000-000", "AL"],
      ["63999-999", "CE"],
      ["64000-000", "PI"],
      ["68899-999", "PA"],
      ["68900-000", "AP"],
      ["68999-999", "AP"],
      ["69000-000", "AM"],
      ["69299-999", "AM"],
      ["69300-000", "RR"],
      ["69399-999", "RR"],
      ["69400-000", "AM"],
      ["69899-999", "AM"],
      ["69900-000", "AC"],
      ["69999-999", "AC"],
      ["70000-000", "DF"],
      ["72799-999", "DF"],
      ["72800-000", "GO"],
      ["72999-999", "GO"],
      ["73000-000", "DF"],
      ["73699-999", "DF"],
      ["73700-000", "GO"],
      ["76799-999", "GO"],
      ["76800-000", "RO"],
      ["76999-999", "RO"],
      ["77000-000", "TO"],
      ["77999-999", "TO"],
      ["78000-000", "MT"],
      ["78899-999", "MT"],
      ["78900-000", null],
      ["78999-999", null],
      ["79000-000", "MS"],
      ["79999-999", "MS"],
      ["80000-000", "PR"],
      ["87999-999", "PR"],
      ["88000-000", "SC"],
      ["89999-999", "SC"],
      ["90000-000", "RS"],
      ["99999-999", "RS"],
    ];
    for (const [cep, uf] of edges) expect(ufOfCep(cep), cep).toBe(uf);
  });

  it("gives null for text that is not a CEP", () => {
    for (const text of ["", "0131010", "abcde-fgh", "01310-1000"]) expect(ufOfCep(text), text).toBeNull();
  });
});

describe("cepStateMismatch", () => {
  it("says which state a CEP belongs to when the address names another", () => {
    expect(cepStateMismatch("50010000", "SP")).toBe("O CEP 50010-000 é de PE, não de SP");
    expect(cepStateMismatch("01310-100", "PE")).toBe("O CEP 01310-100 é de SP, não de PE");
    // The split ranges: Brasília's Planaltina and Goiás's are neighbours.
    expect(cepStateMismatch("73300-000", "GO")).toBe("O CEP 73300-000 é de DF, não de GO");
  });

  it("accepts every capital's CEP in its own state, and leaves unreadable input to its own field", () => {
    for (const [uf, [, cep]] of Object.entries(capitals)) expect(cepStateMismatch(cep, uf), cep).toBeNull();
    expect(cepStateMismatch("00000-000", "SP")).toBeNull();
    expect(cepStateMismatch("abc", "SP")).toBeNull();
    expect(cepStateMismatch("50010000", "")).toBeNull();
  });
});

describe("normalizeCep", () => {
  it("reads 8 digits with or without the hyphen, around spaces", () => {
    expect(normalizeCep("01310-100")).toBe("01310100");
    expect(normalizeCep("01310100")).toBe("01310100");
    expect(normalizeCep(" 01310-100 ")).toBe("01310100");
    expect(normalizeCep("\t99999999\n")).toBe("99999999");
  });

  it("refuses other lengths, misplaced or doubled separators and inner spaces", () => {
    for (const text of [
      "",
      "   ",
      "0131010",
      "013101000",
      "1310-100",
      "01310-10",
      "0131-0100",
      "013101-00",
      "01310--100",
      "-01310100",
      "01310100-",
      "01310 100",
      "01.310-100",
      "01310_100",
      "+01310100",
      "1e7",
    ]) {
      expect(normalizeCep(text), text).toBeNull();
    }
  });

  it("refuses CEPs of no state, starting with 00000-000", () => {
    for (const text of ["00000-000", "00000000", "00100-000", "00999-999", "78900-000", "78950-123"]) {
      expect(normalizeCep(text), text).toBeNull();
    }
  });

  it("refuses letters, control characters and digits of other scripts", () => {
    for (const text of [
      "O131O-1OO",
      "01310-10a",
      "CEP 01310-100",
      "01310\u0000100",
      "01310-100\u0000",
      "\u000001310100",
      "０１３１０-１００",
      "٠١٣١٠١٠٠",
      "०१३१०१००",
      "01310\u2010100",
      "01310\u2013100",
      "邮编01310100",
    ]) {
      expect(normalizeCep(text), JSON.stringify(text)).toBeNull();
    }
  });
});

describe("formatCep", () => {
  it("puts the hyphen after the fifth digit", () => {
    expect(formatCep("01310100")).toBe("01310-100");
    expect(formatCep("99999999")).toBe("99999-999");
  });

  it("reads back through normalizeCep", () => {
    for (const [, cep] of Object.values(capitals)) {
      const digits = normalizeCep(cep);
      expect(digits).not.toBeNull();
      expect(formatCep(digits ?? "")).toBe(cep);
    }
  });

  it("throws for anything but 8 digits: CEPs are kept normalized", () => {
    for (const value of ["", "01310-100", "0131010", "013101000", "0131010a", "０１３１０１００"]) {
      expect(() => formatCep(value), value).toThrow(RangeError);
    }
  });
});

describe("cepField", () => {
  const field = cepField();
  const messages = (value: unknown) => field.safeParse(value).error?.issues.map((issue) => issue.message);

  it("yields the 8 digits", () => {
    expect(field.parse("01310-100")).toBe("01310100");
    expect(field.parse(" 20010000 ")).toBe("20010000");
  });

  it("explains the expected format in Portuguese", () => {
    expect(CEP_FORMAT_MESSAGE).toBe("Informe um CEP válido, como 01310-100");
    for (const value of ["0131010", "00000-000", "01310 100", "abc", "٠١٣١٠١٠٠"]) {
      expect(messages(value), value).toEqual([CEP_FORMAT_MESSAGE]);
    }
  });

  it("asks for a value when empty or missing", () => {
    expect(messages("")).toEqual(["Campo obrigatório"]);
    expect(messages("   ")).toEqual(["Campo obrigatório"]);
    expect(messages(undefined)).toEqual(["Campo obrigatório"]);
    expect(messages(null)).toEqual(["Campo obrigatório"]);
  });

  it("refuses control characters as such, and values that are not text", () => {
    expect(messages("01310\u0000100")).toEqual([INVALID_CHARACTERS]);
    expect(field.safeParse(1310100).success).toBe(false);
    expect(field.safeParse(["01310100"]).success).toBe(false);
  });
});
