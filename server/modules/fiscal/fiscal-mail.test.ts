import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { ProductView } from "../../../common/views/products.ts";
import { startFakeFocusNfe } from "../../../tests/support/fake-focus-nfe.ts";
import { recifeFiscalSettings } from "../../../tests/support/fiscal-fixture.ts";
import {
  cartLine,
  createProduct,
  placeOrder,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";
import { fiscalSteps } from "./test-fixtures.ts";

/*
 * The customer's e-mail "Nota fiscal emitida", switched by the fiscal settings' customer_mail: off, an authorised
 * note queues none; on, exactly one, however often the webhook and the job runner report the same note.
 */

const env: Record<string, string> = { BASE_URL: "http://127.0.0.1:1", SECRETS_KEY: randomBytes(32).toString("base64") };
const focus = withFakeServer(startFakeFocusNfe, env, "FOCUS_NFE_URL");
const t = withTestApp({ env, setUp: true });
const steps = fiscalSteps(t, focus);

let coffee: ProductView;
let customer: { email: string; token: string };

beforeEach(async () => {
  focus().reset();
  await switchShopFeature(t, t.superToken);
  await saveShopSettings(t, t.superToken, RECIFE_SHOP_SETTINGS);
  coffee = await createProduct(t, t.superToken, {
    name: "Café especial",
    variants: [{ price_cents: 3333, stock: 50 }],
    weight_grams: 500,
  });
  customer = await t.createUser("user", t.superToken);
});

/** Maria's paid order, its note authorised through the webhook (sent twice) and its files copied. */
async function authorizedNote(customerMail: boolean) {
  const saved = await t.request("PUT", "/api/fiscal/settings", {
    token: t.superToken,
    body: recifeFiscalSettings(focus().token, { customer_mail: customerMail }),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.json()).toMatchObject({ customer_mail: customerMail });
  const { order } = await placeOrder(t, customer.token, [cartLine(coffee, 1)], { neighborhood: "Santo Amaro" });
  const paid = await t.request("POST", `/api/orders/${order.id}/status`, {
    token: t.superToken,
    body: { status: "paid" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await steps.runJobsNow();
  await steps.settled();
  const [hook] = focus().webhooks;
  if (!hook) throw new Error("the fake told no webhook");
  expect(await steps.deliverWebhooks()).toBe(1);
  await steps.filesCopied(order.id);
  // The same report again, and the job runner asking once more: still one note, authorised.
  const repeated = await t.request("POST", "/api/fiscal/webhook", { headers: hook.headers, body: hook.body });
  expect(repeated.status).toBe(200);
  await steps.runJobsNow();
  await steps.filesCopied(order.id);
  const row = await steps.noteRow(order.id);
  expect(row.state).toBe("authorized");
  expect(row.danfeKey).not.toBeNull();
  return row;
}

const issuedMails = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "fiscal-note-issued"));

describe("the customer's e-mail Nota fiscal emitida", () => {
  it("is not queued when the settings switch it off", async () => {
    const row = await authorizedNote(false);
    expect(await issuedMails()).toEqual([]);
    expect(row.customerMailed).toBe(false);
  });

  it("is queued exactly once when the settings switch it on", async () => {
    const row = await authorizedNote(true);
    const mails = await issuedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(customer.email);
    expect(mails[0]?.text).toContain(`/api/fiscal/notes/${row.id}/files/danfe`);
    expect(row.customerMailed).toBe(true);
  });
});
