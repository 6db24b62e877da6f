// Maria's order to Recife and a Simples Nacional shop in Pernambuco, as the fiscal tests draft their notes; and the
// steps the fiscal tests over HTTP share.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { FakeFocusNfe } from "../../../tests/support/fake-focus-nfe.ts";
import type { TestApp } from "../../../tests/support/test-app.ts";
import { runDueNotes } from "../../flows/fiscal-notes.ts";
import type { ItemFiscal, NoteOrder, NoteOrderItem, SellerFiscal } from "./note-draft.ts";
import { fiscalNotes } from "./tables.ts";

export const SELLER: SellerFiscal = {
  cnpj: "11222333000181",
  stateRegistration: "ISENTO",
  regime: "simples",
  uf: "PE",
  series: 1,
  operationNature: "Venda de mercadoria",
  pisCofinsSituation: "07",
};

/** Green coffee beans (NCM 0901.11.10), CSOSN 102, no barcode. */
export const FISCAL: ItemFiscal = { ncm: "09011110", origin: 0, taxSituation: "102", unit: "UN", gtin: "SEM GTIN" };

export function noteItem(productId: number, unitPriceCents: number, quantity: number, fiscal = FISCAL): NoteOrderItem {
  return {
    productId,
    code: `SKU-${productId}`,
    description: `Café da cooperativa ${productId}`,
    quantity,
    unitPriceCents,
    totalCents: unitPriceCents * quantity,
    fiscal,
  };
}

/**
 * Maria's order to Recife (two items and R$ 20,00 of shipping unless told otherwise), its total worked out from
 * its parts as the checkout does (common/order-totals.ts) unless `totalCents` is given.
 */
export function noteOrder(overrides: Partial<NoteOrder> = {}): NoteOrder {
  const items = overrides.items ?? [noteItem(1, 2590, 2), noteItem(2, 1290, 1)];
  const subtotal = items.reduce((sum, line) => sum + line.totalCents, 0);
  const base: NoteOrder = {
    id: 7,
    number: 1007,
    customerName: "Maria da Silva",
    customerEmail: "maria@example.com",
    customerPhone: "81999990000",
    customerTaxId: "52998224725",
    address: {
      postal_code: "50030230",
      uf: "PE",
      city: "Recife",
      street: "Rua da Aurora",
      number: "100",
      neighborhood: "Boa Vista",
      complement: "apto 12",
    },
    pickup: false,
    subtotalCents: subtotal,
    shippingCents: 2000,
    couponItemsDiscountCents: 0,
    couponShippingDiscountCents: 0,
    pixDiscountCents: 0,
    totalCents: 0,
    items,
  };
  const order = { ...base, ...overrides };
  const total =
    order.subtotalCents +
    order.shippingCents -
    order.couponItemsDiscountCents -
    order.couponShippingDiscountCents -
    order.pixDiscountCents;
  return { ...order, totalCents: overrides.totalCents ?? total };
}

/** What a fiscal test over HTTP needs of its test app (withTestApp's handle). */
type FiscalTestApp = Pick<TestApp, "request" | "database" | "services">;

/**
 * The steps the fiscal tests over HTTP share, against the local fake of Focus NFe: an order's note row, the notes
 * the fake was sent, the job runner's next turn, the webhooks the fake tried to deliver (nothing listens at the
 * tests' BASE_URL) handed to the app in-process, and the wait for an authorised note's files to be copied.
 */
export function fiscalSteps(t: FiscalTestApp, focus: () => FakeFocusNfe) {
  async function noteRow(orderId: number) {
    const [row] = await t.database.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, orderId));
    if (!row) throw new Error("no note row");
    return row;
  }
  return {
    noteRow,
    /** The notes the fake was sent (POST /v2/nfe?ref=). */
    posts: () => focus().requests.filter((request) => request.method === "POST" && request.path.startsWith("/v2/nfe?")),
    /** What the job runner does on its next turn, with every note due now. */
    async runJobsNow() {
      await t.database.db.update(fiscalNotes).set({ nextCheckAt: new Date(Date.now() - 1000) });
      await runDueNotes(t.services);
    },
    /** Hands the app every webhook the fake tried to deliver, each answered 200; answers how many. */
    async deliverWebhooks() {
      const pending = focus().webhooks.splice(0);
      for (const hook of pending) {
        const response = await t.request("POST", "/api/fiscal/webhook", { headers: hook.headers, body: hook.body });
        expect(response.status).toBe(200);
      }
      return pending.length;
    },
    /** The `authorization` value the settings registered for the webhook at the fake. */
    webhookSecret() {
      const hook = focus().requests.find((request) => request.path === "/v2/hooks" && request.method === "POST");
      const secret = (hook?.body as { authorization?: unknown } | undefined)?.authorization;
      if (typeof secret !== "string") throw new Error("no webhook registered");
      return secret;
    },
    /** Waits for the copy of an authorised note's files that its webhook starts once it is answered. */
    async filesCopied(orderId: number) {
      await expect
        .poll(
          async () => {
            const row = await noteRow(orderId);
            return row.nextCheckAt === null && row.leaseUntil === null;
          },
          { timeout: 10_000, interval: 20 },
        )
        .toBe(true);
    },
    /** Waits for the fake's own processing of a note just sent (it settles on its next turn). */
    settled: () => new Promise((resolve) => setTimeout(resolve, 20)),
  };
}
