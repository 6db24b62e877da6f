import { formatAbntDay } from "../dates/format.ts";
import { abntPublicationDate } from "../dates/publication-date.ts";
import type { MediaView } from "../views/medias.ts";
import { foldForComparison, parsePersonName } from "./person-name.ts";

/** A piece of a formatted reference; `strong` is the part ABNT highlights (in bold). */
export type CitationPart = { text: string; strong?: boolean };

type Element = CitationPart[];

// Surname particles are filed after the given names: "da Silva, João" is "SILVA, João da".
const PARTICLES = new Set([
  "da",
  "das",
  "de",
  "do",
  "dos",
  "e",
  "van",
  "von",
  "der",
  "den",
  "del",
  "della",
  "di",
  "du",
]);

// When the entry is the title, ABNT capitalises the first word and a leading article or monosyllable with it.
const LEADING_WORDS = new Set([
  "a",
  "o",
  "as",
  "os",
  "um",
  "uma",
  "uns",
  "umas",
  "e",
  "de",
  "do",
  "da",
  "em",
  "no",
  "na",
  "the",
  "an",
  "el",
  "la",
  "lo",
  "los",
  "las",
  "le",
  "les",
  "un",
  "une",
]);

const upper = (text: string) => text.toLocaleUpperCase("pt-BR");
const plain = (text: string): CitationPart => ({ text });
const strong = (text: string): CitationPart => ({ text, strong: true });

/** "SOUZA, Maria Aparecida", "SILVA, João da", or an organisation in capitals: "EMBRAPA". */
function abntName(raw: string): string {
  const person = parsePersonName(raw);
  if (person.corporate) return upper(person.family);
  const words = person.family.split(" ");
  let particles = 0;
  while (particles < words.length - 1 && PARTICLES.has(words[particles] ?? "")) particles++;
  const family = upper(words.slice(particles).join(" "));
  const given = [person.given, ...words.slice(0, particles)].filter(Boolean).join(" ");
  return given ? `${family}, ${given}` : family;
}

const nameList = (names: string[]) => names.map(abntName).join("; ");

/** Who the work is entered under, or null when it is entered by its title. */
function responsibility(item: MediaView): string | null {
  if (item.authors.length > 0) return nameList(item.authors);
  if (item.organizers.length > 0) return `${nameList(item.organizers)} (org.)`;
  return null;
}

function withPeriod(parts: Element): Element {
  const last = parts[parts.length - 1];
  if (!last) return parts;
  if (/[.?!]$/.test(last.text.trim())) return parts;
  return [...parts, plain(".")];
}

/** The title as ABNT writes it: highlighted up to the subtitle, or, as the entry, with its first word in capitals. */
function titleElement(title: string, highlight: boolean, entry: boolean): Element {
  if (entry) {
    const words = title.split(" ");
    const count = words.length > 1 && LEADING_WORDS.has(foldForComparison(words[0] ?? "")) ? 2 : 1;
    return [plain([upper(words.slice(0, count).join(" ")), ...words.slice(count)].join(" "))];
  }
  if (!highlight) return [plain(title)];
  const colon = title.indexOf(": ");
  return colon > 0 ? [strong(title.slice(0, colon)), plain(title.slice(colon))] : [strong(title)];
}

const yearText = (item: MediaView) => (item.year ? String(item.year) : "[s. d.]");

/** "12 maio 2019", "maio 2019" or "2019", as far as the date is known. */
const fullDate = (item: MediaView) => abntPublicationDate(item.publication_date, item.year);

/** "Viçosa: Editora UFV, 2019", with [S. l.] and [s. n.] for an unknown place or publisher. */
function imprint(item: MediaView, publisher: string): string {
  const place = item.city.trim();
  const name = publisher.trim();
  const where =
    place && name ? `${place}: ${name}` : place ? `${place}: [s. n.]` : name ? `[S. l.]: ${name}` : "[S. l.: s. n.]";
  return `${where}, ${yearText(item)}`;
}

const pagesText = (pages: string) => (/^p\.|^\d+\s*p\.?$/i.test(pages.trim()) ? pages.trim() : `p. ${pages.trim()}`);
const prefixed = (prefix: string, value: string) =>
  value.trim().toLowerCase().startsWith(prefix) ? value.trim() : `${prefix} ${value.trim()}`;

/** DOI and the online address, which close every reference that has them. */
function online(item: MediaView): Element[] {
  const elements: Element[] = [];
  if (item.doi) elements.push([plain(`DOI: ${item.doi}`)]);
  const address = item.url || ((item.type === "video" || item.type === "audio") && item.embed_url) || "";
  if (address) {
    elements.push([plain(`Disponível em: ${address}`)]);
    // The access date is when the item was last saved.
    if (item.updated_at) elements.push([plain(`Acesso em: ${formatAbntDay(item.updated_at)}`)]);
  }
  return elements;
}

/** "**Revista**, Viçosa, v. 14, n. 2, p. 10-25, maio 2019." — where a journal, newspaper or gazette published it. */
function periodical(item: MediaView, highlightSource: boolean): Element {
  const details = [
    item.city,
    item.volume && prefixed("v.", item.volume),
    item.number && prefixed("n.", item.number),
    item.pages && pagesText(item.pages),
    fullDate(item),
  ].filter(Boolean);
  if (!item.source) return [plain(details.join(", "))];
  return [highlightSource ? strong(item.source) : plain(item.source), plain(`, ${details.join(", ")}`)];
}

const EVENT_PREFIX = /^(anais|atas|proceedings|resumos)( d[aeo]s?| of the| of)?\s+/i;

function thesisDegree(info: string): string {
  const first = info.split("\n")[0]?.trim() ?? "";
  return /^(tese|disserta|monografia|trabalho de conclus|tcc)/i.test(first) ? first : "Tese";
}

function body(item: MediaView, byTitle: boolean): Element[] {
  const title = (highlight: boolean) => titleElement(item.title, highlight, byTitle);
  const pages = item.pages ? [[plain(pagesText(item.pages))]] : [];
  switch (item.type) {
    case "journal_article":
    case "news":
      return [title(false), periodical(item, true)];
    case "book_chapter": {
      const organizers = item.organizers.length > 0 ? `${nameList(item.organizers)} (org.). ` : "";
      const inside: Element = item.source
        ? [plain(`In: ${organizers}`), strong(item.source)]
        : [plain(`In: ${organizers}`)];
      return [title(false), inside, [plain(imprint(item, item.publisher))], ...pages];
    }
    case "event_presentation": {
      const event = item.source.replace(EVENT_PREFIX, "");
      const where = [upper(event), item.year ? String(item.year) : "", item.city].filter(Boolean).join(", ");
      const inside: Element[] = event
        ? [[plain(`In: ${where}`)], [strong("Anais"), plain(" [...]")]]
        : [[strong("Anais"), plain(" [...]")]];
      return [title(false), ...inside, [plain(imprint(item, item.publisher))], ...pages];
    }
    case "thesis": {
      const academic = [item.institution, item.city, yearText(item)].filter(Boolean).join(", ");
      return [title(true), [plain(yearText(item))], [plain(`${thesisDegree(item.additional_info)} – ${academic}`)]];
    }
    case "web_page":
      return [title(true), [plain([item.source, item.city, fullDate(item)].filter(Boolean).join(", "))]];
    case "law_norm":
      return [title(true), item.source ? periodical(item, false) : [plain(imprint(item, item.publisher))]];
    case "video":
    case "audio":
      return [
        title(true),
        [plain(imprint(item, item.publisher || item.source))],
        [plain(item.type === "video" ? "1 vídeo" : "1 arquivo sonoro")],
      ];
    case "patent": {
      const holder = item.institution || item.publisher;
      return [
        title(true),
        ...(holder ? [[plain(`Depositante: ${holder}`)]] : []),
        ...(item.number ? [[plain(item.number)]] : []),
        ...(item.patent_legal_status ? [[plain(item.patent_legal_status)]] : []),
        [plain(fullDate(item))],
      ];
    }
    case "map":
    case "image":
      return [
        title(true),
        [plain(imprint(item, item.publisher || item.institution))],
        [plain(item.type === "map" ? "1 mapa" : "1 imagem")],
      ];
    case "book":
    case "teaching_material":
      return [
        title(true),
        [plain(imprint(item, item.publisher || item.institution))],
        ...(item.isbn_issn ? [[plain(`ISBN ${item.isbn_issn}`)]] : []),
      ];
    default:
      return [title(true), [plain(imprint(item, item.publisher || item.institution))]];
  }
}

/** Joins elements with ". " (each ends in a period) and merges neighbouring plain parts. */
function assemble(elements: Element[]): CitationPart[] {
  const parts: CitationPart[] = [];
  elements
    .filter((element) => element.some((part) => part.text.trim() !== ""))
    .forEach((element, index) => {
      for (const part of [...(index > 0 ? [plain(" ")] : []), ...withPeriod(element)]) {
        const last = parts[parts.length - 1];
        if (last && !last.strong && !part.strong) last.text += part.text;
        else parts.push({ ...part });
      }
    });
  return parts;
}

/** The item's reference per ABNT NBR 6023:2018, in parts so the highlighted element can be bold. */
export function abntReference(item: MediaView): CitationPart[] {
  const entry = responsibility(item);
  return assemble([...(entry ? [[plain(entry)]] : []), ...body(item, entry === null), ...online(item)]);
}

export const citationText = (parts: CitationPart[]) => parts.map((part) => part.text).join("");
