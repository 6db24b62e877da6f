import { describe, expect, it } from "vitest";
import { readCartCookie, SHIPPING_CODE_PATTERN } from "../../../../common/cart.ts";
import type { TableRate } from "../../../../common/schemas/shipping.ts";
import { matchTableRates, tableRatesProvider } from "./table-rates.ts";
import { quoteItem, quoteRequest } from "./test-fixtures.ts";

const rate = (overrides: Partial<TableRate>): TableRate => ({
  name: "Entrega padrão",
  region: { kind: "uf", uf: "RJ" },
  min_weight_grams: 0,
  max_weight_grams: 1000,
  price_cents: 1500,
  delivery_days: 5,
  ...overrides,
});

const rows: TableRate[] = [
  rate({}),
  rate({ min_weight_grams: 1001, max_weight_grams: 5000, price_cents: 2500, delivery_days: 6 }),
  rate({ name: "Expressa", max_weight_grams: 5000, price_cents: 3000, delivery_days: 1 }),
  rate({ region: { kind: "cep_range", from: "20000000", to: "28999999" }, max_weight_grams: 5000, price_cents: 1800 }),
  rate({ region: { kind: "cep_range", from: "22000000", to: "22999999" }, max_weight_grams: 5000, price_cents: 1200 }),
];

const NITEROI = "24020-000";
const COPACABANA = "22070-011";
const CENTRO_RIO = "20040-002";

describe("matchTableRates", () => {
  it("takes the UF from the destination CEP", () => {
    expect(matchTableRates(rows.slice(0, 3), NITEROI, 300)).toEqual([
      { code: "table:entrega-padrao", name: "Entrega padrão", price_cents: 1500, delivery_days: 5, provider: "table" },
      { code: "table:expressa", name: "Expressa", price_cents: 3000, delivery_days: 1, provider: "table" },
    ]);
  });

  it("prefers a CEP range to the UF, and the narrower of two ranges", () => {
    const prices = (cep: string) => matchTableRates(rows, cep, 300).map((option) => [option.name, option.price_cents]);
    expect(prices(COPACABANA)).toEqual([
      ["Entrega padrão", 1200],
      ["Expressa", 3000],
    ]);
    expect(prices(CENTRO_RIO)).toEqual([
      ["Entrega padrão", 1800],
      ["Expressa", 3000],
    ]);
    // Order in the table does not matter: the narrow range still wins when listed first.
    expect(matchTableRates([...rows].reverse(), COPACABANA, 300)[0]?.price_cents).toBe(1200);
  });

  it("picks the weight band, both ends included", () => {
    const table = rows.slice(0, 2);
    expect(matchTableRates(table, NITEROI, 1000)[0]?.price_cents).toBe(1500);
    expect(matchTableRates(table, NITEROI, 1001)[0]?.price_cents).toBe(2500);
    expect(matchTableRates(table, NITEROI, 5000)[0]?.price_cents).toBe(2500);
    expect(matchTableRates(table, NITEROI, 5001)).toEqual([]);
  });

  it("offers nothing where the table does not deliver or for a CEP of no state", () => {
    expect(matchTableRates(rows, "01310-100", 300)).toEqual([]);
    expect(matchTableRates(rows, "00000-000", 300)).toEqual([]);
    expect(matchTableRates(rows, "2207", 300)).toEqual([]);
    expect(matchTableRates([], COPACABANA, 300)).toEqual([]);
  });

  it("treats names differing only in case and accents as one service", () => {
    const table = [
      rate({ name: "ENTREGA PADRAO", price_cents: 900 }),
      rate({ name: "Entrega Padrão", price_cents: 800 }),
    ];
    expect(matchTableRates(table, NITEROI, 300)).toEqual([
      { code: "table:entrega-padrao", name: "ENTREGA PADRAO", price_cents: 900, delivery_days: 5, provider: "table" },
    ]);
  });
});

describe("tableRatesProvider", () => {
  it("quotes the cart's consolidated weight", async () => {
    const provider = tableRatesProvider(rows.slice(0, 2));
    const request = quoteRequest({ destination_cep: NITEROI, items: [quoteItem({ weight_grams: 600, quantity: 2 })] });
    expect(provider.provider).toBe("table");
    expect(await provider.quote(request, new AbortController().signal)).toEqual([
      { code: "table:entrega-padrao", name: "Entrega padrão", price_cents: 2500, delivery_days: 6, provider: "table" },
    ]);
  });
});

describe("a service's code", () => {
  const codes = (names: string[]) =>
    matchTableRates(
      names.map((name) => rate({ name })),
      NITEROI,
      300,
    ).map((option) => option.code);

  it("is one the cart keeps, however long the name (up to the 80 characters a rate takes) or whatever its letters", () => {
    const long = "Entrega padrão para todo o estado do Rio de Janeiro, em até cinco dias úteis";
    const found = codes([long, `${long} (expressa)`, "配送サービス", "Frete!"]);
    expect(found).toHaveLength(4);
    expect(new Set(found).size).toBe(4);
    for (const code of found) {
      expect(code, code).toMatch(SHIPPING_CODE_PATTERN);
      expect(readCartCookie(`1~24020000~${code}~1.11.2`).shipping, code).toBe(code);
      expect(readCartCookie(`1~24020000~free:${code}~1.11.2`).shipping, code).toBe(`free:${code}`);
    }
    expect(found[0]).toMatch(/^table:entrega-padrao-para-todo-o-esta-[0-9a-f]{8}$/);
    expect(found[3]).toBe("table:frete");
  });

  it("is the same for a name written with other capitals or accents, and stays the same", () => {
    expect(codes(["Entrega Padrão"])).toEqual(codes(["entrega padrao"]));
    const long = "Transportadora da cooperativa com entrega agendada pela manhã ou à tarde";
    expect(codes([long])).toEqual(codes([long.toUpperCase()]));
  });
});
