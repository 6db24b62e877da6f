import { argon2Sync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("stores an argon2id PHC string with a fresh salt each time", async () => {
    const first = await hashPassword("segredo123");
    const second = await hashPassword("segredo123");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("segredo123");
  });

  it("verifies the right password only", async () => {
    const hash = await hashPassword("Segredo-ção");
    expect(await verifyPassword("Segredo-ção", hash)).toBe(true);
    expect(await verifyPassword("segredo-ção", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("reads the cost from the stored string, so hashes made before a tuning keep working", async () => {
    const salt = randomBytes(16);
    const tag = argon2Sync("argon2id", {
      message: "segredo123",
      nonce: salt,
      memory: 8192,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    });
    const older = `$argon2id$v=19$m=8192,t=2,p=1$${salt.toString("base64url")}$${tag.toString("base64url")}`;
    expect(await verifyPassword("segredo123", older)).toBe(true);
    expect(await verifyPassword("segredo123", older.replace("t=2", "t=3"))).toBe(false);
  });

  it("refuses anything that is not an argon2id PHC string", async () => {
    for (const stored of [
      "",
      "segredo123",
      "$2b$10$abcdefghijklmnopqrstuv",
      "$argon2i$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA",
    ]) {
      expect(await verifyPassword("segredo123", stored), stored).toBe(false);
    }
  });
});
