import { describe, expect, it } from "vitest";
import { payByText } from "./pay-by.ts";

describe("payByText", () => {
  it("names the deadline on São Paulo's clock, whatever the server's zone", () => {
    expect(payByText("2026-12-05T00:47:00Z")).toBe(
      "Pague até 04/12/2026 às 21:47 (horário de Brasília); depois disso o pedido é cancelado.",
    );
    expect(payByText(new Date("2026-01-01T02:59:00Z"))).toBe(
      "Pague até 31/12/2025 às 23:59 (horário de Brasília); depois disso o pedido é cancelado.",
    );
  });
});
