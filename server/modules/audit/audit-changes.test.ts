import { describe, expect, it } from "vitest";
import { changedFields } from "./audit-changes.ts";

describe("changedFields", () => {
  it("keeps only the fields whose value changed, with both values", () => {
    expect(changedFields({ title: "A", price: 1000, tags: ["x"] }, { title: "A", price: 1200, tags: ["x"] })).toEqual({
      price: { before: 1000, after: 1200 },
    });
  });

  it("names every field of a created or deleted record", () => {
    expect(changedFields(null, { title: "Nova" })).toEqual({ title: { before: null, after: "Nova" } });
    expect(changedFields({ title: "Velha" }, null)).toEqual({ title: { before: "Velha", after: null } });
  });

  it("leaves out the empty fields of a record made or deleted, but not an update's field emptied", () => {
    const empty = { title: "Nova", summary: "", tags: [], cover: null };
    expect(changedFields(null, empty)).toEqual({ title: { before: null, after: "Nova" } });
    expect(changedFields(empty, null)).toEqual({ title: { before: "Nova", after: null } });
    expect(changedFields({ summary: "Texto", tags: ["a"] }, { summary: "", tags: [] })).toEqual({
      summary: { before: "Texto", after: "" },
      tags: { before: ["a"], after: [] },
    });
  });

  it("shows a secret only as changed, and not at all when it did not change", () => {
    expect(changedFields({ token: "a" }, { token: "b" }, ["token"])).toEqual({
      token: { before: "alterado", after: "alterado" },
    });
    expect(changedFields({ token: "a" }, { token: "a" }, ["token"])).toEqual({});
  });

  it("compares dates and nested values by what they hold", () => {
    const at = new Date("2026-11-27T10:00:00Z");
    expect(
      changedFields({ at, address: { cep: "01001000" } }, { at: new Date(at), address: { cep: "01001000" } }),
    ).toEqual({});
    expect(changedFields({ at }, { at: new Date("2026-11-28T10:00:00Z") })).toEqual({
      at: { before: "2026-11-27T10:00:00.000Z", after: "2026-11-28T10:00:00.000Z" },
    });
  });
});
