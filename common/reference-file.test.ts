import { describe, expect, it } from "vitest";
import { decodeReferenceFile } from "./reference-file.ts";

const bytes = (buffer: Buffer) => new Uint8Array(buffer).buffer;
const entry = "@book{a, title = {Educação no campo}}";

describe("decodeReferenceFile", () => {
  it("reads UTF-8, dropping a BOM", () => {
    expect(decodeReferenceFile(bytes(Buffer.from(`\uFEFF${entry}`, "utf8")))).toBe(entry);
  });

  it("reads a Latin-1 (Windows-1252) file from an older reference manager with its accents", () => {
    expect(decodeReferenceFile(bytes(Buffer.from(entry, "latin1")))).toBe(entry);
    expect(decodeReferenceFile(bytes(Buffer.from([0x93, 0x61, 0x94])))).toBe("“a”");
  });
});
