import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirect("/conta/profile")).toBe("/conta/profile");
    expect(safeRedirect("/conta/users?page=2&q=ana")).toBe("/conta/users?page=2&q=ana");
  });

  it.each([
    ["//evil.example"],
    ["/\\evil.example"],
    ["https://evil.example"],
    ["http:evil.example"],
    ["javascript:alert(1)"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["conta"],
    [""],
  ])("sends %j home", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it("uses the fallback for missing values", () => {
    expect(safeRedirect(null, "/conta")).toBe("/conta");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
