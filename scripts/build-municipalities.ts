/**
 * Writes common/brazil/municipalities.json, the municipalities of each state (`{ "AC": ["Acrelândia", ...] }`,
 * names sorted in pt-BR collation), from a copy of the npm package @brazilian-utils/brazilian-utils 2.4.0
 * (MIT licence, Copyright (c) 2018 Hyan Mandian; https://github.com/brazilian-utils/javascript). Its
 * getMunicipalities() carries, offline, the IBGE's list of municipalities with their 7-digit codes, as the
 * IBGE Localidades service publishes it (https://servicodados.ibge.gov.br/api/docs/localidades): 5,571
 * names, Brasília for the Distrito Federal and the state district of Fernando de Noronha among them.
 *
 * The package is not a dependency of the project; unpack it anywhere and point the script at it:
 *
 *   cd /tmp && npm pack @brazilian-utils/brazilian-utils@2.4.0 && tar xzf brazilian-utils-brazilian-utils-2.4.0.tgz
 *   node scripts/build-municipalities.ts /tmp/package
 *
 * Another version is refused until SOURCE_VERSION and this comment name it.
 *
 * The package's licence notice goes with the data: common/brazil/municipalities-LICENSE.txt.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { states } from "../common/brazil/states.ts";
import { hasControlCharacter, z } from "../common/zod.ts";

const SOURCE_PACKAGE = "@brazilian-utils/brazilian-utils";
const SOURCE_VERSION = "2.4.0";

const OUTPUT = path.resolve(import.meta.dirname, "../common/brazil/municipalities.json");

/** The IBGE's code of each state: the first two digits of its municipalities' codes. */
const IBGE_STATE_CODES: Record<string, string> = {
  RO: "11",
  AC: "12",
  AM: "13",
  RR: "14",
  PA: "15",
  AP: "16",
  TO: "17",
  MA: "21",
  PI: "22",
  CE: "23",
  RN: "24",
  PB: "25",
  PE: "26",
  AL: "27",
  SE: "28",
  BA: "29",
  MG: "31",
  ES: "32",
  RJ: "33",
  SP: "35",
  PR: "41",
  SC: "42",
  RS: "43",
  MS: "50",
  MT: "51",
  GO: "52",
  DF: "53",
};

const manifestSchema = z.object({ name: z.string(), version: z.string() });

const municipalitiesSchema = z.array(
  z.object({
    code: z.string().regex(/^\d{7}$/),
    name: z.string().refine((name) => /^\S+(?: \S+)*$/.test(name) && !hasControlCharacter(name)),
    stateCode: z.string(),
  }),
);

type Municipality = z.infer<typeof municipalitiesSchema>[number];

async function readSource(packageDir: string): Promise<Municipality[]> {
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")));
  if (manifest.name !== SOURCE_PACKAGE || manifest.version !== SOURCE_VERSION) {
    throw new Error(`Expected ${SOURCE_PACKAGE} ${SOURCE_VERSION}, found ${manifest.name} ${manifest.version}`);
  }
  const entry = pathToFileURL(path.join(packageDir, "dist/get-municipalities.js")).href;
  const exported: unknown = (await import(entry)).getMunicipalities;
  if (typeof exported !== "function") throw new Error(`${entry} exports no getMunicipalities function`);
  const all: unknown = exported();
  return municipalitiesSchema.parse(all);
}

/** Groups by state, checking every code against its state and every state and name once. */
function groupByState(municipalities: readonly Municipality[]): Record<string, string[]> {
  const byState = new Map<string, string[]>(states.map((state) => [state.code, []]));
  const codes = new Set<string>();
  for (const { code, name, stateCode } of municipalities) {
    const names = byState.get(stateCode);
    if (!names) throw new Error(`Unknown state ${stateCode} for ${name}`);
    if (!code.startsWith(IBGE_STATE_CODES[stateCode] ?? ""))
      throw new Error(`${name}'s code ${code} is not ${stateCode}'s`);
    if (codes.has(code)) throw new Error(`Code ${code} twice`);
    if (names.includes(name)) throw new Error(`${name} twice in ${stateCode}`);
    codes.add(code);
    names.push(name);
  }
  const collator = new Intl.Collator("pt-BR");
  const sortedStates = [...byState.keys()].sort();
  for (const stateCode of sortedStates) {
    if (byState.get(stateCode)?.length === 0) throw new Error(`No municipality for ${stateCode}`);
  }
  return Object.fromEntries(
    sortedStates.map((stateCode) => [stateCode, (byState.get(stateCode) ?? []).sort(collator.compare)]),
  );
}

const LINE_WIDTH = 120;

/**
 * JSON laid out as `biome format` lays it out, so the lint passes on the file as written: one name a line,
 * or the whole list on its state's line when it fits in the line width (Brasília alone does).
 */
export function renderMunicipalities(byState: Readonly<Record<string, readonly string[]>>): string {
  const lines = Object.entries(byState).map(([stateCode, names], index, entries) => {
    const comma = index < entries.length - 1 ? "," : "";
    const key = `  ${JSON.stringify(stateCode)}: `;
    const inline = `${key}[${names.map((name) => JSON.stringify(name)).join(", ")}]${comma}`;
    if (inline.length <= LINE_WIDTH) return inline;
    return [`${key}[`, names.map((name) => `    ${JSON.stringify(name)}`).join(",\n"), `  ]${comma}`].join("\n");
  });
  return `{\n${lines.join("\n")}\n}\n`;
}

if (import.meta.main) {
  const packageDir = process.argv[2];
  if (!packageDir) {
    console.error("Usage: node scripts/build-municipalities.ts <unpacked @brazilian-utils/brazilian-utils folder>");
    process.exit(2);
  }
  const byState = groupByState(await readSource(path.resolve(packageDir)));
  fs.writeFileSync(OUTPUT, renderMunicipalities(byState));
  const total = Object.values(byState).reduce((sum, names) => sum + names.length, 0);
  console.log(
    `${path.relative(process.cwd(), OUTPUT)}: ${total} municipalities in ${Object.keys(byState).length} states`,
  );
}
