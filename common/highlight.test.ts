import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight.ts";

describe("highlightParts", () => {
  it("marks the words the server wrapped in «»", () => {
    expect(highlightParts("A «feira» de «orgânicos» começa")).toEqual([
      { text: "A ", mark: false },
      { text: "feira", mark: true },
      { text: " de ", mark: false },
      { text: "orgânicos", mark: true },
      { text: " começa", mark: false },
    ]);
  });

  it("keeps markup-looking text as plain text parts", () => {
    expect(highlightParts("<script>«x»</script>")).toEqual([
      { text: "<script>", mark: false },
      { text: "x", mark: true },
      { text: "</script>", mark: false },
    ]);
  });

  it("leaves an unpaired marker as an ordinary character", () => {
    expect(highlightParts("preço » antes «sem fim")).toEqual([{ text: "preço » antes «sem fim", mark: false }]);
    expect(highlightParts("")).toEqual([]);
  });
});
