import { describe, expect, it } from "vitest";
import { signatureManifest, signManifest, verifyMercadoPagoSignature } from "./mercadopago-signature.ts";

const SECRET = "segredo-do-webhook";
const REQUEST_ID = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e";
const TS = 1704908010;
/** HMAC-SHA256 of "id:1325000001;request-id:<REQUEST_ID>;ts:1704908010;", computed with openssl. */
const V1 = "89d2dab3e5a7e4489db31b216395a27b38fa660da43a943190f1bce7a73a81e2";

const check = (overrides: Partial<Parameters<typeof verifyMercadoPagoSignature>[0]> = {}) =>
  verifyMercadoPagoSignature({
    xSignature: `ts=${TS},v1=${V1}`,
    xRequestId: REQUEST_ID,
    dataId: "1325000001",
    secret: SECRET,
    now: TS * 1000 + 30_000,
    ...overrides,
  });

describe("verifyMercadoPagoSignature", () => {
  it("accepts Mercado Pago's signature of id, request id and ts", () => {
    expect(check()).toEqual({ ok: true, ts: TS });
    expect(check({ xSignature: ` v1=${V1.toUpperCase()} , ts=${TS} ` })).toEqual({ ok: true, ts: TS });
  });

  it("signs the manifest with the documented template, an alphanumeric id in lower case", () => {
    expect(signatureManifest("ABC123xyz", REQUEST_ID, "1704908010")).toBe(
      `id:abc123xyz;request-id:${REQUEST_ID};ts:1704908010;`,
    );
    expect(signManifest(SECRET, signatureManifest("ABC123xyz", REQUEST_ID, "1704908010"))).toBe(
      "90b03c32e08fdf126ab19e19666e733fc0727ceaed767d65768ef2985ad78521",
    );
    const v1 = signManifest(SECRET, signatureManifest("abc123xyz", REQUEST_ID, String(TS)));
    expect(check({ dataId: "ABC123XYZ", xSignature: `ts=${TS},v1=${v1}` }).ok).toBe(true);
  });

  it("refuses another secret, another id, another request id or another ts", () => {
    expect(check({ secret: "outro-segredo" })).toEqual({ ok: false, reason: "mismatch" });
    expect(check({ dataId: "1325000002" })).toEqual({ ok: false, reason: "mismatch" });
    expect(check({ xRequestId: "00000000-6aae-46ac-982e-9dcd3581d08e" })).toEqual({ ok: false, reason: "mismatch" });
    expect(check({ xSignature: `ts=${TS + 1},v1=${V1}`, now: TS * 1000 })).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("refuses a signature older or newer than the tolerance: a replay", () => {
    expect(check({ now: (TS + 5 * 60) * 1000 }).ok).toBe(true);
    expect(check({ now: (TS + 5 * 60 + 1) * 1000 })).toEqual({ ok: false, reason: "stale" });
    expect(check({ now: (TS - 5 * 60 - 1) * 1000 })).toEqual({ ok: false, reason: "stale" });
    expect(check({ now: (TS + 3600) * 1000, toleranceSeconds: 7200 }).ok).toBe(true);
  });

  it("reads a ts written in milliseconds", () => {
    const ts = "1704908010123";
    const v1 = signManifest(SECRET, signatureManifest("1325000001", REQUEST_ID, ts));
    expect(check({ xSignature: `ts=${ts},v1=${v1}`, now: 1704908010123 + 1000 })).toEqual({
      ok: true,
      ts: 1704908010.123,
    });
    expect(check({ xSignature: `ts=${ts},v1=${v1}`, now: 1704908010123 + 600_000 })).toEqual({
      ok: false,
      reason: "stale",
    });
  });

  it("answers missing and malformed headers without throwing", () => {
    expect(check({ xSignature: null })).toEqual({ ok: false, reason: "missing" });
    expect(check({ xRequestId: "" })).toEqual({ ok: false, reason: "missing" });
    expect(check({ dataId: undefined })).toEqual({ ok: false, reason: "missing" });
    for (const header of ["v1=abc", `ts=${TS}`, `ts=abc,v1=${V1}`, `ts=${TS},v1=${V1.slice(2)}`, "lixo", ",,="])
      expect(check({ xSignature: header }), header).toEqual({ ok: false, reason: "malformed" });
    expect(check({ secret: "" })).toEqual({ ok: false, reason: "no_secret" });
  });
});
