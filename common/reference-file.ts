/**
 * The text of an uploaded reference file (BibTeX, RIS), read the same way by the REST import
 * (server/modules/medias/routes.ts) and the account screen (app/routes/conta/medias/import.tsx):
 * current tools write UTF-8, older reference managers Windows-1252 (Latin-1), so bytes that are not
 * valid UTF-8 are read as Windows-1252. A UTF-8 BOM is dropped.
 */
export function decodeReferenceFile(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
