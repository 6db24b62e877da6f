// A note's files copied from the provider into our storage, under private/fiscal/ (which /files never serves):
// the XML is the legal document the shop must keep for five years, the DANFE its printout; they stay ours
// whatever happens to the provider account. Served only through the note's own route, to its customer and
// the administrators.
import type { FiscalProvider } from "../../adapters/fiscal/fiscal-provider.ts";
import type { FileStorage } from "../../adapters/storage/file-storage.ts";
import type { fiscalNotes } from "./tables.ts";

type NoteRow = typeof fiscalNotes.$inferSelect;

export const noteFileKinds = ["xml", "danfe", "cancelamento", "carta-correcao-xml", "carta-correcao"] as const;
export type NoteFileKind = (typeof noteFileKinds)[number];

/** Keys under this prefix are private: the public /files route refuses them. */
export const PRIVATE_PREFIX = "private/";

type FileColumns = {
  provider: keyof NoteRow;
  key: "xmlKey" | "danfeKey" | "cancellationXmlKey" | "correctionXmlKey" | "correctionPdfKey";
  suffix: string;
  contentType: string;
};

const FILES: Record<NoteFileKind, FileColumns> = {
  xml: { provider: "providerXmlPath", key: "xmlKey", suffix: "nfe.xml", contentType: "application/xml" },
  danfe: { provider: "providerDanfePath", key: "danfeKey", suffix: "danfe.pdf", contentType: "application/pdf" },
  cancelamento: {
    provider: "providerCancellationXmlPath",
    key: "cancellationXmlKey",
    suffix: "cancelamento.xml",
    contentType: "application/xml",
  },
  "carta-correcao-xml": {
    provider: "providerCorrectionXmlPath",
    key: "correctionXmlKey",
    suffix: "carta-correcao.xml",
    contentType: "application/xml",
  },
  "carta-correcao": {
    provider: "providerCorrectionPdfPath",
    key: "correctionPdfKey",
    suffix: "carta-correcao.pdf",
    contentType: "application/pdf",
  },
};

export const fileKeyOf = (row: NoteRow, kind: NoteFileKind): string | null => row[FILES[kind].key];

/** Where the provider keeps this file of the note, when it has it and we have not copied it yet. */
const uncopiedPath = (row: NoteRow, kind: NoteFileKind): string | null => {
  const path = row[FILES[kind].provider];
  return typeof path === "string" && path !== "" && row[FILES[kind].key] === null ? path : null;
};

/** Whether the provider holds a file of the note that we have not copied yet. */
export const hasFilesToCopy = (row: NoteRow): boolean => noteFileKinds.some((kind) => uncopiedPath(row, kind) !== null);

/** What the download is called: "NFe-<chave>-danfe.pdf", or by the order before the key is known. */
export function noteFileName(row: NoteRow, kind: NoteFileKind): string {
  const name = row.accessKey ? `NFe-${row.accessKey.replace(/^NFe/, "")}` : `NFe-${row.reference}`;
  return `${name}-${FILES[kind].suffix}`;
}

/** Where the file is kept: by the month it was authorised (São Paulo), then the note. */
function storageKey(row: NoteRow, kind: NoteFileKind): string {
  const at = row.authorizedAt ?? row.updatedAt;
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit" })
    .format(at)
    .replace("-", "/");
  return `${PRIVATE_PREFIX}fiscal/${month}/${row.reference}-${FILES[kind].suffix}`;
}

/**
 * Copies one file when the provider has it and we do not (or a new carta de correção replaced it): the
 * columns to write, null when there is nothing to copy, "failed" when the provider did not give it now.
 */
export async function storeNoteFile(
  storage: FileStorage,
  client: FiscalProvider,
  row: NoteRow,
  kind: NoteFileKind,
): Promise<Partial<NoteRow> | "failed" | null> {
  const files = FILES[kind];
  const path = uncopiedPath(row, kind);
  if (path === null) return null;
  try {
    const bytes = await client.download(path);
    const key = storageKey(row, kind);
    await storage.put(key, bytes, files.contentType);
    return { [files.key]: key };
  } catch {
    return "failed";
  }
}
