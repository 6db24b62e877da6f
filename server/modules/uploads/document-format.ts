/**
 * Documents we accept, told apart by their content: PDF by its header, Office
 * Open XML and OpenDocument by the zip container's central directory (read in
 * place, nothing is extracted), legacy Office files by the OLE compound file's
 * directory. A file's name or declared type is never trusted.
 */
export type DocumentFormat = "pdf" | "docx" | "xlsx" | "pptx" | "odt" | "ods" | "odp" | "doc" | "xls" | "ppt";

export const documentFormats: Record<DocumentFormat, { mimeType: string; extension: string }> = {
  pdf: { mimeType: "application/pdf", extension: "pdf" },
  docx: { mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
  xlsx: { mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" },
  pptx: { mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", extension: "pptx" },
  odt: { mimeType: "application/vnd.oasis.opendocument.text", extension: "odt" },
  ods: { mimeType: "application/vnd.oasis.opendocument.spreadsheet", extension: "ods" },
  odp: { mimeType: "application/vnd.oasis.opendocument.presentation", extension: "odp" },
  doc: { mimeType: "application/msword", extension: "doc" },
  xls: { mimeType: "application/vnd.ms-excel", extension: "xls" },
  ppt: { mimeType: "application/vnd.ms-powerpoint", extension: "ppt" },
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Bounds-checked little-endian reads: a lying offset gives null, never an exception or a huge loop. */
function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    u16: (offset: number) => (offset >= 0 && offset + 2 <= bytes.length ? view.getUint16(offset, true) : null),
    u32: (offset: number) => (offset >= 0 && offset + 4 <= bytes.length ? view.getUint32(offset, true) : null),
  };
}

type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

/** The entries named in the zip's central directory; null when the container is broken. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const { u16, u32 } = reader(bytes);
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 64 KiB comment.
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 0xffff); offset--) {
    if (u32(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16(end + 10);
  const directoryOffset = u32(end + 16);
  if (count === null || directoryOffset === null || directoryOffset === 0xffffffff) return null;

  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (u32(offset) !== 0x02014b50) return null;
    const method = u16(offset + 10);
    const compressedSize = u32(offset + 20);
    const nameLength = u16(offset + 28);
    const extraLength = u16(offset + 30);
    const commentLength = u16(offset + 32);
    const localOffset = u32(offset + 42);
    if (
      method === null ||
      compressedSize === null ||
      nameLength === null ||
      extraLength === null ||
      commentLength === null ||
      localOffset === null ||
      offset + 46 + nameLength > bytes.length
    ) {
      return null;
    }
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    entries.push({ name, method, compressedSize, localOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** OpenDocument names its type in a `mimetype` entry stored without compression: read it in place. */
function storedText(bytes: Uint8Array, entry: ZipEntry): string | null {
  const { u16, u32 } = reader(bytes);
  if (entry.method !== 0 || entry.compressedSize > 200 || u32(entry.localOffset) !== 0x04034b50) return null;
  const nameLength = u16(entry.localOffset + 26);
  const extraLength = u16(entry.localOffset + 28);
  if (nameLength === null || extraLength === null) return null;
  const start = entry.localOffset + 30 + nameLength + extraLength;
  if (start + entry.compressedSize > bytes.length) return null;
  return new TextDecoder().decode(bytes.subarray(start, start + entry.compressedSize)).trim();
}

const openDocumentTypes: Record<string, DocumentFormat> = {
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
  "application/vnd.oasis.opendocument.presentation": "odp",
};

/** The main part each Office Open XML type keeps beside `[Content_Types].xml`. */
const officeMainParts: [string, DocumentFormat][] = [
  ["word/document.xml", "docx"],
  ["xl/workbook.xml", "xlsx"],
  ["ppt/presentation.xml", "pptx"],
];

function sniffZip(bytes: Uint8Array): DocumentFormat | null {
  const entries = zipEntries(bytes);
  if (!entries) return null;
  const names = new Set(entries.map((entry) => entry.name));
  const mimetype = entries.find((entry) => entry.name === "mimetype");
  if (mimetype) return openDocumentTypes[storedText(bytes, mimetype) ?? ""] ?? null;
  if (!names.has("[Content_Types].xml")) return null;
  // Macro-enabled files (docm, xlsm, pptm) keep their macros in vbaProject.bin: not for a public site.
  if (entries.some((entry) => entry.name.toLowerCase().endsWith("vbaproject.bin"))) return null;
  return officeMainParts.find(([part]) => names.has(part))?.[1] ?? null;
}

const END_OF_CHAIN = 0xfffffffe;

/** The stream and storage names in an OLE compound file's directory (MS-CFB). */
export function compoundFileNames(bytes: Uint8Array): string[] | null {
  const { u16, u32 } = reader(bytes);
  const shift = u16(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const maxSectors = Math.ceil(bytes.length / sectorSize);

  // The FAT sectors: 109 listed in the header, more in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  const fatCount = u32(0x2c) ?? 0;
  for (let index = 0; index < 109 && fatSectors.length < fatCount; index++) {
    const sector = u32(0x4c + index * 4);
    if (sector === null) return null;
    fatSectors.push(sector);
  }
  let difat = u32(0x44) ?? END_OF_CHAIN;
  for (let hops = 0; difat < 0xfffffffa && fatSectors.length < fatCount; hops++) {
    if (hops > maxSectors) return null;
    for (let index = 0; index < perSector - 1 && fatSectors.length < fatCount; index++) {
      const sector = u32(sectorOffset(difat) + index * 4);
      if (sector === null) return null;
      fatSectors.push(sector);
    }
    difat = u32(sectorOffset(difat) + (perSector - 1) * 4) ?? END_OF_CHAIN;
  }
  const next = (sector: number) => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    return fatSector === undefined ? null : u32(sectorOffset(fatSector) + (sector % perSector) * 4);
  };

  const names: string[] = [];
  let sector: number | null = u32(0x30);
  for (let hops = 0; sector !== null && sector < 0xfffffffa; hops++) {
    if (hops > maxSectors) return null;
    const start = sectorOffset(sector);
    if (start + sectorSize > bytes.length) return null;
    for (let entry = start; entry < start + sectorSize; entry += 128) {
      const length = u16(entry + 0x40) ?? 0;
      const type = bytes[entry + 0x42];
      if (length < 2 || length > 64 || (type !== 1 && type !== 2 && type !== 5)) continue;
      let name = "";
      for (let index = 0; index < length - 2; index += 2) name += String.fromCharCode(u16(entry + index) ?? 0);
      names.push(name);
    }
    sector = next(sector);
  }
  return names;
}

function sniffCompoundFile(bytes: Uint8Array): DocumentFormat | null {
  const names = compoundFileNames(bytes);
  if (!names) return null;
  if (names.includes("WordDocument")) return "doc";
  if (names.includes("Workbook") || names.includes("Book")) return "xls";
  if (names.includes("PowerPoint Document")) return "ppt";
  return null;
}

/** The document's format from its bytes, or null for anything else (executables, installers, text...). */
export function sniffDocumentFormat(bytes: Uint8Array): DocumentFormat | null {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, ZIP)) return sniffZip(bytes);
  if (startsWith(bytes, OLE)) return sniffCompoundFile(bytes);
  return null;
}
