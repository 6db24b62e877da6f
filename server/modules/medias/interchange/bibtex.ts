import { foldForComparison, parsePersonName } from "../../../../common/citation/person-name.ts";
import { invalid } from "../../../../common/errors.ts";
import { type MediaType, mediaTypeLabels, mediaTypes } from "../../../../common/media.ts";
import { mediaEmbed } from "../../../../common/media-embed.ts";
import type { MediaView } from "../../../../common/views/medias.ts";
import { bibtexPersonName, parseBibtexFile, type RawEntry, splitNames, texToText, verbatimText } from "./tex.ts";
import {
  composeDate,
  htmlToPlainText,
  isIssn,
  isNoDate,
  type MediaDraft,
  normalizePages,
  oneLine,
  paragraphs,
  plainTextToHtml,
} from "./text.ts";

/** One entry of a reference file: its citation key (or RIS ID) and what it says, not yet validated. */
export type ReadEntry = { key: string; draft: MediaDraft };

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** Entry types written per material type; `misc` ones carry the pt-BR label in `type` so they read back the same. */
const entryTypeOf: Record<MediaType, string> = {
  event_presentation: "inproceedings",
  journal_article: "article",
  audio: "audio",
  database: "dataset",
  book_chapter: "incollection",
  folder_poster: "misc",
  image: "image",
  law_norm: "legislation",
  book: "book",
  map: "misc",
  teaching_material: "booklet",
  news: "article",
  web_page: "online",
  patent: "patent",
  software: "software",
  report: "techreport",
  thesis: "phdthesis",
  working_paper: "unpublished",
  video: "video",
  other: "misc",
};

const TEX_SPECIALS: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\textbraceleft{}",
  "}": "\\textbraceright{}",
  "%": "\\%",
  "&": "\\&",
  "#": "\\#",
  $: "\\$",
  _: "\\_",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
  "<": "\\textless{}",
  ">": "\\textgreater{}",
};

/** Text as a braced BibTeX value that reads back unchanged: specials escaped, TeX ligatures (--, ``, '', !`) broken. */
export function texEscape(text: string): string {
  return text.replace(/[\\{}%&#$_~^<>]/g, (char) => TEX_SPECIALS[char] ?? char).replace(/([-'`!?])(?=[-'`])/g, "$1{}");
}

const texLine = (text: string) => texEscape(oneLine(text));

/** url and doi are verbatim fields: nothing is escaped there, so braces are percent-encoded to keep them balanced. */
const verbatim = (text: string) => oneLine(text).replace(/\{/g, "%7B").replace(/\}/g, "%7D");

function bibtexName(raw: string): string {
  const name = parsePersonName(raw);
  if (name.corporate) return `{${texLine(name.family)}}`;
  return name.given ? `${texLine(name.family)}, ${texLine(name.given)}` : texLine(name.family);
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function keyBase(item: MediaView): string {
  const compact = (text: string) => foldForComparison(text).replace(/[^a-z0-9]/g, "");
  const first = item.authors[0] ?? item.organizers[0];
  const person = first ? parsePersonName(first) : null;
  const family = person ? (person.corporate ? (person.family.split(/\s+/)[0] ?? "") : person.family) : "";
  const words = foldForComparison(item.title).split(" ");
  const word = words.find((candidate) => candidate.length >= 3) ?? words[0] ?? "";
  return `${compact(family)}${item.year ?? ""}${compact(word)}` || "ref";
}

/** Stable keys: surname + year + first title word, folded; repeats get a, b, c... */
export function citationKeys(items: MediaView[]): string[] {
  const used = new Set<string>();
  return items.map((item) => {
    const base = keyBase(item);
    let key = base;
    for (let attempt = 0; used.has(key); attempt++) {
      key = base + String.fromCharCode(97 + (attempt % 26)).repeat(Math.floor(attempt / 26) + 1);
    }
    used.add(key);
    return key;
  });
}

function sourceField(type: MediaType): string {
  if (type === "journal_article" || type === "news") return "journal";
  if (type === "book_chapter" || type === "event_presentation") return "booktitle";
  return "howpublished";
}

function bibtexEntry(item: MediaView, key: string): string {
  const fields: Array<[string, string]> = [];
  const add = (name: string, value: string) => {
    if (value !== "") fields.push([name, value]);
  };
  const thesisLike = item.type === "thesis" || item.type === "report";
  add("author", item.authors.map(bibtexName).join(" and "));
  add("editor", item.organizers.map(bibtexName).join(" and "));
  add("title", item.title ? `{${texLine(item.title)}}` : "");
  add(sourceField(item.type), texLine(item.source));
  if (item.publication_date) {
    add("year", String(item.year ?? item.publication_date.slice(0, 4)));
    const month = Number(item.publication_date.slice(5, 7));
    if (month) add("month", MONTHS[month - 1] ?? "");
    if (item.date_precision !== "year") add("date", item.publication_date);
  }
  add("volume", texLine(item.volume));
  add("number", texLine(item.number));
  add("pages", texLine(normalizePages(item.pages)).replace(/-/g, "--"));
  add("publisher", texLine(item.publisher));
  add("address", texLine(item.city));
  add(item.type === "thesis" ? "school" : "institution", texLine(item.institution));
  if (["folder_poster", "map", "other"].includes(item.type)) add("type", texLine(mediaTypeLabels[item.type]));
  if (thesisLike) add("type", texLine(item.additional_info));
  if (item.type === "news") add("entrysubtype", "newspaper");
  add("doi", verbatim(item.doi));
  add(isIssn(item.isbn_issn) ? "issn" : "isbn", texLine(item.isbn_issn));
  add("url", verbatim(item.url));
  add("language", texLine(item.languages.join(", ")));
  add("keywords", texLine(item.tags.join(", ")));
  add("abstract", paragraphs(htmlToPlainText(item.description)).map(texEscape).join("\n\n"));
  add("note", paragraphs(item.notes).map(texEscape).join("\n\n"));
  if (!thesisLike) add("addendum", paragraphs(item.additional_info).map(texEscape).join("\n\n"));

  let entryType = entryTypeOf[item.type];
  if (item.type === "thesis" && /disserta|mestrad|master/i.test(item.additional_info)) entryType = "mastersthesis";
  const body = fields.map(([name, value]) => `  ${name} = ${name === "month" ? value : `{${value}}`}`).join(",\n");
  return `@${entryType}{${key},\n${body}\n}\n`;
}

/** The items as a BibTeX file (UTF-8; one entry per item, keys unique within the file). */
export function writeBibtex(items: MediaView[]): string {
  const keys = citationKeys(items);
  return items.map((item, index) => bibtexEntry(item, keys[index] ?? "ref")).join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const typeByLabel = new Map<string, MediaType>(
  mediaTypes.flatMap((type) => [
    [foldForComparison(mediaTypeLabels[type]), type],
    [foldForComparison(type), type],
  ]),
);

function mediaTypeOf(entryType: string, typeField: string, subtype: string, hasUrl: boolean): MediaType {
  switch (entryType) {
    case "article":
      return /newspaper/i.test(subtype) ? "news" : "journal_article";
    case "book":
    case "mvbook":
    case "collection":
    case "mvcollection":
    case "proceedings":
    case "mvproceedings":
      return "book";
    case "inbook":
    case "incollection":
    case "bookinbook":
    case "suppbook":
      return "book_chapter";
    case "phdthesis":
    case "mastersthesis":
    case "thesis":
      return "thesis";
    case "techreport":
    case "report":
      return "report";
    case "inproceedings":
    case "conference":
      return "event_presentation";
    case "video":
    case "movie":
      return "video";
    case "audio":
    case "music":
      return "audio";
    case "patent":
      return "patent";
    case "software":
      return "software";
    case "dataset":
    case "data":
      return "database";
    case "booklet":
    case "manual":
      return "teaching_material";
    case "unpublished":
      return "working_paper";
    case "image":
    case "artwork":
      return "image";
    case "legislation":
    case "legal":
    case "jurisdiction":
    case "standard":
      return "law_norm";
    case "misc":
    case "online":
    case "electronic":
    case "www":
    case "webpage":
      return typeByLabel.get(foldForComparison(typeField)) ?? (hasUrl ? "web_page" : "other");
    default:
      return "other";
  }
}

const MONTH_NAMES: Record<string, string> = Object.fromEntries(
  [
    ["jan", "janeiro", "january"],
    ["feb", "fev", "fevereiro", "february"],
    ["mar", "marco", "march"],
    ["apr", "abr", "abril", "april"],
    ["may", "mai", "maio"],
    ["jun", "junho", "june"],
    ["jul", "julho", "july"],
    ["aug", "ago", "agosto", "august"],
    ["sep", "set", "setembro", "september", "sept"],
    ["oct", "out", "outubro", "october"],
    ["nov", "novembro", "november"],
    ["dec", "dez", "dezembro", "december"],
  ].flatMap((names, index) => names.map((name) => [name, String(index + 1)])),
);

const monthNumber = (month: string) => MONTH_NAMES[foldForComparison(month).replace(/\s/g, "")] ?? month;

/** The entries of a BibTeX file; a file that does not parse cleanly is refused whole, naming the line. */
export function readBibtex(text: string): ReadEntry[] {
  const entries = parseBibtexFile(text);
  if (entries.length === 0) throw invalid("Nenhuma referência encontrada no arquivo BibTeX.");
  return entries.map(readEntry);
}

function readEntry(entry: RawEntry): ReadEntry {
  const raw = (name: string) => entry.fields.get(name) ?? "";
  const text = (name: string) => oneLine(texToText(raw(name)));
  const paragraphsOf = (name: string) => texToText(raw(name)).split("\n");
  const names = (...fieldNames: string[]) =>
    fieldNames.flatMap((name) => splitNames(raw(name)).map(bibtexPersonName)).filter(Boolean);
  const first = (...candidates: string[]) => candidates.find((value) => value !== "") ?? "";

  const howpublished = raw("howpublished");
  const linked = /\\(?:url|href)\s*\{([^{}]*)\}/.exec(howpublished)?.[1];
  const url = first(verbatimText(raw("url")).split(/\s+/)[0] ?? "", linked ? verbatimText(linked) : "");
  const type = mediaTypeOf(entry.type, text("type"), text("entrysubtype"), url !== "");
  const defaultDegree =
    entry.type === "mastersthesis" ? "Dissertação (Mestrado)" : entry.type === "phdthesis" ? "Tese (Doutorado)" : "";
  const degree = type === "thesis" ? first(text("type"), defaultDegree) : type === "report" ? text("type") : "";
  const date = text("date").split("/")[0] ?? "";

  return {
    key: entry.key,
    draft: {
      title: text("title"),
      type,
      authors: names("author"),
      organizers: names("editor"),
      description: plainTextToHtml(paragraphsOf("abstract").join("\n")),
      publication_date:
        date && !isNoDate(date) ? date : composeDate(text("year"), monthNumber(text("month")), text("day")),
      publisher: text("publisher"),
      city: first(text("address"), text("location")),
      institution: first(text("school"), text("institution"), text("organization")),
      source: first(
        text("journal"),
        text("journaltitle"),
        text("booktitle"),
        text("eventtitle"),
        linked ? "" : text("howpublished"),
      ),
      volume: text("volume"),
      number: first(text("number"), text("issue")),
      pages: normalizePages(text("pages")),
      doi: verbatimText(raw("doi")),
      isbn_issn: first(text("isbn"), text("issn")),
      url,
      languages: first(text("language"), text("langid"))
        .split(/\s+and\s+|[,;]/)
        .map((language) => language.trim())
        .filter(Boolean),
      tags: texToText(raw("keywords"))
        .split(/[,;\n]/)
        .map((keyword) => keyword.trim())
        .filter(Boolean),
      embed_url: (type === "video" || type === "audio") && mediaEmbed(url) ? url : "",
      notes: [...paragraphsOf("note"), ...paragraphsOf("annote")].filter(Boolean).join("\n"),
      additional_info: [degree, ...paragraphsOf("addendum")].filter(Boolean).join("\n"),
      status: "published",
    },
  };
}
