import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/*
 * The secrets the product keeps for itself (provider tokens, TOTP secrets) sealed with AES-256-GCM from
 * node:crypto (OpenSSL) under a key that lives outside the database: SECRETS_KEY. A sealed value reads
 * `cms-secret:v1:<key id>:<nonce, ciphertext and tag in base64url>`; the key id names the key that sealed
 * it, so a value sealed under SECRETS_KEY_OLD is still opened (and sealed again under the new key at
 * start). Anything without the prefix is a value from before the key: it is read as it is.
 * docs/decisions/0021-secrets-at-rest.md
 */

const PREFIX = "cms-secret:v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** The key's bytes, from 64 hex digits or base64 (also base64url) of 32 bytes; null for anything else. */
export function parseSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (HEX_KEY.test(value)) return Buffer.from(value, "hex");
  if (!BASE64_KEY.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** A short name of the key, stored beside each value it seals: says which key opens it, tells nothing of it. */
const keyIdOf = (key: Buffer) =>
  createHash("sha256").update("cms secrets key id\0").update(key).digest("hex").slice(0, 8);

/** Why a stored value could not be opened: sealed while no key is set now, under a key that is not set, or changed. */
export type UnreadableReason = "no_key" | "unknown_key" | "damaged";

export type Opened = { ok: true; value: string } | { ok: false; reason: UnreadableReason };

export type SecretBox = {
  /** Whether a key is set: without one, values are kept as they are given. */
  readonly sealing: boolean;
  /**
   * `value` sealed under the current key, bound to `purpose` (which field it is: a sealed value copied to
   * another field does not open). Empty stays empty (a setting not given); without a key, the value itself.
   */
  seal(purpose: string, value: string): string;
  /** A stored value as it was given: sealed ones opened, values from before the key as they are. */
  open(purpose: string, stored: string): Opened;
  /**
   * Whether `stored` should be written again: clear while a key is set, or sealed under an old key. One
   * that cannot be opened is left as it is (the right key may come back).
   */
  needsSealing(stored: string): boolean;
};

const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function createSecretBox(keys: { key?: string; oldKey?: string }): SecretBox {
  const parse = (text: string | undefined, name: string) => {
    if (text === undefined) return null;
    const key = parseSecretsKey(text);
    if (!key) throw new Error(`${name} is not 32 bytes in base64 or hex`);
    return key;
  };
  const current = parse(keys.key, "SECRETS_KEY");
  const old = parse(keys.oldKey, "SECRETS_KEY_OLD");
  const byId = new Map<string, Buffer>();
  if (old) byId.set(keyIdOf(old), old);
  if (current) byId.set(keyIdOf(current), current);
  const currentId = current ? keyIdOf(current) : null;

  function open(purpose: string, stored: string): Opened {
    if (!isSealed(stored)) return { ok: true, value: stored };
    const [id = "", payload = ""] = stored.slice(PREFIX.length).split(":");
    const key = byId.get(id);
    if (!key) return { ok: false, reason: current ? "unknown_key" : "no_key" };
    const bytes = Buffer.from(payload, "base64url");
    if (bytes.length < NONCE_BYTES + TAG_BYTES) return { ok: false, reason: "damaged" };
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return { ok: true, value: plain.toString("utf8") };
    } catch {
      return { ok: false, reason: "damaged" };
    }
  }

  return {
    sealing: current !== null,
    seal(purpose, value) {
      if (!current || !currentId || value === "") return value;
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const sealed = Buffer.concat([nonce, cipher.update(value, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${currentId}:${sealed.toString("base64url")}`;
    },
    open,
    needsSealing(stored) {
      if (!currentId || stored === "") return false;
      if (!isSealed(stored)) return true;
      const id = stored.slice(PREFIX.length).split(":")[0];
      return id !== currentId && id !== undefined && byId.has(id);
    },
  };
}
