import { foldForComparison } from "../../../../common/citation/person-name.ts";
import { invalid } from "../../../../common/errors.ts";
import { type MediaType, mediaTypeLabels, mediaTypes } from "../../../../common/media.ts";
import { mediaEmbed } from "../../../../common/media-embed.ts";
import type { MediaView } from "../../../../common/views/medias.ts";
import type { ReadEntry } from "./bibtex.ts";
import {
  composeDate,
  htmlToPlainText,
  isNoDate,
  normalizePages,
  oneLine,
  paragraphs,
  plainTextToHtml,
} from "./text.ts";

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** RIS type written per material type; GEN ones carry the pt-BR label in M3 so they read back the same. */
const risTypeOf: Record<MediaType, string> = {
  event_presentation: "CPAPER",
  journal_article: "JOUR",
  audio: "SOUND",
  database: "DATA",
  book_chapter: "CHAP",
  folder_poster: "PAMP",
  image: "ART",
  law_norm: "STAT",
  book: "BOOK",
  map: "MAP",
  teaching_material: "GEN",
  news: "NEWS",
  web_page: "ELEC",
  patent: "PAT",
  software: "COMP",
  report: "RPRT",
  thesis: "THES",
  working_paper: "UNPB",
  video: "VIDEO",
  other: "GEN",
};

const pad = (value: string) => value.padStart(2, "0");

function risEntry(item: MediaView): string {
  const lines: string[] = [];
  const add = (tag: string, value: string) => {
    const text = oneLine(value);
    if (text !== "") lines.push(`${tag}  - ${text}`);
  };
  // Multi-paragraph values continue on untagged lines, as reference managers write abstracts.
  const addText = (tag: string, text: string) => {
    const parts = paragraphs(text);
    if (parts.length > 0) lines.push(`${tag}  - ${parts.join("\n")}`);
  };
  const ris = risTypeOf[item.type];
  add("TY", ris);
  add("TI", item.title);
  for (const author of item.authors) add("AU", author);
  for (const organizer of item.organizers) add("A2", organizer);
  if (item.publication_date) {
    const [year = "", month = "", day = ""] = item.publication_date.split("-");
    add("PY", year);
    if (month) add("DA", `${year}/${pad(month)}/${day ? pad(day) : ""}/`);
  }
  add("T2", item.source);
  add("VL", item.volume);
  add("IS", item.number);
  const pages = normalizePages(item.pages);
  const range = /^([^-]+)-([^-]+)$/.exec(pages);
  add("SP", range ? (range[1] ?? "") : pages);
  if (range) add("EP", range[2] ?? "");
  const byInstitution = item.type === "thesis" || item.type === "report";
  add("PB", byInstitution ? item.institution || item.publisher : item.publisher);
  add("CY", item.city);
  add("SN", item.isbn_issn);
  add("DO", item.doi);
  add("UR", item.url);
  for (const language of item.languages) add("LA", language);
  for (const tag of item.tags) add("KW", tag);
  addText("AB", htmlToPlainText(item.description));
  addText("N1", item.notes);
  if (ris === "GEN" && item.type !== "other") add("M3", mediaTypeLabels[item.type]);
  if (item.type === "thesis") add("M3", item.additional_info);
  else addText("M1", item.additional_info);
  lines.push("ER  - ");
  return lines.join("\r\n");
}

/** The items as a RIS file (UTF-8, CRLF lines as the format's specification asks). */
export function writeRis(items: MediaView[]): string {
  return items.map((item) => `${risEntry(item)}\r\n`).join("\r\n");
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const mediaTypeByRis: Record<string, MediaType> = {
  JOUR: "journal_article",
  EJOUR: "journal_article",
  MGZN: "journal_article",
  JFULL: "journal_article",
  BOOK: "book",
  EBOOK: "book",
  EDBOOK: "book",
  CHAP: "book_chapter",
  ECHAP: "book_chapter",
  THES: "thesis",
  RPRT: "report",
  ELEC: "web_page",
  WEB: "web_page",
  BLOG: "web_page",
  CONF: "event_presentation",
  CPAPER: "event_presentation",
  STAT: "law_norm",
  LEGAL: "law_norm",
  BILL: "law_norm",
  UNBILL: "law_norm",
  STAND: "law_norm",
  VIDEO: "video",
  MPCT: "video",
  ADVS: "video",
  SOUND: "audio",
  MUSIC: "audio",
  DATA: "database",
  DBASE: "database",
  MAP: "map",
  PAT: "patent",
  COMP: "software",
  NEWS: "news",
  PAMP: "folder_poster",
  CTLG: "folder_poster",
  ART: "image",
  FIGURE: "image",
  UNPB: "working_paper",
  MANSCPT: "working_paper",
  GEN: "other",
};

const typeByLabel = new Map<string, MediaType>(
  mediaTypes.map((type) => [foldForComparison(mediaTypeLabels[type]), type]),
);

const TAG_LINE = /^([A-Z][A-Z0-9]) {1,2}-(?: (.*))?$/;

/** A record's tagged values in file order (repeated tags such as AU and KW stay in sequence). */
type RisRecord = { line: number; fields: Array<{ tag: string; value: string }> };

const outside = (line: number) =>
  invalid(`O arquivo RIS não pôde ser lido: a linha ${line} está fora de uma referência (esperado "TY  - ").`);
const unfinished = (record: RisRecord) =>
  invalid(`O arquivo RIS não pôde ser lido: a referência da linha ${record.line} não termina em "ER  - ".`);

function records(text: string): RisRecord[] {
  const found: RisRecord[] = [];
  let current: RisRecord | null = null;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    const tagged = TAG_LINE.exec(line);
    if (!tagged) {
      // Untagged lines continue the previous value (multi-line abstracts); outside a record they are headers.
      const last = current?.fields[current.fields.length - 1];
      if (last && line.trim() !== "") last.value = `${last.value}\n${line.trim()}`;
      return;
    }
    const tag = tagged[1] ?? "";
    const value = (tagged[2] ?? "").trim();
    if (tag === "TY") {
      if (current) throw unfinished(current);
      current = { line: index + 1, fields: [{ tag, value }] };
    } else if (!current) {
      throw outside(index + 1);
    } else if (tag === "ER") {
      found.push(current);
      current = null;
    } else {
      current.fields.push({ tag, value });
    }
  });
  if (current) throw unfinished(current);
  return found;
}

/** "2019/05/12/", "2019/05//", "2019///", "2019-05-12" or "2019" as a publication date ("" when there is none). */
function risDate(raw: string): string {
  const value = raw.trim();
  if (value === "" || isNoDate(value)) return "";
  if (/^\d{4}-\d{1,2}(-\d{1,2})?$/.test(value)) return value;
  const [year = "", month = "", day = ""] = value.split("/");
  return composeDate(year, month, day);
}

/** The entries of a RIS file; a file that does not follow the line format is refused whole, naming the line. */
export function readRis(text: string): ReadEntry[] {
  const found = records(text);
  if (found.length === 0) throw invalid("Nenhuma referência encontrada no arquivo RIS.");
  return found.map(readRecord);
}

function readRecord(record: RisRecord): ReadEntry {
  const values = (tags: string[]) =>
    record.fields.filter((field) => tags.includes(field.tag)).map((field) => field.value);
  const all = (...tags: string[]) => values(tags).map(oneLine).filter(Boolean);
  // The first tag that has a value wins, whatever the order in the file.
  const one = (...tags: string[]) => tags.map((tag) => all(tag)[0] ?? "").find(Boolean) ?? "";
  const block = (...tags: string[]) => values(tags).join("\n");
  const ris = one("TY").toUpperCase();
  const m3 = one("M3");
  const type = ris === "GEN" ? (typeByLabel.get(foldForComparison(m3)) ?? "other") : (mediaTypeByRis[ris] ?? "other");
  const url = one("UR", "L2").split(" ")[0] ?? "";
  const start = one("SP");
  const end = one("EP");
  const byInstitution = type === "thesis" || type === "report";
  const titleTags = type === "book" ? ["TI", "T1", "BT", "CT"] : ["TI", "T1", "CT"];
  const sourceTags = type === "book" ? ["T2", "JO", "JF", "JA", "J2", "T3"] : ["T2", "JO", "JF", "JA", "BT", "J2"];
  return {
    key: one("ID"),
    draft: {
      title: one(...titleTags),
      type,
      authors: all("AU", "A1"),
      organizers: all("A2", "ED"),
      description: plainTextToHtml(block("AB", "N2")),
      publication_date: risDate(one("DA") || one("PY", "Y1")),
      publisher: byInstitution ? "" : one("PB"),
      city: one("CY"),
      institution: byInstitution ? one("PB") : "",
      source: one(...sourceTags),
      volume: one("VL"),
      number: one("IS"),
      pages: normalizePages(end && !start.includes("-") ? `${start}-${end}` : start),
      doi: one("DO"),
      isbn_issn: one("SN"),
      url,
      languages: all("LA").flatMap((language) => language.split(/[,;]/).map((part) => part.trim())),
      tags: all("KW"),
      embed_url: (type === "video" || type === "audio") && mediaEmbed(url) ? url : "",
      notes: paragraphs(block("N1")).join("\n"),
      additional_info: paragraphs([type === "thesis" ? m3 : "", block("M1")].join("\n")).join("\n"),
      status: "published",
    },
  };
}
