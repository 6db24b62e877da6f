import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";

// Mercado Pago signs each webhook: header x-signature "ts=<time>,v1=<hex>" where v1 is
// HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;"). data.id is the one in the
// notification's query string; Mercado Pago's documentation asks for it in lower case when alphanumeric.

/** A signature older (or further in the future) than this is a replay: Mercado Pago sends at once. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export type SignatureCheck = {
  /** The x-signature header, as received. */
  xSignature: string | null | undefined;
  /** The x-request-id header. */
  xRequestId: string | null | undefined;
  /** `data.id` of the notification's query string. */
  dataId: string | null | undefined;
  secret: string;
  /** Milliseconds since the epoch. */
  now: number;
  toleranceSeconds?: number;
};

export type SignatureResult =
  | { ok: true; ts: number }
  | { ok: false; reason: "missing" | "malformed" | "mismatch" | "stale" | "no_secret" };

/** The text Mercado Pago signs. */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `id:${id};request-id:${requestId};ts:${ts};`;
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac("sha256", secret).update(manifest).digest("hex");
}

/** Reads "ts=...,v1=..." in either order, with spaces around its parts. */
function readHeader(header: string): { ts: string; v1: string } | null {
  const parts = new Map<string, string>();
  for (const part of header.split(",")) {
    const [name, ...value] = part.split("=");
    if (name !== undefined && value.length > 0) parts.set(name.trim(), value.join("=").trim());
  }
  const ts = parts.get("ts");
  const v1 = parts.get("v1");
  if (ts === undefined || v1 === undefined || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { ts, v1: v1.toLowerCase() };
}

/** Seconds: the documented header has them; some deliveries write milliseconds (13 digits). */
const secondsOf = (ts: string) => (ts.length >= 13 ? Number(ts) / 1000 : Number(ts));

/** Whether a webhook is Mercado Pago's and fresh; never throws. */
export function verifyMercadoPagoSignature(check: SignatureCheck): SignatureResult {
  if (check.secret === "") return { ok: false, reason: "no_secret" };
  if (!check.xSignature || !check.xRequestId || !check.dataId) return { ok: false, reason: "missing" };
  const header = readHeader(check.xSignature);
  if (header === null) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(
    signManifest(check.secret, signatureManifest(check.dataId, check.xRequestId, header.ts)),
    "hex",
  );
  if (!timingSafeEqual(expected, Buffer.from(header.v1, "hex"))) return { ok: false, reason: "mismatch" };
  const ts = secondsOf(header.ts);
  const tolerance = check.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(check.now / 1000 - ts) > tolerance) return { ok: false, reason: "stale" };
  return { ok: true, ts };
}
