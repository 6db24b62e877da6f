import { normalizeCep } from "../../../common/brazil/cep.ts";
import { z } from "../../../common/zod.ts";
import {
  type AddressLookup,
  answerStateCode,
  getJson,
  NOT_FOUND,
  optionalAnswerText,
  requiredAnswerText,
  UNAVAILABLE,
  withoutTrailingSlash,
} from "./address-lookup.ts";

export const BRASILAPI_URL = "https://brasilapi.com.br";

/** BrasilAPI's answer for a known CEP; it has no complement, and its service and location are not used. */
const foundSchema = z.object({
  cep: z.string(),
  state: answerStateCode,
  city: requiredAnswerText,
  neighborhood: optionalAnswerText,
  street: optionalAnswerText,
});

/** BrasilAPI (CEP v2): GET {baseUrl}/api/cep/v2/{cep}; 404 for a CEP none of its sources knows. */
export function createBrasilApiLookup({ baseUrl = BRASILAPI_URL }: { baseUrl?: string } = {}): AddressLookup {
  const base = withoutTrailingSlash(baseUrl);
  return {
    async find(cep, signal) {
      const digits = normalizeCep(cep);
      if (digits === null) return NOT_FOUND;
      const answer = await getJson(`${base}/api/cep/v2/${digits}`, signal);
      if (answer?.status === 404) return NOT_FOUND;
      if (answer?.status !== 200) return UNAVAILABLE;
      const found = foundSchema.safeParse(answer.body);
      // An answer about another CEP is as wrong as a malformed one.
      if (!found.success || normalizeCep(found.data.cep) !== digits) return UNAVAILABLE;
      const { street, neighborhood, city, state } = found.data;
      return { kind: "found", address: { cep: digits, street, neighborhood, city, uf: state, complement: "" } };
    },
  };
}
