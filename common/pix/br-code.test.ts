import { describe, expect, it } from "vitest";
import { buildPixCode, crc16, PixCodeError, pixAmount, pixReceiverName, pixText } from "./br-code.ts";

/** The Banco Central manual's static example: a random key, no amount, no txid ("***"). */
const PUBLISHED =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

type Fields = Map<string, string>;

/** Reads a chain of ID-length-value fields, refusing a length that runs past the text. */
function parseFields(text: string): Fields {
  const fields: Fields = new Map();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    const value = text.slice(at + 4, at + 4 + length);
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || value.length !== length)
      throw new Error(`bad field at ${at}`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

const orderCode = {
  key: "12345678909",
  receiverName: "Cooperativa Vale Verde",
  receiverCity: "Campinas",
  amountCents: 15870,
  txid: "1001",
  initiation: "11",
} as const;

describe("crc16 (CRC-16/CCITT-FALSE)", () => {
  it("gives the check value of the standard's catalogue", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("pads to four upper-case hex digits", () => {
    expect(crc16("")).toBe("FFFF");
    expect(crc16("A")).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe("buildPixCode", () => {
  it("rebuilds the Banco Central's published example byte for byte", () => {
    expect(crc16(PUBLISHED.slice(0, -4))).toBe("1D3D");
    expect(
      buildPixCode({
        key: "123e4567-e12b-12d1-a456-426655440000",
        receiverName: "Fulano de Tal",
        receiverCity: "BRASILIA",
      }),
    ).toBe(PUBLISHED);
  });

  it("writes an order's code: static, with the amount and the order number as txid", () => {
    const code = buildPixCode(orderCode);
    const fields = parseFields(code);
    expect([...fields.keys()]).toEqual(["00", "01", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    expect(fields.get("00")).toBe("01");
    expect(fields.get("01")).toBe("11");
    expect(parseFields(fields.get("26") ?? "")).toEqual(
      new Map([
        ["00", "br.gov.bcb.pix"],
        ["01", "12345678909"],
      ]),
    );
    expect(fields.get("52")).toBe("0000");
    expect(fields.get("53")).toBe("986");
    expect(fields.get("54")).toBe("158.70");
    expect(fields.get("58")).toBe("BR");
    expect(fields.get("59")).toBe("Cooperativa Vale Verde");
    expect(fields.get("60")).toBe("Campinas");
    expect(parseFields(fields.get("62") ?? "")).toEqual(new Map([["05", "1001"]]));
    expect(code.slice(-8, -4)).toBe("6304");
    expect(fields.get("63")).toBe(crc16(code.slice(0, -4)));
    expect(code).toBe(
      "00020101021126330014br.gov.bcb.pix0111123456789095204000053039865406158.705802BR5922Cooperativa Vale Verde6008Campinas620805041001" +
        `6304${crc16(code.slice(0, -4))}`,
    );
  });

  it("adds the description inside the merchant account", () => {
    const fields = parseFields(buildPixCode({ ...orderCode, description: "Pedido 1001" }));
    expect(parseFields(fields.get("26") ?? "").get("02")).toBe("Pedido 1001");
  });

  it("strips accents from the name and city, and counts characters, not bytes", () => {
    const fields = parseFields(
      buildPixCode({ ...orderCode, receiverName: "Associação São João Ltda.", receiverCity: "São Paulo" }),
    );
    expect(fields.get("59")).toBe("Associacao Sao Joao Ltda.");
    expect(fields.get("60")).toBe("Sao Paulo");
    // 25 characters with accents are 25 characters without them.
    expect(fields.get("59")).toHaveLength(25);
  });

  it("writes amounts from cents without rounding", () => {
    expect(pixAmount(1)).toBe("0.01");
    expect(pixAmount(10)).toBe("0.10");
    expect(pixAmount(100)).toBe("1.00");
    expect(pixAmount(123456789)).toBe("1234567.89");
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => pixAmount(bad)).toThrow(PixCodeError);
  });

  it("refuses what does not fit, with the reason in Portuguese", () => {
    expect(() => buildPixCode({ ...orderCode, receiverName: "Cooperativa Agropecuária do Vale" })).toThrow(
      "O nome do recebedor do Pix tem mais de 25 caracteres",
    );
    expect(() => buildPixCode({ ...orderCode, receiverCity: "Santa Bárbara d'Oeste" })).toThrow(
      "A cidade do recebedor do Pix tem mais de 15 caracteres",
    );
    expect(() => buildPixCode({ ...orderCode, receiverCity: "  " })).toThrow("Informe a cidade do recebedor do Pix");
    expect(() => buildPixCode({ ...orderCode, key: "" })).toThrow("Informe a chave Pix");
    expect(() => buildPixCode({ ...orderCode, key: "joão@exemplo.com" })).toThrow(
      "A chave Pix tem caracteres inválidos",
    );
    expect(() => buildPixCode({ ...orderCode, txid: "pedido-1001" })).toThrow(PixCodeError);
    expect(() => buildPixCode({ ...orderCode, txid: "1".repeat(26) })).toThrow(PixCodeError);
    // A 77-character e-mail key leaves no room in field 26 for a description.
    const longKey = `${"a".repeat(65)}@exemplo.com`;
    expect(() => buildPixCode({ ...orderCode, key: longKey })).not.toThrow();
    expect(() => buildPixCode({ ...orderCode, key: longKey, description: "Pedido" })).toThrow(PixCodeError);
  });

  it("keeps only printable ASCII in its texts", () => {
    expect(pixText("  Ação\tçã — Ñandú  ")).toBe("Acao ca Nandu");
  });
});

describe("pixReceiverName", () => {
  it("reads the name the payer's bank shows, from our code or another's", () => {
    expect(pixReceiverName(PUBLISHED)).toBe("Fulano de Tal");
    expect(pixReceiverName(buildPixCode({ ...orderCode, receiverName: "Cooperativa São João" }))).toBe(
      "Cooperativa Sao Joao",
    );
  });

  it("finds none in a text that is not a chain of fields", () => {
    for (const text of ["", "000201", "0002015999abc", "pix@cooperativa.com.br", PUBLISHED.replace("5913", "5a13")]) {
      expect(pixReceiverName(text), text).toBeNull();
    }
  });
});
