import { crc32, deflateRawSync } from "node:zlib";

/** Real small documents made on the fly for the upload tests. */

/** A minimal, valid one-page PDF with a correct cross-reference table. */
export function makePdf(text = "Ata da assembleia"): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A zip archive with the entries in the given order, stored as they are or deflated. */
export function makeZip(entries: Record<string, string>, options: { deflate?: boolean } = {}): Uint8Array {
  const method = options.deflate ? 8 : 0;
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = encoder.encode(name);
    const raw = encoder.encode(content);
    const crc = crc32(raw);
    const data = options.deflate ? new Uint8Array(deflateRawSync(raw)) : raw;
    const local = new Uint8Array(30 + nameBytes.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, raw.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    local.set(data, 30 + nameBytes.length);

    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, raw.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);

    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  return concat([...locals, ...centrals, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="application/vnd.openxmlformats-officedocument.main+xml"/></Types>`;

/** The skeleton of an Office Open XML file: `[Content_Types].xml`, the package relations and the main part. */
export function makeOfficeFile(
  main: "word/document.xml" | "xl/workbook.xml" | "ppt/presentation.xml",
  options: { deflate?: boolean } = {},
): Uint8Array {
  return makeZip(
    {
      "[Content_Types].xml": contentTypes(main),
      "_rels/.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${main}"/></Relationships>`,
      [main]: '<?xml version="1.0"?><root/>',
    },
    options,
  );
}

/** The skeleton of an OpenDocument file: the stored `mimetype` entry first, then the manifest and content. */
export function makeOpenDocument(kind: "text" | "spreadsheet" | "presentation"): Uint8Array {
  return makeZip({
    mimetype: `application/vnd.oasis.opendocument.${kind}`,
    "META-INF/manifest.xml": '<?xml version="1.0"?><manifest:manifest/>',
    "content.xml": '<?xml version="1.0"?><office:document-content/>',
  });
}

/** An OLE compound file (512-byte sectors): one FAT sector, one directory sector with the root and one stream. */
export function makeCompoundFile(streamName: string): Uint8Array {
  const sector = 512;
  const bytes = new Uint8Array(sector * 3);
  const view = new DataView(bytes.buffer);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, 1, true); // one FAT sector
  view.setUint32(0x30, 1, true); // directory in sector 1
  view.setUint32(0x38, 4096, true);
  view.setUint32(0x3c, 0xfffffffe, true);
  view.setUint32(0x44, 0xfffffffe, true);
  for (let index = 0; index < 109; index++) view.setUint32(0x4c + index * 4, index === 0 ? 0 : 0xffffffff, true);
  // FAT (sector 0): itself, then the one-sector directory chain.
  const fat = sector;
  for (let index = 0; index < 128; index++) view.setUint32(fat + index * 4, 0xffffffff, true);
  view.setUint32(fat, 0xfffffffd, true);
  view.setUint32(fat + 4, 0xfffffffe, true);
  // Directory (sector 1).
  const directory = sector * 2;
  const entry = (index: number, name: string, type: number) => {
    const at = directory + index * 128;
    for (let char = 0; char < name.length; char++) view.setUint16(at + char * 2, name.charCodeAt(char), true);
    view.setUint16(at + 0x40, (name.length + 1) * 2, true);
    bytes[at + 0x42] = type;
    view.setUint32(at + 0x44, 0xffffffff, true);
    view.setUint32(at + 0x48, 0xffffffff, true);
    view.setUint32(at + 0x4c, index === 0 ? 1 : 0xffffffff, true);
    view.setUint32(at + 0x74, 0xfffffffe, true);
  };
  entry(0, "Root Entry", 5);
  entry(1, streamName, 2);
  return bytes;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
