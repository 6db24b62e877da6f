import { describe, expect, it } from "vitest";
import { formatBRL, MAX_PRICE_CENTS, MONEY_FORMAT_MESSAGE, moneyField, parseBRL } from "./money.ts";

describe("formatBRL", () => {
  it("writes R$, a plain space, dots between thousands and two decimals after a comma", () => {
    expect(formatBRL(123456)).toBe("R$ 1.234,56");
    expect(formatBRL(100)).toBe("R$ 1,00");
    expect(formatBRL(123456789)).toBe("R$ 1.234.567,89");
    expect(formatBRL(100000)).toBe("R$ 1.000,00");
    expect(formatBRL(99999)).toBe("R$ 999,99");
  });

  it("pads amounts under one real", () => {
    expect(formatBRL(0)).toBe("R$ 0,00");
    expect(formatBRL(5)).toBe("R$ 0,05");
    expect(formatBRL(50)).toBe("R$ 0,50");
  });

  it("puts the minus before R$", () => {
    expect(formatBRL(-500)).toBe("-R$ 5,00");
    expect(formatBRL(-123456)).toBe("-R$ 1.234,56");
    expect(formatBRL(-0)).toBe("R$ 0,00");
  });

  it("writes the largest safe amount exactly", () => {
    expect(formatBRL(Number.MAX_SAFE_INTEGER)).toBe("R$ 90.071.992.547.409,91");
    expect(formatBRL(-Number.MAX_SAFE_INTEGER)).toBe("-R$ 90.071.992.547.409,91");
  });

  it("refuses fractional cents and unsafe numbers", () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => formatBRL(value)).toThrow(RangeError);
    }
  });
});

describe("parseBRL", () => {
  it("reads reais with and without thousands dots and R$", () => {
    expect(parseBRL("1.234,56")).toBe(123456);
    expect(parseBRL("R$ 1.234,56")).toBe(123456);
    expect(parseBRL("R$1.234,56")).toBe(123456);
    expect(parseBRL("r$ 10")).toBe(1000);
    expect(parseBRL("1234,56")).toBe(123456);
    expect(parseBRL("1.234.567,89")).toBe(123456789);
  });

  it("reads whole reais and one decimal digit as tenths", () => {
    expect(parseBRL("1234")).toBe(123400);
    expect(parseBRL("1234,5")).toBe(123450);
    expect(parseBRL(" 12,3 ")).toBe(1230);
    expect(parseBRL("0,05")).toBe(5);
    expect(parseBRL("0")).toBe(0);
    expect(parseBRL("007,10")).toBe(710);
  });

  it("takes a dot followed by three digits as a thousands separator", () => {
    expect(parseBRL("1.234")).toBe(123400);
    expect(parseBRL("12.345")).toBe(1234500);
  });

  it("reads what formatBRL writes, including Intl's non-breaking space", () => {
    for (const cents of [0, 5, 99, 100, 123456, 100000000, -500, Number.MAX_SAFE_INTEGER]) {
      expect(parseBRL(formatBRL(cents))).toBe(cents);
    }
    expect(parseBRL("R$\u00a01.234,56")).toBe(123456);
  });

  it("reads negatives written with a leading minus, and minus zero as zero", () => {
    expect(parseBRL("-5,00")).toBe(-500);
    expect(parseBRL("-R$ 5,00")).toBe(-500);
    expect(Object.is(parseBRL("-0,00"), 0)).toBe(true);
  });

  it("does not go through floating point", () => {
    // In floating point 0.29 * 100 is 28.999999999999996 and 0.57 * 100 is 56.99999999999999.
    expect(parseBRL("0,29")).toBe(29);
    expect(parseBRL("0,57")).toBe(57);
    expect(parseBRL("90.071.992.547.409,91")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses amounts beyond the safe integer range of cents", () => {
    expect(parseBRL("90.071.992.547.409,92")).toBeNull();
    expect(parseBRL("99999999999999999999")).toBeNull();
  });

  it("refuses dots that are not thousands separators, and the English order", () => {
    for (const text of ["1,234.56", "1.23", "1.2345", "1234.567", "12.34,56", "1.234.56", ".123", "1.", "1..234"]) {
      expect(parseBRL(text), text).toBeNull();
    }
  });

  it("refuses more than two decimals, letters, stray signs and empty text", () => {
    for (const text of [
      "",
      "   ",
      "R$",
      "1,234",
      "1,",
      ",50",
      "12a",
      "doze",
      "1e3",
      "+5",
      "--5",
      "R$ -5",
      "- 5",
      "5-",
      "1 234,56",
      "Infinity",
      "NaN",
      "0x10",
      "１２",
    ]) {
      expect(parseBRL(text), text).toBeNull();
    }
  });
});

describe("moneyField", () => {
  const field = moneyField();

  it("reads the typed amount as cents", () => {
    expect(field.parse("1.234,56")).toBe(123456);
    expect(field.parse(" R$ 0,5 ")).toBe(50);
    expect(field.parse("0")).toBe(0);
  });

  it("explains the expected format in Portuguese", () => {
    const result = field.safeParse("1,234.56");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MONEY_FORMAT_MESSAGE]);
    expect(MONEY_FORMAT_MESSAGE).toBe("Informe um valor em reais, como 1.234,56");
  });

  it("takes a JSON number as cents, and refuses fractions of a cent and amounts above the maximum", () => {
    expect(field.parse(1290)).toBe(1290);
    expect(field.safeParse(12.5).error?.issues.map((issue) => issue.message)).toEqual([MONEY_FORMAT_MESSAGE]);
    expect(field.safeParse(10 ** 12).error?.issues.map((issue) => issue.message)).toEqual([
      "O valor máximo é R$ 10.000.000,00",
    ]);
    expect(field.safeParse("10.000.000,01").success).toBe(false);
    expect(field.parse("10.000.000,00")).toBe(MAX_PRICE_CENTS);
    expect(field.safeParse(true).success).toBe(false);
  });

  it("asks for a value when empty and refuses negatives", () => {
    expect(field.safeParse("  ").error?.issues.map((issue) => issue.message)).toEqual(["Campo obrigatório"]);
    expect(field.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual(["Campo obrigatório"]);
    expect(field.safeParse("-5,00").error?.issues.map((issue) => issue.message)).toEqual([
      "O valor não pode ser negativo",
    ]);
  });
});
