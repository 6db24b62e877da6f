// A note's files copied from the provider into our storage, under private/fiscal/ (which /files never serves):
// the XML is the legal document the shop must keep for five years, the DANFE its printout, and each
// cancellation and carta de correção is an event of its own that SEFAZ registered; they stay ours whatever
// happens to the provider account. Served only through the note's own route, to its customer and the
// administrators.
import type { FiscalProvider } from "../../adapters/fiscal/fiscal-provider.ts";
import type { FileStorage } from "../../adapters/storage/file-storage.ts";
import type { fiscalNotes, NoteCorrection } from "./tables.ts";

type NoteRow = typeof fiscalNotes.$inferSelect;

export const noteFileKinds = ["xml", "danfe", "cancelamento", "carta-correcao-xml", "carta-correcao"] as const;
export type NoteFileKind = (typeof noteFileKinds)[number];

/** Keys under this prefix are private: the public /files route refuses them. */
export const PRIVATE_PREFIX = "private/";

/** The note's own files, one of each; the cartas' are in `corrections`, one pair per carta. */
const NOTE_FILES = {
  xml: { provider: "providerXmlPath", key: "xmlKey", suffix: "nfe.xml", contentType: "application/xml", label: "XML" },
  danfe: {
    provider: "providerDanfePath",
    key: "danfeKey",
    suffix: "danfe.pdf",
    contentType: "application/pdf",
    label: "DANFE",
  },
  cancelamento: {
    provider: "providerCancellationXmlPath",
    key: "cancellationXmlKey",
    suffix: "cancelamento.xml",
    contentType: "application/xml",
    label: "XML do cancelamento",
  },
} as const;
type NoteFile = keyof typeof NOTE_FILES;

const CORRECTION_FILES = {
  "carta-correcao-xml": {
    path: "xmlPath",
    key: "xmlKey",
    extension: "xml",
    contentType: "application/xml",
    label: "XML da carta de correção",
  },
  "carta-correcao": {
    path: "pdfPath",
    key: "pdfKey",
    extension: "pdf",
    contentType: "application/pdf",
    label: "PDF da carta de correção",
  },
} as const;
type CorrectionFile = keyof typeof CORRECTION_FILES;

const isCorrectionFile = (kind: NoteFileKind): kind is CorrectionFile => kind in CORRECTION_FILES;

/** The latest carta de correção: the one the order's page and the file route offer. */
const latestCorrection = (row: NoteRow): NoteCorrection | undefined => row.corrections.at(-1);

export function fileKeyOf(row: NoteRow, kind: NoteFileKind): string | null {
  if (isCorrectionFile(kind)) return latestCorrection(row)?.[CORRECTION_FILES[kind].key] ?? null;
  return row[NOTE_FILES[kind].key];
}

const uncopiedNotePath = (row: NoteRow, kind: NoteFile): string | null => {
  const path = row[NOTE_FILES[kind].provider];
  return path !== null && path !== "" && row[NOTE_FILES[kind].key] === null ? path : null;
};

const uncopiedCorrectionPath = (correction: NoteCorrection, kind: CorrectionFile): string | null => {
  const path = correction[CORRECTION_FILES[kind].path];
  return path !== null && path !== "" && correction[CORRECTION_FILES[kind].key] === null ? path : null;
};

/** Whether the provider holds a file of the note that we have not copied yet. */
export const hasFilesToCopy = (row: NoteRow): boolean =>
  (Object.keys(NOTE_FILES) as NoteFile[]).some((kind) => uncopiedNotePath(row, kind) !== null) ||
  row.corrections.some((correction) =>
    (Object.keys(CORRECTION_FILES) as CorrectionFile[]).some((kind) => uncopiedCorrectionPath(correction, kind)),
  );

/** What the download is called: "NFe-<chave>-danfe.pdf", or by the order before the key is known. */
export function noteFileName(row: NoteRow, kind: NoteFileKind): string {
  const name = row.accessKey ? `NFe-${row.accessKey.replace(/^NFe/, "")}` : `NFe-${row.reference}`;
  if (!isCorrectionFile(kind)) return `${name}-${NOTE_FILES[kind].suffix}`;
  return `${name}-carta-correcao-${latestCorrection(row)?.sequence ?? 1}.${CORRECTION_FILES[kind].extension}`;
}

/** São Paulo's "2026/12" of an instant. */
const monthOf = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit" })
    .format(at)
    .replace("-", "/");

/**
 * Where a file is kept: by the month of the event it records (São Paulo), then the note; homologação's test
 * notes apart, so that an order's test note and its real one never share a key.
 */
function storageKey(row: NoteRow, at: Date, name: string): string {
  const environment = row.environment === "homologacao" ? "homologacao/" : "";
  return `${PRIVATE_PREFIX}fiscal/${environment}${monthOf(at)}/${row.reference}-${name}`;
}

/** When each of the note's own files came to be: the month it is kept (and exported) under. */
function eventOf(row: NoteRow, kind: NoteFile): Date {
  if (kind === "cancelamento") return row.cancelledAt ?? row.updatedAt;
  return row.authorizedAt ?? row.deniedAt ?? row.updatedAt;
}

/** The carta's key names its sequence: each carta keeps its own files. */
export const correctionFileName = (correction: NoteCorrection, kind: CorrectionFile) =>
  `carta-correcao-${correction.sequence}.${CORRECTION_FILES[kind].extension}`;

async function copy(
  storage: FileStorage,
  client: FiscalProvider,
  path: string,
  key: string,
  contentType: string,
): Promise<boolean> {
  try {
    await storage.put(key, await client.download(path), contentType);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies every file the provider has and we lack: the columns to write (`corrections` with the cartas' keys
 * filled in), what was copied (pt-BR, for the note's history), and whether any could not be fetched now.
 */
export async function storeNoteFiles(
  storage: FileStorage,
  client: FiscalProvider,
  row: NoteRow,
): Promise<{ changes: Partial<NoteRow>; copied: string[]; missing: boolean }> {
  const changes: Partial<NoteRow> = {};
  const copied: string[] = [];
  let missing = false;
  for (const kind of Object.keys(NOTE_FILES) as NoteFile[]) {
    const path = uncopiedNotePath(row, kind);
    if (path === null) continue;
    const file = NOTE_FILES[kind];
    const key = storageKey(row, eventOf(row, kind), file.suffix);
    if (await copy(storage, client, path, key, file.contentType)) {
      changes[file.key] = key;
      copied.push(file.label);
    } else missing = true;
  }
  const corrections: NoteCorrection[] = [];
  for (const correction of row.corrections) {
    const stored = { ...correction };
    for (const kind of Object.keys(CORRECTION_FILES) as CorrectionFile[]) {
      const path = uncopiedCorrectionPath(correction, kind);
      if (path === null) continue;
      const file = CORRECTION_FILES[kind];
      const key = storageKey(row, new Date(correction.at), correctionFileName(correction, kind));
      if (await copy(storage, client, path, key, file.contentType)) {
        stored[file.key] = key;
        copied.push(`${file.label} nº ${correction.sequence}`);
      } else missing = true;
    }
    corrections.push(stored);
  }
  if (corrections.some((stored, index) => hasNewKey(stored, row.corrections[index]))) changes.corrections = corrections;
  return { changes, copied, missing };
}

const hasNewKey = (stored: NoteCorrection, before: NoteCorrection | undefined) =>
  stored.xmlKey !== (before?.xmlKey ?? null) || stored.pdfKey !== (before?.pdfKey ?? null);
