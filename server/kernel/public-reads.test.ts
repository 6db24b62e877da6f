import { describe, expect, it } from "vitest";
import { createPublicReads, publicReader } from "./public-reads.ts";

describe("public reads", () => {
  it("answers the same question from memory until something changes", async () => {
    const reads = createPublicReads({ maxEntries: 10, maxAgeMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await reads.read("a", load)).toBe(1);
    expect(await reads.read("a", load)).toBe(1);
    expect(await reads.read("b", load)).toBe(2);
    reads.clear();
    expect(await reads.read("a", load)).toBe(3);
  });

  it("asks again after its maximum age, and after a failed read", async () => {
    let clock = 0;
    const reads = createPublicReads({ maxEntries: 10, maxAgeMs: 60_000, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    await reads.read("agenda", load);
    clock = 59_999;
    expect(await reads.read("agenda", load)).toBe(1);
    clock = 60_000;
    expect(await reads.read("agenda", load)).toBe(2);
    await expect(reads.read("missing", async () => Promise.reject(new Error("404")))).rejects.toThrow("404");
    expect(await reads.read("missing", async () => "found")).toBe("found");
  });

  it("keeps at most its number of entries, the least recently used leaving first", async () => {
    const reads = createPublicReads({ maxEntries: 2, maxAgeMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    await reads.read("a", load);
    await reads.read("b", load);
    await reads.read("a", load);
    await reads.read("c", load);
    expect(await reads.read("a", load)).toBe(1);
    expect(await reads.read("b", load)).toBe(4);
  });

  it("does not keep a read that was under way when a change came", async () => {
    const reads = createPublicReads({ maxEntries: 10, maxAgeMs: 60_000 });
    let release: (value: string) => void = () => {};
    const pending = new Promise<string>((resolve) => {
      release = resolve;
    });
    const before = reads.read("page", () => pending);
    reads.clear();
    release("old");
    expect(await before).toBe("old");
    expect(await reads.read("page", async () => "new")).toBe("new");
  });

  it("reads for itself inside a transaction", async () => {
    const publicReads = createPublicReads({ maxEntries: 10, maxAgeMs: 60_000 });
    const outside = publicReader({ inTransaction: false, publicReads }, "pages");
    const inside = publicReader({ inTransaction: true, publicReads }, "pages");
    await outside(null, "sobre", async () => "kept");
    expect(await inside(null, "sobre", async () => "own")).toBe("own");
    expect(await outside(null, "sobre", async () => "other")).toBe("kept");
  });

  it("reads for anyone signed in, never from what visitors were given", async () => {
    const publicReads = createPublicReads({ maxEntries: 10, maxAgeMs: 60_000 });
    const read = publicReader({ inTransaction: false, publicReads }, "pages");
    const admin = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" } as const;
    await read(null, "rascunhos", async () => "visitor's");
    expect(await read(admin, "rascunhos", async () => "admin's")).toBe("admin's");
  });
});
