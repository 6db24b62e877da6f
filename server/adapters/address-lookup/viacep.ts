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

export const VIACEP_URL = "https://viacep.com.br";

/** ViaCEP's answer for a known CEP; the fields it adds (ibge, ddd, ...) are not used. */
const foundSchema = z.object({
  cep: z.string(),
  logradouro: optionalAnswerText,
  complemento: optionalAnswerText,
  bairro: optionalAnswerText,
  localidade: requiredAnswerText,
  uf: answerStateCode,
});

/** ViaCEP answers an unknown CEP with 200 and `{"erro": true}`; older versions wrote "true" as text. */
const notFoundSchema = z.object({ erro: z.union([z.literal(true), z.literal("true")]) });

/** ViaCEP: GET {baseUrl}/ws/{cep}/json/. A malformed CEP is a 400, which no well-formed one should get. */
export function createViaCepLookup({ baseUrl = VIACEP_URL }: { baseUrl?: string } = {}): AddressLookup {
  const base = withoutTrailingSlash(baseUrl);
  return {
    async find(cep, signal) {
      const digits = normalizeCep(cep);
      if (digits === null) return NOT_FOUND;
      const answer = await getJson(`${base}/ws/${digits}/json/`, signal);
      if (answer?.status !== 200) return UNAVAILABLE;
      if (notFoundSchema.safeParse(answer.body).success) return NOT_FOUND;
      const found = foundSchema.safeParse(answer.body);
      // An answer about another CEP is as wrong as a malformed one.
      if (!found.success || normalizeCep(found.data.cep) !== digits) return UNAVAILABLE;
      const { logradouro, complemento, bairro, localidade, uf } = found.data;
      return {
        kind: "found",
        address: {
          cep: digits,
          street: logradouro,
          neighborhood: bairro,
          city: localidade,
          uf,
          complement: complemento,
        },
      };
    },
  };
}
