import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";

describe("formatFileSize", () => {
  it("counts small files in bytes", () => {
    expect(formatFileSize(0)).toBe("0 bytes");
    expect(formatFileSize(1023)).toBe("1023 bytes");
  });

  it("uses KB from 1024 bytes, with at most one decimal after a comma", () => {
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1,5 KB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1.024 KB");
  });

  it("uses MB from 1024 KB", () => {
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1,5 MB");
    expect(formatFileSize(1234 * 1024 * 1024)).toBe("1.234 MB");
  });
});
