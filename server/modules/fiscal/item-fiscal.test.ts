import { describe, expect, it } from "vitest";
import { fiscalSettingsInputSchema, itemFiscalInputSchema } from "../../../common/schemas/fiscal.ts";
import { resolveItemFiscal } from "./item-fiscal.ts";

const parse = (input: Record<string, unknown>) => itemFiscalInputSchema.safeParse(input);

describe("a product's fiscal data as typed", () => {
  it("takes an NCM with or without its dots, a unit in any case, a GTIN with its check digit or SEM GTIN", () => {
    const parsed = parse({ ncm: "0901.11.10", origin: "2", tax_situation: "102", unit: "kg", gtin: "789 1000 315507" });
    expect(parsed.success && parsed.data).toEqual({
      ncm: "09011110",
      origin: 2,
      tax_situation: "102",
      unit: "KG",
      gtin: "7891000315507",
    });
    const none = parse({ gtin: "sem gtin" });
    expect(none.success && none.data.gtin).toBe("SEM GTIN");
  });

  it("leaves an empty field to the shop's default", () => {
    const parsed = parse({ ncm: "", origin: "", tax_situation: "", unit: "", gtin: "" });
    expect(parsed.success && parsed.data).toEqual({
      ncm: null,
      origin: null,
      tax_situation: null,
      unit: null,
      gtin: null,
    });
    expect(parse({}).success).toBe(true);
  });

  it("says in Portuguese what is wrong with each field", () => {
    const parsed = parse({ ncm: "0901111", origin: 9, tax_situation: "101", unit: "unidade", gtin: "7891000315508" });
    expect(parsed.success).toBe(false);
    const messages = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      ncm: "O NCM tem 8 dígitos (por exemplo 0901.11.10)",
      origin: "A origem da mercadoria vai de 0 a 8",
      tax_situation: "Use um CSOSN (102, 103, 300, 400, 500) ou um CST (40, 41, 50, 60)",
      unit: "A unidade comercial tem de 1 a 6 letras ou números (UN, KG, CX...)",
      gtin: 'Informe um GTIN/EAN de 8, 12, 13 ou 14 dígitos com o dígito verificador certo, ou "SEM GTIN"',
    });
  });

  it("refuses control characters and text too long for the field", () => {
    expect(parse({ ncm: "0901\u000011" }).success).toBe(false);
    expect(parse({ gtin: "7".repeat(5000) }).success).toBe(false);
  });
});

describe("an item's fiscal data on the note", () => {
  const empty = { ncm: null, origin: null, tax_situation: null, unit: null, gtin: null };

  it("is the variant's where it has one, else the product's, else the shop's; origin 0, SEM GTIN and UN by default", () => {
    expect(
      resolveItemFiscal([
        { ...empty, gtin: "7891000315507" },
        { ...empty, ncm: "09011110", unit: "KG" },
        { ...empty, ncm: "21011110", tax_situation: "102" },
      ]),
    ).toEqual({ ncm: "09011110", origin: 0, taxSituation: "102", unit: "KG", gtin: "7891000315507" });
    expect(resolveItemFiscal([empty])).toEqual({ ncm: "", origin: 0, taxSituation: "", unit: "UN", gtin: "SEM GTIN" });
  });
});

describe("the shop's fiscal settings", () => {
  const settings = {
    enabled: true,
    environment: "homologacao",
    homologation_token: "",
    production_token: "",
    cnpj: "11.222.333/0001-81",
    state_registration: "isento",
    uf: "PE",
    regime: "simples",
    series: "1",
    operation_nature: "Venda de mercadoria",
    issue_mode: "on_payment",
    defaults: { ncm: "09011110", tax_situation: "102" },
  };

  it("keeps the CNPJ's digits and 'ISENTO' as the law writes it", () => {
    const parsed = fiscalSettingsInputSchema.safeParse(settings);
    expect(parsed.success && [parsed.data.cnpj, parsed.data.state_registration, parsed.data.series]).toEqual([
      "11222333000181",
      "ISENTO",
      1,
    ]);
  });

  it("refuses a CNPJ that fails its digits, a missing registration or state, and a CSOSN under the regime normal", () => {
    const parsed = fiscalSettingsInputSchema.safeParse({
      ...settings,
      cnpj: "11222333000182",
      state_registration: "",
      uf: "",
      regime: "normal",
      series: "0",
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["cnpj", "series"]));
  });

  it("asks for the CNPJ, registration and state once the notes are switched on, not before", () => {
    const off = fiscalSettingsInputSchema.safeParse({
      ...settings,
      enabled: false,
      cnpj: "",
      state_registration: "",
      uf: "",
    });
    expect(off.success).toBe(true);
    const on = fiscalSettingsInputSchema.safeParse({
      ...settings,
      cnpj: "",
      state_registration: "",
      uf: "",
      regime: "normal",
    });
    const paths = on.success ? [] : on.error.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(["cnpj", "state_registration", "uf", "defaults.tax_situation"]);
  });
});
