import { describe, expect, it } from "vitest";
import {
  NO_FISCAL_TEXT,
  type OptionDraft,
  optionCombinations,
  resyncRows,
  syncVariants,
  type VariantDraft,
  type VariantRow,
  variantOptionValues,
} from "./product-variants.ts";

const row = (values: Record<string, string>, extra: Partial<VariantDraft> = {}): VariantDraft => ({
  values,
  sku: "",
  price_cents: "10,00",
  compare_at_cents: "",
  stock: "1",
  fiscal: NO_FISCAL_TEXT,
  ...extra,
});

const size: OptionDraft = { key: "a", name: "Tamanho", values: ["P", "M", "G"] };
const color: OptionDraft = { key: "b", name: "Cor", values: ["Azul", "Verde"] };

describe("optionCombinations", () => {
  it("is one empty combination without options", () => {
    expect(optionCombinations([])).toEqual([[]]);
  });

  it("varies the first option slowest", () => {
    expect(optionCombinations([size, color])).toEqual([
      ["P", "Azul"],
      ["P", "Verde"],
      ["M", "Azul"],
      ["M", "Verde"],
      ["G", "Azul"],
      ["G", "Verde"],
    ]);
  });
});

describe("syncVariants", () => {
  it("turns the single variant of a product without options into the first size, keeping its id", () => {
    const single = row({}, { id: 7, sku: "CAM", price_cents: "52,90", stock: "4" });
    const rows = syncVariants([size], [single]);
    expect(rows.map((variant) => variant.values.a)).toEqual(["P", "M", "G"]);
    expect(rows[0]).toEqual({ ...single, values: { a: "P" } });
    expect(rows[1]).toEqual({
      values: { a: "M" },
      sku: "",
      price_cents: "52,90",
      compare_at_cents: "",
      stock: "4",
      fiscal: NO_FISCAL_TEXT,
    });
    expect(rows[1]?.id).toBeUndefined();
  });

  it("keeps the rows whose combination still exists and drops the others", () => {
    const rows = [row({ a: "P" }, { id: 1, stock: "3" }), row({ a: "M" }, { id: 2 }), row({ a: "G" }, { id: 3 })];
    const next = syncVariants([{ ...size, values: ["G", "P", "GG"] }], rows);
    expect(next.map((variant) => [variant.values.a, variant.id])).toEqual([
      ["G", 3],
      ["P", 1],
      ["GG", undefined],
    ]);
    expect(next[1]?.stock).toBe("3");
    expect(next[2]?.stock).toBe("0");
  });

  it("matches values without case or accents", () => {
    const next = syncVariants([{ key: "a", name: "Tamanho", values: ["Médio"] }], [row({ a: "medio" }, { id: 9 })]);
    expect(next).toEqual([row({ a: "Médio" }, { id: 9 })]);
  });

  it("adding a second option keeps each row on its first combination and copies it, without id or SKU, to the others", () => {
    const rows = [row({ a: "P" }, { id: 1, sku: "P1", price_cents: "5,00" }), row({ a: "M" }, { id: 2, sku: "M1" })];
    const next = syncVariants([{ ...size, values: ["P", "M"] }, color], rows);
    expect(next.map((variant) => [variant.values.a, variant.values.b, variant.id, variant.sku])).toEqual([
      ["P", "Azul", 1, "P1"],
      ["P", "Verde", undefined, ""],
      ["M", "Azul", 2, "M1"],
      ["M", "Verde", undefined, ""],
    ]);
    expect(next[1]?.price_cents).toBe("5,00");
  });

  it("a new combination copies the fiscal data of the row it comes from, but not its GTIN, which names one variant", () => {
    const fiscal = { ...NO_FISCAL_TEXT, ncm: "61091000", gtin: "7891234567895" };
    const next = syncVariants([size, color], [row({ a: "P" }, { id: 1, fiscal })]);
    expect(next.map((variant) => [variant.values.a, variant.values.b, variant.id, variant.fiscal])).toEqual([
      ["P", "Azul", 1, fiscal],
      ["P", "Verde", undefined, { ...fiscal, gtin: "" }],
      ["M", "Azul", undefined, NO_FISCAL_TEXT],
      ["M", "Verde", undefined, NO_FISCAL_TEXT],
      ["G", "Azul", undefined, NO_FISCAL_TEXT],
      ["G", "Verde", undefined, NO_FISCAL_TEXT],
    ]);
  });

  it("removing an option keeps the first row of each remaining value", () => {
    const rows = [
      row({ a: "P", b: "Azul" }, { id: 1 }),
      row({ a: "P", b: "Verde" }, { id: 2 }),
      row({ a: "M", b: "Azul" }, { id: 3 }),
    ];
    const next = syncVariants([color], rows);
    expect(next.map((variant) => [variant.values.b, variant.id])).toEqual([
      ["Azul", 1],
      ["Verde", 2],
    ]);
  });

  it("renaming an option keeps every row: rows follow the option's key", () => {
    const rows = syncVariants([size], [row({})]);
    expect(syncVariants([{ ...size, name: "Numeração" }], rows)).toEqual(rows);
  });

  it("removing every option leaves the first row as the single variant", () => {
    const rows = [row({ a: "P" }, { id: 1 }), row({ a: "M" }, { id: 2 })];
    expect(syncVariants([], rows)).toEqual([row({}, { id: 1 })]);
  });

  it("leaves the rows alone while an option has no values", () => {
    const rows = [row({ a: "P" }, { id: 1 })];
    expect(syncVariants([size, { key: "b", name: "Cor", values: [] }], rows)).toEqual(rows);
  });

  it("starts a product's first row with empty prices", () => {
    expect(syncVariants([], [])).toEqual([
      { values: {}, sku: "", price_cents: "", compare_at_cents: "", stock: "0", fiscal: NO_FISCAL_TEXT },
    ]);
  });
});

describe("variantOptionValues", () => {
  it("lists a row's values in the options' order", () => {
    expect(variantOptionValues([color, size], row({ a: "P", b: "Azul" }))).toEqual(["Azul", "P"]);
  });
});

describe("resyncRows", () => {
  const posted = (options: string[], extra: Partial<VariantRow> = {}): VariantRow => ({
    options,
    sku: "",
    price_cents: "10,00",
    compare_at_cents: "",
    stock: "1",
    fiscal: NO_FISCAL_TEXT,
    ...extra,
  });
  const colorWithout: OptionDraft = { ...color, values: [] };

  it("gives an option's first values to the rows made before it had any, keeping their ids", () => {
    const before = [{ ...size, values: ["P", "M"] }, colorWithout];
    const rows = [posted(["P", ""], { id: "1" }), posted(["M", ""], { id: "2", stock: "4" })];
    const after = [before[0] as OptionDraft, { ...color, values: ["Azul"] }];
    expect(resyncRows(before, after, rows)).toEqual([
      posted(["P", "Azul"], { id: "1" }),
      posted(["M", "Azul"], { id: "2", stock: "4" }),
    ]);
  });

  it("follows the options by key, not by place, when the first one is removed", () => {
    const before = [size, color];
    const rows = [
      posted(["P", "Azul"], { id: "1" }),
      posted(["P", "Verde"], { id: "2" }),
      posted(["M", "Azul"], { id: "3" }),
    ];
    expect(resyncRows(before, [color], rows)).toEqual([posted(["Azul"], { id: "1" }), posted(["Verde"], { id: "2" })]);
  });

  it("keeps the rows, with an empty value for the new option, while it has no values", () => {
    const rows = [posted(["P"], { id: "1" })];
    expect(resyncRows([size], [size, colorWithout], rows)).toEqual([posted(["P", ""], { id: "1" })]);
  });

  it("drops an id that is not a stored variant's", () => {
    expect(resyncRows([], [], [posted([], { id: "abc" })])).toEqual([posted([])]);
  });
});
