import { type FakeCepServer, jsonAnswer, startFakeCepServer, viaCepBody } from "../support/fake-cep-server.ts";

/**
 * The CEP lookup the e2e servers ask (VIACEP_URL and BRASILAPI_URL point at a local fake): one CEP with
 * its address, one that both services fail to answer (the form is then filled by hand), every other
 * one unknown.
 */
export const FOUND_CEP = {
  cep: "01310100",
  street: "Avenida Paulista",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  uf: "SP",
  complement: "",
} as const;

/** Both services fail for this one (São Paulo's range, so the table rate of the shop specs covers it). */
export const UNREACHABLE_CEP = "04538133";

export async function startE2eCepServer(): Promise<FakeCepServer> {
  const fake = await startFakeCepServer();
  fake.viacep.set(FOUND_CEP.cep, jsonAnswer(viaCepBody(FOUND_CEP)));
  fake.viacep.set(UNREACHABLE_CEP, jsonAnswer({ message: "erro interno" }, 500));
  fake.brasilapi.set(UNREACHABLE_CEP, { status: 502, body: "<html>Bad Gateway</html>" });
  return fake;
}
