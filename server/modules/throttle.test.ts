import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DomainError } from "./errors.ts";
import { createThrottle } from "./throttle.ts";

const message = "Muitas tentativas. Aguarde.";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-05-01T12:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createThrottle", () => {
  it("blocks a key after maxHits within the window with a 429 domain error", () => {
    const throttle = createThrottle({ maxHits: 3, windowMs: 60_000, message });
    for (let hit = 0; hit < 3; hit++) {
      throttle.check("a");
      throttle.hit("a");
    }
    let error: unknown;
    try {
      throttle.check("a");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "rate_limited", message });
    expect(() => throttle.check("b")).not.toThrow();
  });

  it("forgets hits older than the window, one by one", () => {
    const throttle = createThrottle({ maxHits: 2, windowMs: 60_000, message });
    throttle.hit("a");
    vi.advanceTimersByTime(30_000);
    throttle.hit("a");
    expect(() => throttle.check("a")).toThrow(message);
    vi.advanceTimersByTime(30_000);
    expect(() => throttle.check("a")).not.toThrow();
    throttle.hit("a");
    expect(() => throttle.check("a")).toThrow(message);
    vi.advanceTimersByTime(60_000);
    expect(() => throttle.check("a")).not.toThrow();
  });

  it("reset clears a key", () => {
    const throttle = createThrottle({ maxHits: 1, windowMs: 60_000, message });
    throttle.hit("a");
    expect(() => throttle.check("a")).toThrow(message);
    throttle.reset("a");
    expect(() => throttle.check("a")).not.toThrow();
  });
});
