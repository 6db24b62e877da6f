/** Language names as the library shows them, with the codes and spellings reference managers export. */
const languageAliases: Record<string, string[]> = {
  Português: ["pt", "pt-br", "pt_br", "pt-pt", "por", "portuguese", "portugues", "brazilian", "brazilian portuguese"],
  Inglês: ["en", "en-us", "en-gb", "eng", "english", "ingles"],
  Espanhol: ["es", "spa", "spanish", "espanol", "español", "castellano"],
  Francês: ["fr", "fra", "fre", "french", "frances", "français"],
  Italiano: ["it", "ita", "italian"],
  Alemão: ["de", "deu", "ger", "german", "alemao", "deutsch"],
  Guarani: ["gn", "grn", "guarani"],
  Latim: ["la", "lat", "latin"],
};

const byAlias = new Map<string, string>();
for (const [name, aliases] of Object.entries(languageAliases)) {
  byAlias.set(name.toLowerCase(), name);
  for (const alias of aliases) byAlias.set(alias, name);
}

/** "pt", "por", "Portuguese" and "português" all become "Português"; unknown names keep their spelling, capitalised. */
export function normalizeLanguage(raw: string): string {
  const value = raw.trim().replace(/\s+/g, " ");
  const known = byAlias.get(value.toLowerCase());
  if (known) return known;
  return value.charAt(0).toLocaleUpperCase("pt-BR") + value.slice(1);
}

/** Suggestions for the form's language field. */
export const commonLanguages = Object.keys(languageAliases);
