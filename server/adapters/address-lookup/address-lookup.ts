/**
 * Finding the address of a CEP (checkout fills the street, neighbourhood, city and state from it). A
 * service may be slow or down: "unavailable" sends the customer to the hand-filled form, with the state
 * taken from the CEP itself (offlineAddress).
 */
import { ufOfCep } from "../../../common/brazil/cep.ts";
import { isStateCode, type StateCode } from "../../../common/brazil/states.ts";
import { plainString, z } from "../../../common/zod.ts";

/** Street and neighbourhood are empty for a town that has one CEP for all its addresses. */
export type FoundAddress = {
  /** 8 digits. */
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  uf: StateCode;
  complement: string;
};

export type LookupResult = { kind: "found"; address: FoundAddress } | { kind: "not_found" } | { kind: "unavailable" };

export type AddressLookup = {
  /**
   * Text as typed: one that is not a CEP (normalizeCep) is not_found without a request. The signal, when
   * given, ends the requests early; the answer is then unavailable.
   */
  find(cep: string, signal?: AbortSignal): Promise<LookupResult>;
};

export const NOT_FOUND: LookupResult = { kind: "not_found" };
export const UNAVAILABLE: LookupResult = { kind: "unavailable" };

/** The state known without asking a service, for the hand-filled form. */
export function offlineAddress(cep: string): { uf: StateCode | null } {
  return { uf: ufOfCep(cep) };
}

// What a service sends ends up in forms and orders: the same rules as typed text, and a malformed
// answer counts as no answer.
const MAX_TEXT = 200;

/** Text a service may leave out or send as null for a town with one CEP. */
export const optionalAnswerText = plainString()
  .trim()
  .max(MAX_TEXT)
  .nullish()
  .transform((value) => value ?? "");

export const requiredAnswerText = plainString().trim().min(1).max(MAX_TEXT);

export const answerStateCode = z.custom<StateCode>((value) => typeof value === "string" && isStateCode(value));

/** A base address without its trailing slashes, so that a path can follow it. */
export const withoutTrailingSlash = (baseUrl: string) => baseUrl.replace(/\/+$/, "");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * GET a JSON answer: its status and body (undefined when the body is not JSON), or null when the
 * service could not be reached or did not answer before the signal ended the request.
 */
export async function getJson(url: string, signal?: AbortSignal): Promise<{ status: number; body: unknown } | null> {
  try {
    const response = await fetch(url, { signal, headers: { accept: "application/json" } });
    return { status: response.status, body: parseJson(await response.text()) };
  } catch {
    return null;
  }
}
