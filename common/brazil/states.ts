// Kept to the 27 codes and names: forms on the public pages import it, so the municipalities stay in
// municipalities.ts, which only server code reads.

/** The 26 states and the Distrito Federal, sorted by name as a Brazilian reader expects. */
export const states = [
  { code: "AC", name: "Acre" },
  { code: "AL", name: "Alagoas" },
  { code: "AP", name: "Amapá" },
  { code: "AM", name: "Amazonas" },
  { code: "BA", name: "Bahia" },
  { code: "CE", name: "Ceará" },
  { code: "DF", name: "Distrito Federal" },
  { code: "ES", name: "Espírito Santo" },
  { code: "GO", name: "Goiás" },
  { code: "MA", name: "Maranhão" },
  { code: "MT", name: "Mato Grosso" },
  { code: "MS", name: "Mato Grosso do Sul" },
  { code: "MG", name: "Minas Gerais" },
  { code: "PA", name: "Pará" },
  { code: "PB", name: "Paraíba" },
  { code: "PR", name: "Paraná" },
  { code: "PE", name: "Pernambuco" },
  { code: "PI", name: "Piauí" },
  { code: "RJ", name: "Rio de Janeiro" },
  { code: "RN", name: "Rio Grande do Norte" },
  { code: "RS", name: "Rio Grande do Sul" },
  { code: "RO", name: "Rondônia" },
  { code: "RR", name: "Roraima" },
  { code: "SC", name: "Santa Catarina" },
  { code: "SP", name: "São Paulo" },
  { code: "SE", name: "Sergipe" },
  { code: "TO", name: "Tocantins" },
] as const satisfies readonly { code: string; name: string }[];

/** A state's two-letter code (UF), such as "SP". */
export type StateCode = (typeof states)[number]["code"];

const codes: ReadonlySet<string> = new Set(states.map((state) => state.code));

/** Exactly one of the 27 codes, in capitals: "sp" is not a code. */
export function isStateCode(value: string): value is StateCode {
  return codes.has(value);
}

export const STATE_PLACEHOLDER = "Selecione o estado";

/** The state select's options: an empty placeholder first, then every state by name. */
export const stateOptions: readonly { value: StateCode | ""; label: string }[] = [
  { value: "", label: STATE_PLACEHOLDER },
  ...states.map((state) => ({ value: state.code, label: state.name })),
];
