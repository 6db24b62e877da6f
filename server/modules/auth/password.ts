import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const argon2Async = promisify(argon2);

// OWASP's argon2id profile (19 MiB, 3 passes): about 50 ms on our 2-core machines.
const MEMORY_KIB = 19456;
const PASSES = 3;
const PARALLELISM = 1;
const TAG_LENGTH = 32;

async function derive(password: string, salt: Buffer, memory: number, passes: number, parallelism: number) {
  return argon2Async("argon2id", {
    message: password,
    nonce: salt,
    memory,
    passes,
    parallelism,
    tagLength: TAG_LENGTH,
  });
}

/**
 * The hash of an account that has no password yet (a customer brought by an import): no password
 * matches it, so she signs in only after choosing one with "Esqueci minha senha".
 */
export const NO_PASSWORD = "!";

/** Returns a PHC string: $argon2id$v=19$m=...,t=...,p=...$salt$hash */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, MEMORY_KIB, PASSES, PARALLELISM);
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(phc);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, expected] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expectedHash = Buffer.from(expected, "base64url");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(memory),
    Number(passes),
    Number(parallelism),
  );
  return actual.length === expectedHash.length && timingSafeEqual(actual, expectedHash);
}
