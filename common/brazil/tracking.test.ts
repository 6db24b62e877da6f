import { describe, expect, it } from "vitest";
import { orderStatusChangeSchema } from "../schemas/orders.ts";
import { fieldErrors } from "../zod.ts";
import {
  CORREIOS_CODE_MESSAGE,
  carrierLabels,
  carriers,
  isCorreiosCode,
  normalizeCorreiosCode,
  s10CheckDigit,
  trackingUrl,
} from "./tracking.ts";

describe("Correios codes (UPU S10)", () => {
  it("checks the digit with the weights 8, 6, 4, 2, 3, 5, 9, 7", () => {
    // 1·8 + 2·6 + 3·4 + 4·2 + 5·3 + 6·5 + 7·9 + 8·7 = 204; 204 mod 11 = 6; 11 - 6 = 5.
    expect(s10CheckDigit("12345678")).toBe(5);
    expect(isCorreiosCode("AA123456785BR")).toBe(true);
    expect(isCorreiosCode("AA123456780BR")).toBe(false);
    expect(isCorreiosCode("AA123456789BR")).toBe(false);
  });

  it("turns a remainder of 1 into 0 and a remainder of 0 into 5", () => {
    // 3·4 = 12, 12 mod 11 = 1: 11 - 1 = 10, written 0.
    expect(s10CheckDigit("00300000")).toBe(0);
    expect(isCorreiosCode("QB003000000BR")).toBe(true);
    // 8 + 6 + 4 + 2 + 3 + 5 + 9 + 7 = 44, 44 mod 11 = 0: 11 - 0 = 11, written 5.
    expect(s10CheckDigit("11111111")).toBe(5);
    expect(isCorreiosCode("SS111111115BR")).toBe(true);
  });

  it("refuses anything but two letters, nine digits and two letters", () => {
    for (const code of ["XX1", "AA12345678BR", "AA1234567850BR", "A1123456785BR", "AA123456785B1", "123456785BR"])
      expect(isCorreiosCode(code), code).toBe(false);
  });

  it("normalises spaces and case as typed", () => {
    expect(normalizeCorreiosCode(" aa 123 456 785 br ")).toBe("AA123456785BR");
    expect(isCorreiosCode(normalizeCorreiosCode("aa123456785br"))).toBe(true);
  });
});

describe("carriers", () => {
  it("are named in pt-BR, Correios first", () => {
    expect(carriers[0]).toBe("correios");
    expect(carriers.map((carrier) => carrierLabels[carrier])).toEqual([
      "Correios",
      "Jadlog",
      "Loggi",
      "J&T Express",
      "Melhor Envio",
      "Outra transportadora",
    ]);
  });

  it("link each carrier's public tracking page, the code escaped", () => {
    expect(trackingUrl("correios", "AA123456785BR", null)).toBe(
      "https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR",
    );
    expect(trackingUrl("jadlog", "10084512345678", null)).toBe(
      "https://www.jadlog.com.br/jadlog/tracking?cte=10084512345678",
    );
    expect(trackingUrl("loggi", "a/b c", null)).toBe("https://www.loggi.com/rastreador/a%2Fb%20c");
    expect(trackingUrl("melhorenvio", "ME2512345678BR", null)).toBe(
      "https://www.melhorrastreio.com.br/rastreio/ME2512345678BR",
    );
    for (const carrier of carriers.filter((name) => name !== "other"))
      expect(trackingUrl(carrier, "X1", null)?.startsWith("https://")).toBe(true);
  });

  it("give another carrier's page only when the administrator gave one", () => {
    expect(trackingUrl("other", "LOTE-7", null)).toBeNull();
    expect(trackingUrl("other", "LOTE-7", "https://rastreio.example.com/LOTE-7")).toBe(
      "https://rastreio.example.com/LOTE-7",
    );
  });
});

describe("the move to 'Produto enviado'", () => {
  const parse = (input: Record<string, unknown>) => orderStatusChangeSchema.safeParse({ status: "sent", ...input });
  const errorsOf = (input: Record<string, unknown>) => {
    const result = parse(input);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("takes a Correios code by default, normalised, and refuses one with a wrong digit", () => {
    expect(parse({ tracking_code: "aa 123456785 br" }).data).toMatchObject({
      carrier: "correios",
      tracking_code: "AA123456785BR",
      tracking_url: "",
    });
    expect(parse({ carrier: "", tracking_code: "AA123456785BR" }).data?.carrier).toBe("correios");
    for (const code of ["XX1", "AA123456780BR"])
      expect(errorsOf({ tracking_code: code }), code).toEqual({ tracking_code: [CORREIOS_CODE_MESSAGE] });
    expect(errorsOf({ tracking_code: "" })).toEqual({ tracking_code: ["Informe o código de rastreamento"] });
  });

  it("keeps another carrier's code as typed, within what labels print", () => {
    expect(parse({ carrier: "loggi", tracking_code: " Ab12-x/9 " }).data?.tracking_code).toBe("Ab12-x/9");
    expect(errorsOf({ carrier: "jadlog", tracking_code: "<script>" }).tracking_code).toEqual([
      "Código de rastreamento inválido: use letras, números, pontos, barras ou hífens",
    ]);
    expect(errorsOf({ carrier: "fedex", tracking_code: "1" }).carrier).toEqual(["Escolha uma transportadora da lista"]);
  });

  it("takes a tracking page (https) for another carrier only", () => {
    const given = "https://rastreio.example.com/?c=LOTE-7";
    expect(parse({ carrier: "other", tracking_code: "LOTE-7", tracking_url: given }).data?.tracking_url).toBe(given);
    expect(
      errorsOf({ carrier: "other", tracking_code: "LOTE-7", tracking_url: "http://rastreio.example.com" }),
    ).toEqual({ tracking_url: ["Informe o endereço da página de rastreamento, começando com https://"] });
    expect(errorsOf({ carrier: "other", tracking_code: "LOTE-7", tracking_url: "javascript:alert(1)" })).toEqual({
      tracking_url: ["Informe o endereço da página de rastreamento, começando com https://"],
    });
    expect(errorsOf({ tracking_code: "AA123456785BR", tracking_url: given })).toEqual({
      tracking_url: ["O endereço de rastreamento vale só para “Outra transportadora”"],
    });
  });

  it("leaves the tracking fields aside for any other move", () => {
    expect(orderStatusChangeSchema.safeParse({ status: "paid", tracking_code: "XX1" }).success).toBe(true);
  });
});
