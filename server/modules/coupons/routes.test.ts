import { describe, expect, it } from "vitest";
import { CODE_TAKEN, PERCENT_MISSING, UNTIL_BEFORE_FROM } from "../../../common/schemas/coupons.ts";
import type { CouponPage, CouponView } from "../../../common/views/coupons.ts";
import { expectAdministratorsOnly } from "../../../tests/support/api-access.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp({ setUp: true });

const promo = { code: "promo10", kind: "percent", percent: 10, min_subtotal_cents: 10000 };

async function create(body: Record<string, unknown>): Promise<CouponView> {
  const response = await t.request("POST", "/api/coupons", { token: t.superToken, body });
  if (response.status !== 201) throw new Error(`coupon create failed: ${JSON.stringify(response.body)}`);
  return response.json<CouponView>();
}

describe("access", () => {
  it("asks to sign in, and refuses customers, before reading the body", async () => {
    const existing = await create(promo);
    const user = await t.createUser("user", t.superToken);
    const calls = [
      ["GET", "/api/coupons"],
      ["POST", "/api/coupons"],
      ["GET", `/api/coupons/${existing.id}`],
      ["PUT", `/api/coupons/${existing.id}`],
      ["DELETE", `/api/coupons/${existing.id}`],
    ] as const;
    await expectAdministratorsOnly(t, user.token, calls, (method) =>
      method === "GET" || method === "DELETE" ? undefined : { code: "x" },
    );
    const admin = await t.createUser("admin", t.superToken);
    const list = await t.request("GET", "/api/coupons", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json<CouponPage>().data).toEqual([existing]);
  });
});

describe("the REST API", () => {
  it("creates, lists, reads, updates and deletes, each answer as documented", async () => {
    const token = t.superToken;
    const created = await t.request("POST", "/api/coupons", {
      token,
      body: { ...promo, valid_from: "2026-01-01", valid_until: "2199-12-31", max_uses: 10, tags: ["geleias"] },
    });
    expect(created.status).toBe(201);
    expectDocumented("post", "/api/coupons", created);
    const coupon = created.json<CouponView>();
    expect(coupon).toMatchObject({
      code: "PROMO10",
      kind: "percent",
      percent: 10,
      amount_cents: null,
      min_subtotal_cents: 10000,
      valid_from: "2026-01-01",
      valid_until: "2199-12-31",
      max_uses: 10,
      max_uses_per_customer: null,
      product_ids: [],
      tags: ["geleias"],
      active: true,
      uses: 0,
      status: "active",
    });

    const taken = await t.request("POST", "/api/coupons", { token, body: { ...promo, code: "Promo10" } });
    expect(taken.status).toBe(409);
    expect(taken.json()).toEqual({ message: `${CODE_TAKEN}.`, errors: { code: [CODE_TAKEN] } });
    expectDocumented("post", "/api/coupons", taken);

    const wrong = await t.request("POST", "/api/coupons", {
      token,
      body: { ...promo, code: "OUTRO", percent: 150, valid_from: "2026-12-10", valid_until: "2026-12-01" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { percent: [PERCENT_MISSING], valid_until: [UNTIL_BEFORE_FROM] } });
    expectDocumented("post", "/api/coupons", wrong);

    const list = await t.request("GET", "/api/coupons?q=promo&status=active", { token });
    expectDocumented("get", "/api/coupons", list);
    expect(list.json<CouponPage>().data.map((item) => item.id)).toEqual([coupon.id]);
    expect((await t.request("GET", "/api/coupons?status=expired", { token })).json<CouponPage>().data).toEqual([]);
    expect((await t.request("GET", "/api/coupons?status=outro", { token })).status).toBe(400);

    const read = await t.request("GET", `/api/coupons/${coupon.id}`, { token });
    expectDocumented("get", "/api/coupons/{id}", read);
    expect(read.json()).toEqual(coupon);
    const missing = await t.request("GET", "/api/coupons/999", { token });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: "Cupom não encontrado." });
    expectDocumented("get", "/api/coupons/{id}", missing);

    const updated = await t.request("PUT", `/api/coupons/${coupon.id}`, {
      token,
      body: { code: "FRETE", kind: "free_shipping", active: false },
    });
    expectDocumented("put", "/api/coupons/{id}", updated);
    expect(updated.json()).toMatchObject({ id: coupon.id, code: "FRETE", kind: "free_shipping", percent: null });
    expect(updated.json()).toMatchObject({ status: "inactive", valid_from: null, tags: [] });

    const deleted = await t.request("DELETE", `/api/coupons/${coupon.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ outcome: "deleted" });
    expectDocumented("delete", "/api/coupons/{id}", deleted);
    const again = await t.request("DELETE", `/api/coupons/${coupon.id}`, { token });
    expect(again.status).toBe(404);
    expectDocumented("delete", "/api/coupons/{id}", again);
  });
});
