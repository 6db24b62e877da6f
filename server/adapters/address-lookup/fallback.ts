import { type AddressLookup, type LookupResult, NOT_FOUND, UNAVAILABLE } from "./address-lookup.ts";
import { BRASILAPI_URL, createBrasilApiLookup } from "./brasilapi.ts";
import { createViaCepLookup, VIACEP_URL } from "./viacep.ts";

/** How long each service gets: the customer is waiting at checkout, and the form can be filled by hand. */
export const DEFAULT_TIMEOUT_MS = 3000;

/**
 * Asks each lookup in order, each within timeoutMs, until one finds the address. A service that does
 * not know a CEP is not the last word (another's data may be newer), so not_found comes only after
 * every lookup was asked and at least one said so; when none could answer, unavailable.
 */
export function firstToFind(lookups: readonly AddressLookup[], timeoutMs = DEFAULT_TIMEOUT_MS): AddressLookup {
  return {
    async find(cep, signal) {
      let notFound = false;
      for (const lookup of lookups) {
        if (signal?.aborted) break;
        const timeout = AbortSignal.timeout(timeoutMs);
        const result = await findSafely(lookup, cep, signal ? AbortSignal.any([signal, timeout]) : timeout);
        if (result.kind === "found") return result;
        if (result.kind === "not_found") notFound = true;
      }
      return notFound ? NOT_FOUND : UNAVAILABLE;
    },
  };
}

/** Unavailable once the signal ends, for a lookup that would not stop when told to. */
function whenAborted(signal: AbortSignal): Promise<LookupResult> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(UNAVAILABLE);
    else signal.addEventListener("abort", () => resolve(UNAVAILABLE), { once: true });
  });
}

/** A lookup that throws, or has not answered when the signal ends, has not answered. */
async function findSafely(lookup: AddressLookup, cep: string, signal: AbortSignal): Promise<LookupResult> {
  try {
    return await Promise.race([lookup.find(cep, signal), whenAborted(signal)]);
  } catch {
    return UNAVAILABLE;
  }
}

export type AddressLookupOptions = { viaCepUrl?: string; brasilApiUrl?: string; timeoutMs?: number };

/** ViaCEP, then BrasilAPI. Nothing is asked before the first find. */
export function createAddressLookup({
  viaCepUrl = VIACEP_URL,
  brasilApiUrl = BRASILAPI_URL,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: AddressLookupOptions = {}): AddressLookup {
  return firstToFind(
    [createViaCepLookup({ baseUrl: viaCepUrl }), createBrasilApiLookup({ baseUrl: brasilApiUrl })],
    timeoutMs,
  );
}
