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

  it.each([
    ["/busca?q=日本", "/busca?q=%E6%97%A5%E6%9C%AC"],
    ["/busca?q=🌱 café", "/busca?q=%F0%9F%8C%B1%20caf%C3%A9"],
    ["/notícias/são-joão#programação", "/not%C3%ADcias/s%C3%A3o-jo%C3%A3o#programa%C3%A7%C3%A3o"],
    ["/busca?q=%E6%97%A5%E6%9C%AC", "/busca?q=%E6%97%A5%E6%9C%AC"],
    ["/busca?q=\uD800", "/busca?q=%EF%BF%BD"],
  ])("percent-encodes %j so it can be sent in a Location header", (target, expected) => {
    const encoded = safeRedirect(target);
    expect(encoded).toBe(expected);
    expect(() => new Headers({ location: encoded })).not.toThrow();
  });

  it("uses the fallback for missing values", () => {
    expect(safeRedirect(null, "/conta")).toBe("/conta");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
