import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, parseSecretsKey } from "./secret-box.ts";

const KEY = randomBytes(32).toString("base64");
const OTHER_KEY = randomBytes(32).toString("hex");
const TOKEN = "APP_USR-1234567890-abcdef";

describe("the secret box", () => {
  it("seals a value that only its key opens, for the field it was sealed for", () => {
    const box = createSecretBox({ key: KEY });
    const sealed = box.seal("shop.token", TOKEN);
    expect(sealed).toMatch(/^cms-secret:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(TOKEN);
    expect(box.seal("shop.token", TOKEN)).not.toBe(sealed);
    expect(box.open("shop.token", sealed)).toEqual({ ok: true, value: TOKEN });
    expect(box.open("other.field", sealed)).toEqual({ ok: false, reason: "damaged" });
    expect(createSecretBox({ key: OTHER_KEY }).open("shop.token", sealed)).toEqual({
      ok: false,
      reason: "unknown_key",
    });
    expect(createSecretBox({}).open("shop.token", sealed)).toEqual({ ok: false, reason: "no_key" });
  });

  it("refuses a sealed value changed by one character", () => {
    const box = createSecretBox({ key: KEY });
    const sealed = box.seal("shop.token", TOKEN);
    const last = sealed.at(-2) === "A" ? "B" : "A";
    const tampered = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(box.open("shop.token", tampered)).toEqual({ ok: false, reason: "damaged" });
    expect(box.open("shop.token", sealed.slice(0, 30))).toEqual({ ok: false, reason: "damaged" });
  });

  it("reads a value from before the key as it is, and says it is to be sealed", () => {
    const box = createSecretBox({ key: KEY });
    expect(box.open("shop.token", TOKEN)).toEqual({ ok: true, value: TOKEN });
    expect(box.needsSealing(TOKEN)).toBe(true);
    expect(box.needsSealing(box.seal("shop.token", TOKEN))).toBe(false);
    expect(box.needsSealing("")).toBe(false);
    expect(box.seal("shop.token", "")).toBe("");
  });

  it("keeps values as they are without a key", () => {
    const box = createSecretBox({});
    expect(box.sealing).toBe(false);
    expect(box.seal("shop.token", TOKEN)).toBe(TOKEN);
    expect(box.needsSealing(TOKEN)).toBe(false);
  });

  it("opens what the old key sealed and asks for it to be sealed again under the new one", () => {
    const sealedBefore = createSecretBox({ key: OTHER_KEY }).seal("shop.token", TOKEN);
    const rotated = createSecretBox({ key: KEY, oldKey: OTHER_KEY });
    expect(rotated.open("shop.token", sealedBefore)).toEqual({ ok: true, value: TOKEN });
    expect(rotated.needsSealing(sealedBefore)).toBe(true);
    const resealed = rotated.seal("shop.token", TOKEN);
    expect(rotated.needsSealing(resealed)).toBe(false);
    expect(createSecretBox({ key: KEY }).open("shop.token", resealed)).toEqual({ ok: true, value: TOKEN });
    expect(createSecretBox({ key: KEY }).needsSealing(sealedBefore)).toBe(false);
  });

  it("takes 32 bytes in hex, base64 or base64url, and nothing else", () => {
    const bytes = randomBytes(32);
    expect(parseSecretsKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString("base64"))).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString("base64url"))).toEqual(bytes);
    expect(parseSecretsKey(randomBytes(16).toString("hex"))).toBeNull();
    expect(parseSecretsKey(randomBytes(24).toString("base64"))).toBeNull();
    expect(parseSecretsKey("uma senha qualquer")).toBeNull();
  });
});
