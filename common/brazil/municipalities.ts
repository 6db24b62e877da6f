import { getMunicipalities } from "@brazilian-utils/brazilian-utils";
import { isStateCode, states } from "./states.ts";

// The IBGE's list of municipalities (IBGE Localidades, 5,571 names), as @brazilian-utils carries it offline.
// The names weigh about 110 KB: server code (loaders, services) reads them here and sends a browser one
// state's list at most. Public pages import states.ts, never this module.

const byState: ReadonlyMap<string, readonly string[]> = new Map(
  states.map(({ code }) => [code, Object.freeze(getMunicipalities(code).map((municipality) => municipality.name))]),
);

/** The municipalities of a state (UF, such as "SP"), sorted by name; empty for anything but the 27 codes. */
export function municipalitiesOf(uf: string): readonly string[] {
  return byState.get(uf) ?? [];
}

/**
 * Names compared without accents, case, apostrophe style or hyphens: "Sao Joao d’Alianca" and
 * "são joão d'aliança" are both São João d'Aliança, "Olhos d'Agua" is Olhos-d'Água.
 */
function comparable(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("pt-BR")
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\s-]+/g, " ")
    .trim();
}

/** Each state's municipalities by their comparable name, with the IBGE's 7-digit code. */
const codesByState = new Map<string, ReadonlyMap<string, string>>();

function codesOf(uf: string): ReadonlyMap<string, string> | null {
  let codes = codesByState.get(uf);
  if (!codes) {
    if (!isStateCode(uf)) return null;
    codes = new Map(getMunicipalities(uf).map(({ name, code }) => [comparable(name), code]));
    codesByState.set(uf, codes);
  }
  return codes;
}

/** Whether a name is one of the state's municipalities, however it is accented or capitalised. */
export function isMunicipalityOf(uf: string, name: string): boolean {
  return codesOf(uf)?.has(comparable(name)) ?? false;
}

/** The IBGE code of a state's municipality (what a nota fiscal names it by), or null when it is not one. */
export function municipalityCode(uf: string, name: string): string | null {
  return codesOf(uf)?.get(comparable(name)) ?? null;
}
