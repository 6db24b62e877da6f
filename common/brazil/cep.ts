import { plainString, z } from "../zod.ts";
import type { StateCode } from "./states.ts";

// A CEP is kept as its 8 digits everywhere (database, services, forms); only formatCep adds the hyphen.

/**
 * The Correios' ranges of CEPs per state, by their first five digits, in order. Amazonas, the Distrito
 * Federal and Goiás hold two ranges each. 78900-000 to 78999-999, Rondônia's before it moved to
 * 76800-76999, belongs to no state now, and no CEP starts with 00.
 */
const CEP_RANGES: readonly (readonly [first: number, last: number, uf: StateCode])[] = [
  [1000, 19999, "SP"],
  [20000, 28999, "RJ"],
  [29000, 29999, "ES"],
  [30000, 39999, "MG"],
  [40000, 48999, "BA"],
  [49000, 49999, "SE"],
  [50000, 56999, "PE"],
  [57000, 57999, "AL"],
  [58000, 58999, "PB"],
  [59000, 59999, "RN"],
  [60000, 63999, "CE"],
  [64000, 64999, "PI"],
  [65000, 65999, "MA"],
  [66000, 68899, "PA"],
  [68900, 68999, "AP"],
  [69000, 69299, "AM"],
  [69300, 69399, "RR"],
  [69400, 69899, "AM"],
  [69900, 69999, "AC"],
  [70000, 72799, "DF"],
  [72800, 72999, "GO"],
  [73000, 73699, "DF"],
  [73700, 76799, "GO"],
  [76800, 76999, "RO"],
  [77000, 77999, "TO"],
  [78000, 78899, "MT"],
  [79000, 79999, "MS"],
  [80000, 87999, "PR"],
  [88000, 89999, "SC"],
  [90000, 99999, "RS"],
];

function stateOfDigits(digits: string): StateCode | null {
  const prefix = Number(digits.slice(0, 5));
  for (const [first, last, uf] of CEP_RANGES) {
    if (prefix < first) return null;
    if (prefix <= last) return uf;
  }
  return null;
}

/** Five digits, an optional hyphen, three digits; `\d` is ASCII 0-9 only, so other scripts' digits are refused. */
const CEP = /^(\d{5})-?(\d{3})$/;

/**
 * A CEP as typed to its 8 digits: "01310-100", "01310100" and " 01310-100 " give "01310100". null for
 * anything else (letters, spaces or dots inside, other lengths) and for CEPs in no state's range, such
 * as "00000-000": the shop needs the state of every address it ships to.
 */
export function normalizeCep(text: string): string | null {
  const match = CEP.exec(text.trim());
  if (!match) return null;
  const digits = `${match[1]}${match[2]}`;
  return stateOfDigits(digits) === null ? null : digits;
}

/** 8 digits as shown to people: "01310100" -> "01310-100". Throws a RangeError for anything else: a bug upstream. */
export function formatCep(digits: string): string {
  if (!/^\d{8}$/.test(digits)) throw new RangeError(`Not a CEP's 8 digits: ${JSON.stringify(digits)}`);
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** The state (UF) of a CEP, typed in a form normalizeCep reads; null when it is none. */
export function ufOfCep(cep: string): StateCode | null {
  const digits = normalizeCep(cep);
  return digits === null ? null : stateOfDigits(digits);
}

/**
 * Why a CEP cannot be in state `uf` ("O CEP 50010-000 é de PE, não de SP"), or null when it is (or when
 * either is not readable: their own fields say so). Shipping is quoted for the CEP, so an address in another
 * state would be charged another state's rate.
 */
export function cepStateMismatch(cep: string, uf: string): string | null {
  const digits = normalizeCep(cep);
  const actual = digits === null ? null : stateOfDigits(digits);
  if (digits === null || actual === null || uf === "" || actual === uf) return null;
  return `O CEP ${formatCep(digits)} é de ${actual}, não de ${uf}`;
}

export const CEP_FORMAT_MESSAGE = "Informe um CEP válido, como 01310-100";

/** A form's CEP (text, as typed) read as its 8 digits. */
export const cepField = () =>
  plainString({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .transform(normalizeCep)
    .pipe(z.string({ error: CEP_FORMAT_MESSAGE }));
