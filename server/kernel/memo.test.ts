import { describe, expect, it } from "vitest";
import { memo } from "./memo.ts";

describe("memo", () => {
  it("loads once for concurrent and later readers, and again after invalidate", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const value = memo<number>();
    expect(await Promise.all([value.get(load), value.get(load)])).toEqual([1, 1]);
    expect(await value.get(load)).toBe(1);
    value.invalidate();
    expect(await value.get(load)).toBe(2);
    expect(loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    let fail = true;
    const load = async () => {
      if (fail) throw new Error("banco fora do ar");
      return "ok";
    };
    const value = memo<string>();
    await expect(value.get(load)).rejects.toThrow("banco fora do ar");
    fail = false;
    expect(await value.get(load)).toBe("ok");
  });

  it("a load started before invalidate is not served afterwards", async () => {
    const releases: (() => void)[] = [];
    let version = 0;
    const load = () =>
      new Promise<number>((resolve) => {
        const loaded = ++version;
        releases.push(() => resolve(loaded));
      });
    const value = memo<number>();
    const stale = value.get(load);
    value.invalidate();
    const fresh = value.get(load);
    for (const release of releases) release();
    expect(await stale).toBe(1);
    expect(await fresh).toBe(2);
    expect(await value.get(load)).toBe(2);
  });

  it("a failure of a superseded load does not drop the newer one", async () => {
    const settle: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<string>((resolve, reject) => settle.push({ resolve, reject }));
    };
    const value = memo<string>();
    const old = value.get(load);
    value.invalidate();
    const current = value.get(load);
    settle[0]?.reject(new Error("antigo"));
    settle[1]?.resolve("novo");
    await expect(old).rejects.toThrow("antigo");
    expect(await current).toBe("novo");
    expect(await value.get(load)).toBe("novo");
    expect(loads).toBe(2);
  });
});
