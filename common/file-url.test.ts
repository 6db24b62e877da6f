import { describe, expect, it } from "vitest";
import { fileUrl } from "./file-url.ts";

describe("fileUrl", () => {
  it("prefixes storage-relative urls with the files address", () => {
    expect(fileUrl("/files/images/2026/05/a/thumb.webp", "https://cdn.example.com")).toBe(
      "https://cdn.example.com/files/images/2026/05/a/thumb.webp",
    );
    expect(fileUrl("files/a.png", "https://cdn.example.com/")).toBe("https://cdn.example.com/files/a.png");
  });

  it("leaves absolute urls and browser previews alone", () => {
    for (const url of [
      "https://outro.example.com/a.png",
      "http://outro.example.com/a.png",
      "//outro.example.com/a.png",
      "blob:http://localhost/123",
      "data:image/png;base64,AAAA",
    ]) {
      expect(fileUrl(url, "https://cdn.example.com")).toBe(url);
    }
  });

  it("keeps relative urls when no files address is set, and answers empty for no url", () => {
    expect(fileUrl("/files/a.png")).toBe("/files/a.png");
    expect(fileUrl("/files/a.png", "")).toBe("/files/a.png");
    expect(fileUrl(null, "https://cdn.example.com")).toBe("");
    expect(fileUrl(undefined)).toBe("");
    expect(fileUrl("")).toBe("");
  });
});
