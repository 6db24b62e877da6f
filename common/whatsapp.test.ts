import { describe, expect, it } from "vitest";
import {
  formatWhatsapp,
  normalizeWhatsapp,
  orderWhatsappMessage,
  productWhatsappMessage,
  whatsappLink,
} from "./whatsapp.ts";

describe("normalizeWhatsapp", () => {
  it("keeps a Brazilian number with its DDD as wa.me's digits, however it was typed", () => {
    for (const typed of [
      "(81) 99999-8888",
      "81 99999-8888",
      "81999998888",
      "+55 81 99999-8888",
      "+55 (81) 99999-8888",
      "5581999998888",
      "081 99999-8888",
      " (81)99999.8888 ",
    ])
      expect(normalizeWhatsapp(typed), typed).toBe("5581999998888");
    expect(normalizeWhatsapp("(81) 3333-4444")).toBe("558133334444");
    expect(normalizeWhatsapp("558133334444")).toBe("558133334444");
    // DDD 55 (Santa Maria, RS) is a DDD, not the country.
    expect(normalizeWhatsapp("(55) 99999-8888")).toBe("5555999998888");
    expect(normalizeWhatsapp("+55 55 99999-8888")).toBe("5555999998888");
  });

  it("refuses what is not a Brazilian number with its DDD", () => {
    for (const typed of [
      "",
      "99999-8888",
      "(81) 9999-8888",
      "(81) 89999-8888",
      "(01) 99999-8888",
      "(80) 99999-8888",
      "+1 415 555 0100",
      "+351 912 345 678",
      "81 99999-88888",
      "55819999988889",
      "wa.me/5581999998888",
      "(81) 99999-8888 ramal 2",
    ])
      expect(normalizeWhatsapp(typed), typed).toBeNull();
  });
});

describe("formatWhatsapp", () => {
  it("writes the stored digits as people read them", () => {
    expect(formatWhatsapp("5581999998888")).toBe("(81) 99999-8888");
    expect(formatWhatsapp("558133334444")).toBe("(81) 3333-4444");
  });

  it("reads back what normalizeWhatsapp keeps", () => {
    expect(normalizeWhatsapp(formatWhatsapp("5581999998888"))).toBe("5581999998888");
  });
});

describe("whatsappLink", () => {
  it("opens a chat with the number and the message typed in, every character encoded", () => {
    const message = productWhatsappMessage("Café & Cia 100%", "https://coop.example/loja/cafe?x=1#a");
    expect(message).toBe("Olá! Tenho interesse no produto Café & Cia 100%: https://coop.example/loja/cafe?x=1#a");
    const link = whatsappLink("5581999998888", message);
    expect(link).toBe(
      "https://wa.me/5581999998888?text=Ol%C3%A1!%20Tenho%20interesse%20no%20produto%20Caf%C3%A9%20%26%20Cia%20100%25%3A%20https%3A%2F%2Fcoop.example%2Floja%2Fcafe%3Fx%3D1%23a",
    );
    expect(new URL(link).searchParams.get("text")).toBe(message);
  });

  it("names the order and the shop, with the order's address when there is one", () => {
    expect(orderWhatsappMessage(1042, "Cooperativa Sol", "https://coop.example/conta/pedidos/7")).toBe(
      "Olá! Sobre o meu pedido nº 1042 na Cooperativa Sol: https://coop.example/conta/pedidos/7",
    );
    expect(orderWhatsappMessage(1042, "Cooperativa Sol", null)).toBe(
      "Olá! Sobre o meu pedido nº 1042 na Cooperativa Sol.",
    );
  });
});
