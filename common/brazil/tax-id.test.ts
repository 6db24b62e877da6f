import { describe, expect, it } from "vitest";
import { optionalTaxIdField, taxIdField } from "../schemas/tax-id.ts";
import { formatTaxId, normalizeTaxId, TAX_ID_MESSAGE } from "./tax-id.ts";

describe("CPF and CNPJ", () => {
  it("accepts valid numbers however they are punctuated", () => {
    expect(normalizeTaxId("529.982.247-25")).toBe("52998224725");
    expect(normalizeTaxId("52998224725")).toBe("52998224725");
    expect(normalizeTaxId("11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizeTaxId(" 11222333000181 ")).toBe("11222333000181");
  });

  it("accepts the alphanumeric CNPJ of July 2026, letters in either case", () => {
    expect(normalizeTaxId("12.ABC.345/01DE-35")).toBe("12ABC34501DE35");
    expect(normalizeTaxId("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });

  it("refuses wrong check digits, repeated digits, wrong lengths and letters in a CPF", () => {
    for (const text of [
      "529.982.247-24",
      "111.111.111-11",
      "000.000.000-00",
      "11.222.333/0001-82",
      "00.000.000/0000-00",
      "12.ABC.345/01DE-36",
      "5299822472",
      "529982247250",
      "52998224A25",
      "",
    ]) {
      expect(normalizeTaxId(text), text).toBeNull();
    }
  });

  it("writes them back with their usual punctuation", () => {
    expect(formatTaxId("52998224725")).toBe("529.982.247-25");
    expect(formatTaxId("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatTaxId("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });

  it("is optional in a form, with a Portuguese message when wrong", () => {
    const field = optionalTaxIdField();
    expect(field.parse("")).toBe("");
    expect(field.parse(undefined)).toBe("");
    expect(field.parse("529.982.247-25")).toBe("52998224725");
    expect(field.safeParse("123").error?.issues.map((issue) => issue.message)).toEqual([TAX_ID_MESSAGE]);
    expect(field.safeParse("529\u0000982").success).toBe(false);
  });

  it("is required for a customer: empty is refused, the alphanumeric CNPJ accepted", () => {
    const field = taxIdField();
    expect(field.safeParse("").error?.issues.map((issue) => issue.message)).toEqual(["Campo obrigatório"]);
    expect(field.safeParse(undefined).success).toBe(false);
    expect(field.safeParse("529.982.247-24").error?.issues.map((issue) => issue.message)).toEqual([TAX_ID_MESSAGE]);
    expect(field.parse("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(field.parse("11.222.333/0001-81")).toBe("11222333000181");
  });
});
