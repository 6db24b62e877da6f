import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sharedJson } from "./shared-json.ts";

afterEach(() => vi.restoreAllMocks());

describe("sharedJson", () => {
  it("serializes one shared answer once, and answers it as JSON every time", async () => {
    const shared = { data: [{ id: 1, title: "Colheita de café em Minas" }], pagination: { total: 1 } };
    let answer: object = shared;
    const app = new Hono().get("/", (c) => sharedJson(c, answer));
    const stringify = vi.spyOn(JSON, "stringify");

    for (let request = 0; request < 3; request++) {
      const response = await app.request("/");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(await response.json()).toEqual(shared);
    }
    const calls = (value: object) => stringify.mock.calls.filter(([argument]) => argument === value).length;
    expect(calls(shared)).toBe(1);

    // Another answer (the next read after a change) is serialized for itself.
    const next = { data: [], pagination: { total: 0 } };
    answer = next;
    expect(await (await app.request("/")).json()).toEqual(next);
    expect(calls(next)).toBe(1);
    expect(calls(shared)).toBe(1);
  });
});
