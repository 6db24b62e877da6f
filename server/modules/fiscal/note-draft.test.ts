import { describe, expect, it } from "vitest";
import { fiscalSettingsInputSchema } from "../../../common/schemas/fiscal.ts";
import { recifeFiscalSettings } from "../../../tests/support/fiscal-fixture.ts";
import { decimal, focusNfePayload, saoPauloTimestamp } from "../../adapters/fiscal/focus-nfe-payload.ts";
import { home } from "../customers/test-fixtures.ts";
import { draftNote, HOMOLOGATION_BUYER_NAME, type NoteDraft, type NoteOrder, spreadCents } from "./note-draft.ts";
import { FISCAL, noteItem as item, noteOrder as order, SELLER } from "./test-fixtures.ts";

const ISSUED_AT = new Date("2026-12-03T15:30:00Z");

function drafted(input: NoteOrder, seller = SELLER, environment: "homologacao" | "producao" = "producao"): NoteDraft {
  const result = draftNote({ order: input, seller, environment, issuedAt: ISSUED_AT });
  if (!result.ok) throw new Error(`blocked: ${result.problems.map((problem) => problem.message).join("; ")}`);
  return result.draft;
}

function problemsOf(input: NoteOrder, seller = SELLER) {
  const result = draftNote({ order: input, seller, environment: "producao", issuedAt: ISSUED_AT });
  if (result.ok) throw new Error("the note was drafted");
  return result.problems;
}

function adds(draft: NoteDraft): void {
  const items = draft.items;
  expect(items.reduce((sum, line) => sum + line.grossCents, 0)).toBe(draft.productsCents);
  expect(items.reduce((sum, line) => sum + line.discountCents, 0)).toBe(draft.discountCents);
  expect(items.reduce((sum, line) => sum + line.freightCents, 0)).toBe(draft.freightCents);
  expect(draft.productsCents + draft.freightCents - draft.discountCents).toBe(draft.totalCents);
}

describe("a nota fiscal drafted from an order", () => {
  it("within the seller's state: CFOP 5102, local_destino 1, the freight paid by the buyer on the note", () => {
    const draft = drafted(order());
    expect(draft.destination).toBe("internal");
    expect(draft.items.map((line) => line.cfop)).toEqual(["5102", "5102"]);
    expect(draft.freightMode).toBe("sender");
    expect(draft.freightCents).toBe(2000);
    expect(draft.totalCents).toBe(2590 * 2 + 1290 + 2000);
    adds(draft);
    const payload = focusNfePayload(draft);
    expect(payload).toMatchObject({
      local_destino: 1,
      modalidade_frete: 0,
      valor_frete: "20.00",
      valor_produtos: "64.70",
      valor_desconto: "0.00",
      valor_total: "84.70",
      codigo_municipio_destinatario: "2611606",
      presenca_comprador: 2,
      consumidor_final: 1,
      regime_tributario_emitente: 1,
    });
  });

  it("to another state: CFOP 6102 and local_destino 2", () => {
    const draft = drafted(
      order({
        address: { ...home, complement: "" },
      }),
    );
    expect(draft.destination).toBe("interstate");
    expect(draft.items.every((line) => line.cfop === "6102")).toBe(true);
    const payload = focusNfePayload(draft);
    expect(payload.local_destino).toBe(2);
    expect(payload.codigo_municipio_destinatario).toBe("3550308");
    expect(payload).not.toHaveProperty("complemento_destinatario");
  });

  it("spreads a coupon and the Pix discount over the items, so that the note adds up to the order's total", () => {
    const draft = drafted(order({ couponItemsDiscountCents: 647, pixDiscountCents: 291 }));
    expect(draft.discountCents).toBe(938);
    expect(draft.items.map((line) => line.discountCents)).toEqual([751, 187]);
    adds(draft);
    const payload = focusNfePayload(draft);
    expect(payload.valor_desconto).toBe("9.38");
    expect(payload.items).toEqual([
      expect.objectContaining({ valor_bruto: "51.80", valor_desconto: "7.51" }),
      expect.objectContaining({ valor_bruto: "12.90", valor_desconto: "1.87" }),
    ]);
  });

  it("has no freight when a coupon made the shipping free, and spreads a paid freight over the items", () => {
    const free = drafted(order({ couponShippingDiscountCents: 2000 }));
    expect(free.freightCents).toBe(0);
    expect(free.items.every((line) => line.freightCents === 0)).toBe(true);
    adds(free);
    expect(focusNfePayload(free).valor_frete).toBe("0.00");

    const paid = drafted(order({ shippingCents: 1999 }));
    expect(paid.items.map((line) => line.freightCents)).toEqual([1600, 399]);
    adds(paid);
  });

  it("says no transport (modalidade_frete 9) for an order picked up at the shop", () => {
    const draft = drafted(order({ pickup: true, shippingCents: 0 }));
    expect(focusNfePayload(draft)).toMatchObject({ modalidade_frete: 9, valor_frete: "0.00" });
  });

  it("names a CPF buyer by cpf_destinatario and a CNPJ buyer by cnpj_destinatario, neither a contributor (9)", () => {
    const person = focusNfePayload(drafted(order()));
    expect(person).toMatchObject({ cpf_destinatario: "52998224725", indicador_inscricao_estadual_destinatario: 9 });
    expect(person).not.toHaveProperty("cnpj_destinatario");
    const company = focusNfePayload(drafted(order({ customerTaxId: "11444777000161" })));
    expect(company).toMatchObject({
      cnpj_destinatario: "11444777000161",
      indicador_inscricao_estadual_destinatario: 9,
    });
    expect(company).not.toHaveProperty("cpf_destinatario");
  });

  it("puts SEFAZ's required text as the buyer's name in homologação, her own name in produção", () => {
    expect(drafted(order(), SELLER, "homologacao").buyer.name).toBe(HOMOLOGATION_BUYER_NAME);
    expect(drafted(order(), SELLER, "producao").buyer.name).toBe("Maria da Silva");
  });

  it("carries the regime and the reference derived from the order", () => {
    const normal = { ...FISCAL, taxSituation: "41" };
    const draft = drafted(order({ items: [item(1, 2590, 2, normal)] }), { ...SELLER, regime: "normal" }, "producao");
    expect(draft.reference).toBe("pedido-1007");
    expect(focusNfePayload(draft)).toMatchObject({
      regime_tributario_emitente: 3,
      items: [expect.objectContaining({ icms_situacao_tributaria: "41", icms_origem: 0 })],
    });
  });
});

describe("what blocks a note, said before anything is sent", () => {
  it("a product without fiscal data, or with an NCM, GTIN, unit or origin that is wrong, pointing at the product", () => {
    const problems = problemsOf(
      order({
        items: [
          { ...item(1, 2590, 2), fiscal: null },
          item(2, 1290, 1, { ncm: "12345678", origin: 9, taxSituation: "102", unit: "unidade", gtin: "7891000315508" }),
        ],
      }),
    );
    expect(problems.map((problem) => problem.field)).toEqual([
      "itens.1",
      "itens.2.ncm",
      "itens.2.origem",
      "itens.2.unidade",
      "itens.2.gtin",
    ]);
    expect(problems[0]?.place).toEqual({ kind: "product", productId: 1 });
    expect(problems[1]?.message).toContain("NCM 12345678");
  });

  it("a CSOSN only under the Simples Nacional (CRT 1): past its sublimit (CRT 2) the items carry a CST", () => {
    const excess = { ...SELLER, regime: "simples_excesso" as const };
    const csosn = problemsOf(order(), excess);
    expect(csosn.map((problem) => problem.field)).toEqual([
      "itens.1.situacao_tributaria",
      "itens.2.situacao_tributaria",
    ]);
    expect(csosn[0]?.message).toContain("o CST 102 não serve para o Simples Nacional com excesso de sublimite");
    for (const cst of ["40", "41", "50", "60"]) {
      const draft = drafted(order({ items: [item(1, 2590, 2, { ...FISCAL, taxSituation: cst })] }), excess);
      expect(focusNfePayload(draft)).toMatchObject({
        regime_tributario_emitente: 2,
        items: [expect.objectContaining({ icms_situacao_tributaria: cst })],
      });
    }
    // Without an ICMS base and rate on the note, a fully taxed CST (00) is refused rather than sent half-made.
    const taxed = problemsOf(order({ items: [item(1, 1000, 1, { ...FISCAL, taxSituation: "00" })] }), excess);
    expect(taxed[0]?.message).toContain("use 40, 41, 50, 60");
  });

  it("the settings' default tax situation follows the same rule: a CST for CRT 2 and 3, a CSOSN for CRT 1 only", () => {
    const settings = (regime: string, tax_situation: string) =>
      fiscalSettingsInputSchema.safeParse(
        recifeFiscalSettings("token", { regime, defaults: { ...recifeFiscalSettings().defaults, tax_situation } }),
      );
    expect(settings("simples", "102").success).toBe(true);
    expect(settings("simples_excesso", "40").success).toBe(true);
    expect(settings("normal", "50").success).toBe(true);
    const refused = settings("simples_excesso", "102");
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toContain(
      "Para o Simples Nacional com excesso de sublimite use um CST: 40, 41, 50, 60",
    );
    expect(settings("simples", "40").success).toBe(false);
  });

  it("a tax situation of the other regime", () => {
    const simples = problemsOf(order({ items: [item(1, 1000, 1, { ...FISCAL, taxSituation: "40" })] }));
    expect(simples[0]?.message).toContain("CSOSN 40");
    const normal = problemsOf(order(), { ...SELLER, regime: "normal" });
    expect(normal.map((problem) => problem.field)).toEqual([
      "itens.1.situacao_tributaria",
      "itens.2.situacao_tributaria",
    ]);
    expect(normal[0]?.message).toContain("CST 102");
  });

  it("an address without its neighbourhood or number, a city not in the IBGE's list, a CPF that fails its digits", () => {
    const problems = problemsOf(
      order({
        customerTaxId: "52998224724",
        address: { ...order().address, number: " ", neighborhood: "", city: "Recifi" },
      }),
    );
    expect(problems.map((problem) => problem.field)).toEqual(["cpf_cnpj", "numero", "bairro", "municipio"]);
    expect(problems.every((problem) => problem.place.kind === "order")).toBe(true);
    expect(problems[3]?.message).toBe('A cidade "Recifi" não é um município de PE na lista do IBGE.');
  });

  it("the shop's CNPJ that fails its check digits and a state registration not valid for its state", () => {
    const problems = problemsOf(order(), { ...SELLER, cnpj: "11222333000182", stateRegistration: "123" });
    expect(problems.map((problem) => problem.field)).toEqual(["cnpj", "inscricao_estadual"]);
    expect(problems.every((problem) => problem.place.kind === "settings")).toBe(true);
  });

  it("an order whose parts do not add up to its total", () => {
    const problems = problemsOf(order({ totalCents: order().totalCents + 1 }));
    expect(problems.map((problem) => problem.field)).toEqual(["valor_total"]);
  });
});

describe("spreading cents over the items", () => {
  it("adds up to the total to the cent, never more than an item's own value, each share within a cent of its part", () => {
    // A table of orders of 1 to 60 items with prices from R$ 0,01 up, and percentage discounts of 1% to 99%.
    let seed = 17;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let count = 1; count <= 60; count++) {
      for (const percent of [1, 5, 7, 10, 33, 50, 99]) {
        const grosses = Array.from({ length: count }, () => 1 + (next() % 25_000));
        const sum = grosses.reduce((acc, gross) => acc + gross, 0);
        const discount = Math.floor((sum * percent + 50) / 100);
        const shares = spreadCents(discount, grosses);
        expect(shares.reduce((acc, share) => acc + share, 0)).toBe(discount);
        shares.forEach((share, index) => {
          const gross = grosses[index] ?? 0;
          expect(share).toBeLessThanOrEqual(gross);
          expect(Math.abs(share - (discount * gross) / sum)).toBeLessThan(1);
        });
      }
    }
  });

  it("gives nothing when there is nothing to spread or nothing to spread it over", () => {
    expect(spreadCents(0, [100, 200])).toEqual([0, 0]);
    expect(spreadCents(10, [0, 0])).toEqual([0, 0]);
  });
});

describe("Focus NFe's JSON", () => {
  it("writes cents as decimal strings and the instant as São Paulo's time with its offset", () => {
    expect(decimal(1290)).toBe("12.90");
    expect(decimal(5)).toBe("0.05");
    expect(decimal(0)).toBe("0.00");
    expect(decimal(2_000_000_000)).toBe("20000000.00");
    expect(saoPauloTimestamp(new Date("2026-12-03T02:15:00Z"))).toBe("2026-12-02T23:15:00-03:00");
  });
});
