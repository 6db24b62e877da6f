import { identityKey } from "../../../../common/citation/person-name.ts";
import { invalid } from "../../../../common/errors.ts";
import { formatFileSize } from "../../../../common/file-size.ts";
import type { MediaType } from "../../../../common/media.ts";
import {
  MAX_IMPORT_BYTES,
  type MediaInput,
  mediaSchema,
  type ReferenceFormat,
} from "../../../../common/schemas/media.ts";
import type { z } from "../../../../common/zod.ts";
import { type ReadEntry, readBibtex } from "./bibtex.ts";
import { readRis } from "./ris.ts";
import type { MediaDraft } from "./text.ts";

/** One entry of a reference file: valid (`input`) or not (`reason`, in pt-BR). */
export type ParsedEntry = {
  /** 1-based position in the file. */
  index: number;
  key: string;
  title: string;
  input: MediaInput | null;
  reason: string | null;
  /** At most SUMMARY_AUTHORS names: enough for the preview. */
  authors: string[];
  year: number | null;
  type: MediaType | null;
  /** Title + year + first author, folded (see identityKey); computed here so the main thread does not have to. */
  identity_key: string | null;
};

export type ParsedReferences = { format: ReferenceFormat; entries: ParsedEntry[] };

const SUMMARY_AUTHORS = 20;
const SUMMARY_TITLE = 300;

const fieldLabels: Record<string, string> = {
  title: "Título",
  type: "Tipo",
  authors: "Autores",
  organizers: "Organizadores",
  description: "Resumo",
  publication_date: "Data",
  publisher: "Editora",
  city: "Cidade",
  institution: "Instituição",
  source: "Fonte",
  volume: "Volume",
  number: "Número",
  pages: "Páginas",
  doi: "DOI",
  isbn_issn: "ISBN/ISSN",
  url: "Endereço (URL)",
  languages: "Idiomas",
  tags: "Palavras-chave",
  embed_url: "Endereço do vídeo ou áudio",
  notes: "Notas",
  additional_info: "Informações adicionais",
};

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Why an entry cannot be imported, from the schema's pt-BR messages, one clause per field. */
function reasonOf(draft: MediaDraft, error: z.ZodError): string {
  const clauses = error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    if (field === "title" && (draft.title ?? "").trim() === "") return "Sem título";
    if (field === "publication_date") return `Data inválida: ${shorten(draft.publication_date ?? "", 40)}`;
    if (field === "doi") return `DOI inválido: ${shorten(draft.doi ?? "", 80)}`;
    return `${fieldLabels[field] ?? field}: ${issue.message}`;
  });
  return [...new Set(clauses)].join("; ");
}

function validate({ key, draft }: ReadEntry, position: number): ParsedEntry {
  const parsed = mediaSchema.safeParse(draft);
  const year = parsed.success
    ? Number(parsed.data.publication_date?.slice(0, 4)) || null
    : Number(/^\d{4}/.exec(draft.publication_date ?? "")?.[0]) || null;
  return {
    index: position + 1,
    key: shorten(key, 100),
    title: shorten((draft.title ?? "").trim(), SUMMARY_TITLE),
    input: parsed.success ? parsed.data : null,
    reason: parsed.success ? null : reasonOf(draft, parsed.error),
    authors: (draft.authors ?? []).slice(0, SUMMARY_AUTHORS).map((name) => shorten(name, 200)),
    year,
    type: draft.type ?? null,
    identity_key: parsed.success
      ? identityKey({
          title: parsed.data.title,
          year,
          authors: parsed.data.authors,
          organizers: parsed.data.organizers,
        })
      : null,
  };
}

/** Control characters other than tab and line breaks: none belongs in a reference file. */
const CONTROL = /[^\P{Cc}\t\n\r]/gu;

/** The text without a BOM and stray control characters; a binary file is refused. */
function cleanText(text: string): string {
  if (Buffer.byteLength(text, "utf8") > MAX_IMPORT_BYTES) {
    throw invalid(`O arquivo é grande demais: o limite é ${formatFileSize(MAX_IMPORT_BYTES)}. Divida-o em partes.`);
  }
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") throw invalid("O arquivo está vazio.");
  const controls = body.match(CONTROL)?.length ?? 0;
  const replacements = body.match(/\uFFFD/g)?.length ?? 0;
  if (body.includes("\u0000") || controls + replacements > Math.max(8, body.length / 200)) {
    throw invalid(
      "O arquivo não é texto (parece binário). Envie um arquivo BibTeX (.bib) ou RIS (.ris) exportado do gerenciador de referências.",
    );
  }
  return body.replace(CONTROL, " ").normalize("NFC");
}

/** BibTeX when an @type{ entry starts a line, RIS when the first record line is "TY  - ". */
export function detectFormat(text: string): ReferenceFormat {
  const firstLine = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== "") ?? "";
  if (/^TY {1,2}-/.test(firstLine.trim())) return "ris";
  if (/^\s*@[a-z]+\s*[{(]/im.test(text)) return "bibtex";
  if (/^TY {1,2}-/m.test(text)) return "ris";
  throw invalid(
    "O arquivo não é BibTeX (.bib) nem RIS (.ris): não há nenhuma entrada começando com @tipo{ nem com TY  - .",
  );
}

/** Reads, maps and validates every entry (synchronous: runs inside the parse worker). */
export function readReferences(text: string, format?: ReferenceFormat): ParsedReferences {
  const body = cleanText(text);
  const chosen = format ?? detectFormat(body);
  const read = chosen === "bibtex" ? readBibtex(body) : readRis(body);
  return { format: chosen, entries: read.map(validate) };
}
