/**
 * A small, linear BibTeX reader: entries, fields, @string macros, # concatenation, and the LaTeX that
 * reference managers write (accents, escaped specials, text commands). No recursion, so deeply nested
 * braces cannot exhaust the stack; nothing here grows faster than the text.
 */
import { invalid } from "../../../../common/errors.ts";

export type RawEntry = {
  type: string;
  key: string;
  /** 1-based line of the entry's @. */
  line: number;
  /** Field name (lower case) -> the raw TeX value, macros expanded and parts concatenated. */
  fields: Map<string, string>;
};

const MONTH_MACROS: Record<string, string> = {
  jan: "1",
  feb: "2",
  mar: "3",
  apr: "4",
  may: "5",
  jun: "6",
  jul: "7",
  aug: "8",
  sep: "9",
  oct: "10",
  nov: "11",
  dec: "12",
};

function lineIndex(text: string) {
  const starts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** Every @entry of a BibTeX file; a file whose braces do not balance is refused whole, naming the entry's line. */
export function parseBibtexFile(text: string): RawEntry[] {
  const lineAt = lineIndex(text);
  const macros = new Map<string, string>(Object.entries(MONTH_MACROS));
  const entries: RawEntry[] = [];
  let at = 0;
  let entryLine = 1;

  const fail = (what: string): never => {
    throw invalid(`O arquivo BibTeX não pôde ser lido: a entrada da linha ${entryLine} ${what}.`);
  };
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] ?? "")) at++;
  };
  /** From an opening brace to just after its match; \{ and \} do not count. */
  const group = (): string => {
    const start = at + 1;
    let depth = 0;
    for (; at < text.length; at++) {
      const char = text[at];
      if (char === "\\") at++;
      else if (char === "{") depth++;
      else if (char === "}" && --depth === 0) {
        at++;
        return text.slice(start, at - 1);
      }
    }
    return fail("está incompleta (chaves desbalanceadas?)");
  };
  /** A "quoted" value: ends at a quote outside braces. */
  const quoted = (): string => {
    const start = ++at;
    let depth = 0;
    for (; at < text.length; at++) {
      const char = text[at];
      if (char === "\\") at++;
      else if (char === "{") depth++;
      else if (char === "}") depth--;
      else if (char === '"' && depth === 0) return text.slice(start, at++);
      if (depth < 0) break;
    }
    return fail("está incompleta (aspas ou chaves desbalanceadas?)");
  };
  const word = (): string => {
    const start = at;
    while (at < text.length && /[^\s"#%'(),={}]/.test(text[at] ?? "")) at++;
    return text.slice(start, at);
  };
  const value = (): string => {
    const parts: string[] = [];
    for (;;) {
      skipSpace();
      const char = text[at];
      if (char === "{") parts.push(group());
      else if (char === '"') parts.push(quoted());
      else {
        const name = word();
        if (name === "") fail("tem um campo sem valor");
        parts.push(/^\d+$/.test(name) ? name : (macros.get(name.toLowerCase()) ?? ""));
      }
      skipSpace();
      if (text[at] !== "#") return parts.join("");
      at++;
    }
  };
  /** name = value pairs up to the closing delimiter. */
  const fieldList = (close: string): Map<string, string> => {
    const fields = new Map<string, string>();
    for (;;) {
      skipSpace();
      if (text[at] === close) {
        at++;
        return fields;
      }
      if (at >= text.length) fail("está incompleta (chaves desbalanceadas?)");
      const name = word().toLowerCase();
      skipSpace();
      if (name === "" || text[at] !== "=") fail(`tem um erro de sintaxe na linha ${lineAt(at)}`);
      at++;
      const content = value();
      if (!fields.has(name)) fields.set(name, content);
      skipSpace();
      if (text[at] === ",") at++;
      else if (text[at] !== close)
        fail(`tem um erro de sintaxe na linha ${lineAt(at)} (falta uma vírgula ou uma chave de fechamento?)`);
    }
  };

  for (;;) {
    at = text.indexOf("@", at);
    if (at < 0) return entries;
    entryLine = lineAt(at);
    at++;
    const type = word().toLowerCase();
    skipSpace();
    const open = text[at];
    // Outside entries everything is a comment, including a stray @ (an e-mail address).
    if (!type || (open !== "{" && open !== "(")) continue;
    const close = open === "{" ? "}" : ")";
    if (type === "comment" || type === "preamble") {
      if (open === "{") group();
      else {
        at++;
        value();
        skipSpace();
        at++;
      }
      continue;
    }
    at++;
    if (type === "string") {
      for (const [name, content] of fieldList(close)) macros.set(name, content);
      continue;
    }
    skipSpace();
    const keyStart = at;
    while (at < text.length && text[at] !== "," && text[at] !== close && !/\s/.test(text[at] ?? "")) at++;
    const key = text.slice(keyStart, at);
    skipSpace();
    if (text[at] === ",") at++;
    entries.push({ type, key, line: entryLine, fields: fieldList(close) });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// LaTeX to text

/** Combining marks of the accent commands: \'e, \c{c}, {\~a}... */
const ACCENTS: Record<string, string> = {
  "'": "\u0301",
  "`": "\u0300",
  "^": "\u0302",
  '"': "\u0308",
  "~": "\u0303",
  "=": "\u0304",
  ".": "\u0307",
  c: "\u0327",
  v: "\u030C",
  u: "\u0306",
  H: "\u030B",
  r: "\u030A",
  k: "\u0328",
  d: "\u0323",
  b: "\u0331",
};

const SYMBOLS: Record<string, string> = {
  i: "ı",
  j: "ȷ",
  ss: "ß",
  o: "ø",
  O: "Ø",
  ae: "æ",
  AE: "Æ",
  oe: "œ",
  OE: "Œ",
  aa: "å",
  AA: "Å",
  l: "ł",
  L: "Ł",
  textbackslash: "\\",
  backslash: "\\",
  textless: "<",
  textgreater: ">",
  textasciitilde: "~",
  sim: "~",
  textasciicircum: "^",
  textbraceleft: "{",
  textbraceright: "}",
  lbrace: "{",
  rbrace: "}",
  textunderscore: "_",
  textbar: "|",
  textquotedblleft: "“",
  textquotedblright: "”",
  textquoteleft: "‘",
  textquoteright: "’",
  textendash: "–",
  textemdash: "—",
  textordfeminine: "ª",
  textordmasculine: "º",
  textdegree: "°",
  degree: "°",
  S: "§",
  P: "¶",
  copyright: "©",
  textcopyright: "©",
  textregistered: "®",
  texttrademark: "™",
  euro: "€",
  texteuro: "€",
  pounds: "£",
  textsterling: "£",
  dots: "…",
  ldots: "…",
  textellipsis: "…",
  guillemotleft: "«",
  guillemotright: "»",
  textexclamdown: "¡",
  textquestiondown: "¿",
  LaTeX: "LaTeX",
  TeX: "TeX",
  times: "×",
  pm: "±",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  mu: "μ",
  pi: "π",
  par: "\n",
  newline: "\n",
};

/** Commands whose argument is not text (sort keys, citations, labels). */
const DROP_ARGUMENT = new Set(["noopsort", "cite", "citep", "citet", "label", "index", "ref", "hspace", "vspace"]);

const LIGATURES: Array<[string, string]> = [
  ["---", "—"],
  ["--", "–"],
  ["``", "“"],
  ["''", "”"],
  ["!`", "¡"],
  ["?`", "¿"],
];

/** A braced argument (or a single character) after an accent command: "{e}", "e", "{\i}", "\i". */
const ACCENT_ARGUMENT = /^(?:\s*\{\s*(\\[ij](?![a-zA-Z])|[^{}\\\s]?)\s*\}|\s*(\\[ij](?![a-zA-Z])|[^{}\\\s]))/;

/**
 * The text a TeX field value prints: accents composed (NFC), specials unescaped, braces and formatting
 * commands dropped, ligatures applied. Blank lines and \par become "\n" (paragraphs); other whitespace is one space.
 */
export function texToText(tex: string): string {
  let out = "";
  let at = 0;
  const skipGroup = () => {
    let depth = 0;
    for (; at < tex.length; at++) {
      const char = tex[at];
      if (char === "\\") at++;
      else if (char === "{") depth++;
      else if (char === "}" && --depth === 0) {
        at++;
        return;
      }
    }
  };
  while (at < tex.length) {
    const char = tex[at] ?? "";
    if (char === "\\") {
      const name = /^[a-zA-Z]+/.exec(tex.slice(at + 1, at + 40))?.[0] ?? tex[at + 1] ?? "";
      at += 1 + name.length;
      const accent = ACCENTS[name];
      if (accent !== undefined && (name.length === 1 || /^[\s{]/.test(tex[at] ?? ""))) {
        const argument = ACCENT_ARGUMENT.exec(tex.slice(at, at + 12));
        if (argument) {
          at += argument[0].length;
          const base = argument[1] ?? argument[2] ?? "";
          out += `${base === "\\i" ? "i" : base === "\\j" ? "j" : base}${accent}`;
          continue;
        }
      }
      if (/^[a-zA-Z]/.test(name)) {
        while (tex[at] === " ") at++;
        if (name === "url" && tex[at] === "{") {
          const start = at + 1;
          skipGroup();
          out += tex.slice(start, at - 1);
        } else if (DROP_ARGUMENT.has(name) && tex[at] === "{") {
          skipGroup();
        } else if (name === "href" && tex[at] === "{") {
          skipGroup();
        } else {
          out += SYMBOLS[name] ?? "";
        }
      } else if (name === "\\") {
        out += "\n";
      } else if (/[&%$#_{}]/.test(name)) {
        out += name;
      } else if (/[ ,;:]/.test(name)) {
        out += " ";
      }
      continue;
    }
    if (char === "{" || char === "}" || char === "$") {
      at++;
      continue;
    }
    if (char === "~") {
      out += " ";
      at++;
      continue;
    }
    if (char === "\n" && /^\n[ \t\r]*\n/.test(tex.slice(at, at + 40))) {
      out += "\n";
      while (at < tex.length && /\s/.test(tex[at] ?? "")) at++;
      continue;
    }
    const ligature = LIGATURES.find(([from]) => tex.startsWith(from, at));
    if (ligature) {
      out += ligature[1];
      at += ligature[0].length;
      continue;
    }
    out += /\s/.test(char) ? " " : char;
    at++;
  }
  return out
    .normalize("NFC")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** Splits at " and " outside braces (author and editor lists). */
export function splitNames(tex: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < tex.length; at++) {
    const char = tex[at];
    if (char === "\\") at++;
    else if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (depth === 0 && /\s/.test(char ?? "")) {
      const match = /^\s+and\s+/i.exec(tex.slice(at, at + 200));
      if (match) {
        names.push(tex.slice(start, at));
        at += match[0].length - 1;
        start = at + 1;
      }
    }
  }
  names.push(tex.slice(start));
  return names.map((name) => name.trim()).filter((name) => name !== "" && name.toLowerCase() !== "others");
}

/** Splits at commas outside braces (the parts of one name). */
function commaParts(tex: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < tex.length; at++) {
    const char = tex[at];
    if (char === "\\") at++;
    else if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (char === "," && depth === 0) {
      parts.push(tex.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(tex.slice(start));
  return parts.map((part) => part.trim());
}

/**
 * One BibTeX name as the library stores names: "Sobrenome, Nome" ("von Last, Jr, First" keeps von and Jr
 * with the surname), a name without commas as written, and a name wholly in braces as an organisation "{...}".
 */
export function bibtexPersonName(tex: string): string {
  const whole = /^\{(.*)\}$/s.exec(tex);
  if (whole && commaParts(`{${whole[1]}}`).length === 1 && balanced(whole[1] ?? "")) {
    return `{${texToText(whole[1] ?? "").replace(/\n/g, " ")}}`;
  }
  const parts = commaParts(tex).map((part) => texToText(part).replace(/\n/g, " "));
  if (parts.length === 1) return parts[0] ?? "";
  const [family = "", second = "", third] = parts;
  return third === undefined ? `${family}, ${second}` : `${family} ${second}, ${third}`;
}

function balanced(tex: string): boolean {
  let depth = 0;
  for (let at = 0; at < tex.length; at++) {
    const char = tex[at];
    if (char === "\\") at++;
    else if (char === "{") depth++;
    else if (char === "}" && --depth < 0) return false;
  }
  return depth === 0;
}

/** url and doi fields are verbatim, but exporters still escape a few characters there (Mendeley writes {\_}). */
export function verbatimText(tex: string): string {
  return tex
    .replace(/\{?\\([_&%#$~])\}?/g, "$1")
    .replace(/\$\\sim\$/g, "~")
    .replace(/[{}]/g, "")
    .trim();
}
