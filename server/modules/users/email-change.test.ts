import { describe, expect, it } from "vitest";
import { maskEmail } from "./email-change.ts";

describe("maskEmail", () => {
  it("keeps the domain and the first letters of the name, never the whole name", () => {
    expect(maskEmail("nova.ana@example.org")).toBe("no***@example.org");
    expect(maskEmail("ana@example.org")).toBe("a***@example.org");
    expect(maskEmail("a@example.org")).toBe("a***@example.org");
    expect(maskEmail('"a@b"@example.org')).toBe('"a***@example.org');
  });
});
