import { describe, expect, it } from "vitest";
import { formatPhone, normalizePhone, PHONE_MESSAGE, phoneProblem } from "./phone.ts";

describe("Brazilian phone numbers", () => {
  it("keeps the digits of a mobile or a landline with its DDD, however typed", () => {
    expect(normalizePhone("(11) 98765-4321")).toBe("11987654321");
    expect(normalizePhone("11 3333-4444")).toBe("1133334444");
    expect(normalizePhone("+55 (21) 99876-5432")).toBe("21998765432");
    expect(normalizePhone("5511333344445")).toBeNull();
    expect(normalizePhone("551133334444")).toBe("1133334444");
  });

  it("refuses numbers without a DDD, with a zero in the DDD, or of the wrong kind", () => {
    for (const text of [
      "98765-4321",
      "(01) 98765-4321",
      "(10) 3333-4444",
      "(11) 88765-4321",
      "(11) 9333-4444",
      "",
      "abc",
      "11 3333-444a",
    ]) {
      expect(normalizePhone(text), text).toBeNull();
    }
  });

  it("says what to change: the length, the DDD, or the kind of number for its length", () => {
    expect(phoneProblem("(11) 98765-4321")).toBeNull();
    expect(phoneProblem("(11) 3333-4444")).toBeNull();
    expect(phoneProblem("98765-4321")).toBe(PHONE_MESSAGE);
    expect(phoneProblem("11 3333-444a")).toBe(PHONE_MESSAGE);
    expect(phoneProblem("(01) 98765-4321")).toBe("Informe um DDD válido: dois dígitos sem zero, como 11 ou 81");
    expect(phoneProblem("(11) 9876-5432")).toBe(
      "Telefone fixo tem 10 dígitos e não começa com 9 depois do DDD; celular tem 11, com o 9 na frente: (11) 99876-5432",
    );
    expect(phoneProblem("+55 81 8765-4321")).toContain("não começa com 8 depois do DDD");
    expect(phoneProblem("(11) 88765-4321")).toBe(
      "Celular tem 11 dígitos, com o 9 depois do DDD; telefone fixo tem 10 dígitos",
    );
  });

  it("writes them back punctuated", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("1133334444")).toBe("(11) 3333-4444");
  });
});
