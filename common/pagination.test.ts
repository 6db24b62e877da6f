import { describe, expect, it } from "vitest";
import { pageCount } from "./page-count.ts";
import { pageOffset, toPage } from "./pagination.ts";

describe("toPage", () => {
  it("wraps the rows with the total and the requested page and size", () => {
    expect(toPage(["a", "b"], 12, { page: 2, per_page: 10 })).toEqual({
      data: ["a", "b"],
      pagination: { total: 12, page: 2, per_page: 10 },
    });
  });

  it("keeps only page and per_page from a richer query", () => {
    const query = { page: 1, per_page: 20, q: "x", sort: "date_desc" };
    expect(toPage([], 0, query).pagination).toEqual({ total: 0, page: 1, per_page: 20 });
  });
});

describe("pageOffset", () => {
  it("skips the rows of the earlier pages", () => {
    expect(pageOffset({ page: 1, per_page: 20 })).toBe(0);
    expect(pageOffset({ page: 3, per_page: 20 })).toBe(40);
  });
});

describe("pageCount", () => {
  it("counts at least one page", () => {
    expect(pageCount({ total: 0, page: 1, per_page: 20 })).toBe(1);
    expect(pageCount({ total: 41, page: 1, per_page: 20 })).toBe(3);
  });
});
