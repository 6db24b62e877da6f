import { describe, expect, it } from "vitest";
import { isFinal, isUnsettled, nextNoteState, noteStates, pollDelaySeconds } from "./note-states.ts";

describe("a nota fiscal's states", () => {
  it("goes from waiting to processing when sent, then to what SEFAZ answered", () => {
    expect(nextNoteState("waiting", { type: "sent" })).toBe("processing");
    expect(nextNoteState("processing", { type: "reported", status: "authorized" })).toBe("authorized");
    expect(nextNoteState("processing", { type: "reported", status: "rejected" })).toBe("rejected");
    expect(nextNoteState("processing", { type: "reported", status: "denied" })).toBe("denied");
    expect(nextNoteState("authorized", { type: "reported", status: "cancelled" })).toBe("cancelled");
  });

  it("ignores a report repeated, and one older than what is known (webhooks out of order)", () => {
    expect(nextNoteState("authorized", { type: "reported", status: "authorized" })).toBeNull();
    expect(nextNoteState("authorized", { type: "reported", status: "processing" })).toBeNull();
    expect(nextNoteState("cancelled", { type: "reported", status: "authorized" })).toBeNull();
    expect(nextNoteState("denied", { type: "reported", status: "processing" })).toBeNull();
    expect(nextNoteState("authorized", { type: "sent" })).toBeNull();
  });

  it("sends again only a rejected note, and a late report of its authorisation still counts", () => {
    expect(nextNoteState("rejected", { type: "reissue" })).toBe("waiting");
    expect(nextNoteState("rejected", { type: "sent" })).toBe("processing");
    expect(nextNoteState("rejected", { type: "reported", status: "authorized" })).toBe("authorized");
    for (const state of noteStates.filter((name) => name !== "rejected"))
      expect(nextNoteState(state, { type: "reissue" })).toBeNull();
  });

  it("never rejects a waiting note on a report (an earlier send's, left at the provider), only on the refusal of our own send", () => {
    expect(nextNoteState("waiting", { type: "reported", status: "rejected" })).toBeNull();
    expect(nextNoteState("waiting", { type: "refused" })).toBe("rejected");
    for (const state of noteStates.filter((name) => name !== "waiting"))
      expect(nextNoteState(state, { type: "refused" })).toBeNull();
    expect(nextNoteState("waiting", { type: "reported", status: "authorized" })).toBe("authorized");
    expect(nextNoteState("processing", { type: "reported", status: "rejected" })).toBe("rejected");
  });

  it("names denied and cancelled final, and only them", () => {
    expect(noteStates.filter(isFinal)).toEqual(["denied", "cancelled"]);
  });

  it("a denied or cancelled note is final", () => {
    for (const state of ["denied", "cancelled"] as const) {
      expect(nextNoteState(state, { type: "sent" })).toBeNull();
      for (const status of ["processing", "authorized", "rejected", "denied", "cancelled"] as const)
        expect(nextNoteState(state, { type: "reported", status })).toBeNull();
    }
  });

  it("is polled while waiting or processing only", () => {
    expect(noteStates.filter(isUnsettled)).toEqual(["waiting", "processing"]);
  });

  it("polls with a growing wait, at most six hours, never sooner than the provider asked", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map((attempt) => pollDelaySeconds(attempt))).toEqual([
      60, 120, 300, 900, 1800, 3600, 10800, 21600, 21600, 21600,
    ]);
    expect(pollDelaySeconds(0, 90)).toBe(90);
    expect(pollDelaySeconds(-3)).toBe(60);
  });
});
