import { describe, expect, it } from "vitest";
import { compoundFileNames, sniffDocumentFormat, zipEntries } from "./document-format.ts";
import { concat, makeCompoundFile, makeOfficeFile, makeOpenDocument, makePdf, makeZip } from "./test-documents.ts";

const text = (value: string) => new TextEncoder().encode(value);

describe("sniffDocumentFormat", () => {
  it("recognises PDF by its header", () => {
    expect(sniffDocumentFormat(makePdf())).toBe("pdf");
    expect(sniffDocumentFormat(text("%PDF"))).toBeNull();
  });

  it("tells docx, xlsx and pptx apart by the parts the zip directory names", () => {
    expect(sniffDocumentFormat(makeOfficeFile("word/document.xml"))).toBe("docx");
    expect(sniffDocumentFormat(makeOfficeFile("xl/workbook.xml"))).toBe("xlsx");
    expect(sniffDocumentFormat(makeOfficeFile("ppt/presentation.xml"))).toBe("pptx");
  });

  it("reads the OpenDocument type from the stored mimetype entry", () => {
    expect(sniffDocumentFormat(makeOpenDocument("text"))).toBe("odt");
    expect(sniffDocumentFormat(makeOpenDocument("spreadsheet"))).toBe("ods");
    expect(sniffDocumentFormat(makeOpenDocument("presentation"))).toBe("odp");
    expect(sniffDocumentFormat(makeZip({ mimetype: "application/epub+zip", "a.xml": "<a/>" }))).toBeNull();
  });

  it("refuses other zips: no [Content_Types].xml, no main part, or macros", () => {
    expect(sniffDocumentFormat(makeZip({ "word/document.xml": "<a/>" }))).toBeNull();
    expect(sniffDocumentFormat(makeZip({ "[Content_Types].xml": "<a/>", "foo.xml": "<a/>" }))).toBeNull();
    expect(
      sniffDocumentFormat(
        makeZip({ "[Content_Types].xml": "<a/>", "word/document.xml": "<a/>", "word/vbaProject.bin": "x" }),
      ),
    ).toBeNull();
  });

  it("finds the central directory after a comment, and refuses a cut or lying zip", () => {
    const zip = makeOfficeFile("word/document.xml");
    const withComment = concat([zip, text("comentário".repeat(10))]);
    new DataView(withComment.buffer).setUint16(zip.length - 2, withComment.length - zip.length, true);
    expect(sniffDocumentFormat(withComment)).toBe("docx");

    expect(sniffDocumentFormat(zip.subarray(0, zip.length - 30))).toBeNull();
    const lying = new Uint8Array(zip);
    new DataView(lying.buffer).setUint32(lying.length - 6, 0x7fffffff, true);
    expect(sniffDocumentFormat(lying)).toBeNull();
    expect(zipEntries(text("PK\u0003\u0004"))).toBeNull();
  });

  it("reads the names of a deflated zip without inflating anything", () => {
    const zip = makeOfficeFile("xl/workbook.xml", { deflate: true });
    const entries = zipEntries(zip);
    expect(entries?.map((entry) => [entry.name, entry.method])).toEqual([
      ["[Content_Types].xml", 8],
      ["_rels/.rels", 8],
      ["xl/workbook.xml", 8],
    ]);
    expect(sniffDocumentFormat(zip)).toBe("xlsx");
    // A deflated mimetype cannot be read in place: not a valid OpenDocument.
    expect(
      sniffDocumentFormat(makeZip({ mimetype: "application/vnd.oasis.opendocument.text" }, { deflate: true })),
    ).toBeNull();
  });

  it("tells doc, xls and ppt apart by the OLE directory, and refuses other compound files", () => {
    expect(sniffDocumentFormat(makeCompoundFile("WordDocument"))).toBe("doc");
    expect(sniffDocumentFormat(makeCompoundFile("Workbook"))).toBe("xls");
    expect(sniffDocumentFormat(makeCompoundFile("PowerPoint Document"))).toBe("ppt");
    // An MSI installer is a compound file too.
    expect(sniffDocumentFormat(makeCompoundFile("\u4840\u3b3f\u4577"))).toBeNull();
    expect(compoundFileNames(makeCompoundFile("WordDocument"))).toEqual(["Root Entry", "WordDocument"]);
    expect(sniffDocumentFormat(makeCompoundFile("WordDocument").subarray(0, 700))).toBeNull();
  });

  it("refuses executables, scripts and text, whatever they are called", () => {
    expect(sniffDocumentFormat(text("MZ\u0090\u0000\u0003 This program cannot be run in DOS mode"))).toBeNull();
    expect(sniffDocumentFormat(text("\u007fELF"))).toBeNull();
    expect(sniffDocumentFormat(text("#!/bin/sh\nrm -rf /"))).toBeNull();
    expect(sniffDocumentFormat(text("Ata da assembleia"))).toBeNull();
    expect(sniffDocumentFormat(new Uint8Array())).toBeNull();
  });
});
