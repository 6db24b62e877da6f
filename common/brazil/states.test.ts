import { describe, expect, it } from "vitest";
import { isStateCode, STATE_PLACEHOLDER, stateOptions, states } from "./states.ts";

describe("states", () => {
  it("lists the 26 states and the Distrito Federal once each", () => {
    expect(states).toHaveLength(27);
    expect(new Set(states.map((state) => state.code)).size).toBe(27);
    expect(new Set(states.map((state) => state.name)).size).toBe(27);
    for (const state of states) expect(state.code, state.name).toMatch(/^[A-Z]{2}$/);
    expect(states.find((state) => state.code === "DF")?.name).toBe("Distrito Federal");
    expect(states.find((state) => state.code === "SP")?.name).toBe("São Paulo");
  });

  it("is sorted by name in Brazilian Portuguese", () => {
    const names = states.map((state) => state.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("pt-BR").compare));
    expect(names.slice(13, 16)).toEqual(["Pará", "Paraíba", "Paraná"]);
  });

  it("recognises exactly the 27 codes, in capitals", () => {
    expect(isStateCode("SP")).toBe(true);
    expect(isStateCode("DF")).toBe(true);
    for (const value of ["sp", "", "XX", "BR", " SP", "SP ", "S\u0000P"]) expect(isStateCode(value), value).toBe(false);
  });
});

describe("stateOptions", () => {
  it("starts with the empty placeholder, then every state by name", () => {
    expect(STATE_PLACEHOLDER).toBe("Selecione o estado");
    expect(stateOptions[0]).toEqual({ value: "", label: "Selecione o estado" });
    expect(stateOptions).toHaveLength(28);
    expect(stateOptions.slice(1)).toEqual(states.map((state) => ({ value: state.code, label: state.name })));
    expect(new Set(stateOptions.map((option) => option.value)).size).toBe(28);
  });
});
