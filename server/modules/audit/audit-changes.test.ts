import { describe, expect, it } from "vitest";
import { auditChangeText, auditDetailText, auditValueText } from "../../../common/audit.ts";
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

describe("changedFields inside a field", () => {
  it("shows a change deep in a list of records as that item's field, whatever its fields are named", () => {
    const before = {
      Imagens: [
        { Endereço: "/a.jpg", Descrição: "" },
        { Endereço: "/b.jpg", Descrição: "Feira" },
      ],
    };
    const after = {
      Imagens: [
        { Endereço: "/a.jpg", Descrição: "Mel" },
        { Endereço: "/b.jpg", Descrição: "Feira" },
      ],
    };
    expect(changedFields(before, after)).toEqual({ "Imagens 1 › Descrição": { before: "", after: "Mel" } });
    expect(
      changedFields({ Capa: { url: "/a.jpg", foco: "centro" } }, { Capa: { url: "/a.jpg", foco: "topo" } }),
    ).toEqual({ "Capa › foco": { before: "centro", after: "topo" } });
  });

  it("shows a list that grew or shrank whole, and keeps a secret secret at any depth", () => {
    expect(changedFields({ Imagens: [{ Endereço: "/a.jpg" }] }, { Imagens: [] })).toEqual({
      Imagens: { before: [{ Endereço: "/a.jpg" }], after: [] },
    });
    expect(changedFields({ token: { valor: "a" } }, { token: { valor: "b" } }, ["token"])).toEqual({
      token: { before: "alterado", after: "alterado" },
    });
  });
});

describe("the texts of an entry", () => {
  it("reads a change as before → after and an event's fact as its value alone", () => {
    expect(auditChangeText("Título", { before: "Sobre", after: "Sobre nós" })).toBe("Título: Sobre → Sobre nós");
    expect(auditDetailText("E-mail", "ana@example.com")).toBe("E-mail: ana@example.com");
    expect(
      auditValueText([
        { Endereço: "/a.jpg", Descrição: "Mel" },
        { Endereço: "/b.jpg", Descrição: "" },
      ]),
    ).toBe("Endereço: /a.jpg, Descrição: Mel; Endereço: /b.jpg, Descrição: (vazio)");
  });
});
