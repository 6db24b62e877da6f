import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** What the members' browser stories (members.spec.ts, members-own-site.spec.ts) share. */

export const REGISTER = "/conta/membros";

/** Today in São Paulo as the pages write a day: "04/12/2026". */
export const today = () => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date());

/** A CPF no other test run has: nine random digits and their two check digits (mod 11). */
export function uniqueCpf(): string {
  const digits = Array.from(randomBytes(9), (byte) => byte % 10);
  // A CPF of one repeated digit passes the check digits but is refused as a whole.
  if (digits.every((digit) => digit === digits[0])) return uniqueCpf();
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  const text = digits.join("");
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}

/** A CNPJ no other test run has: twelve random digits and their two check digits (mod 11, weights 2 to 9). */
export function uniqueCnpj(): string {
  const digits = Array.from(randomBytes(12), (byte) => byte % 10);
  if (digits.every((digit) => digit === digits[0])) return uniqueCnpj();
  for (const length of [12, 13]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (((length - 1 - index) % 8) + 2), 0);
    digits.push(sum % 11 < 2 ? 0 : 11 - (sum % 11));
  }
  const text = digits.join("");
  return `${text.slice(0, 2)}.${text.slice(2, 5)}.${text.slice(5, 8)}/${text.slice(8, 12)}-${text.slice(12)}`;
}

/** The register's search box, for `text`, and the list it answers. */
export async function searchRegister(page: Page, text: string) {
  const box = page.getByRole("search", { name: "Buscar por nome, e-mail, CPF/CNPJ ou número" });
  await box.getByRole("searchbox", { name: "Buscar" }).fill(text);
  await box.getByRole("button", { name: "Buscar" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
  return page.getByRole("table", { name: "Associados, por número" });
}
