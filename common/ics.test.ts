import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, icsDateTime } from "./ics.ts";

const octets = (line: string) => new TextEncoder().encode(line).length;

describe("iCalendar", () => {
  it("writes UTC date-times", () => {
    expect(icsDateTime("2026-11-21T22:00:00.000Z")).toBe("20261121T220000Z");
  });

  it("escapes TEXT values", () => {
    expect(escapeText("a\\b; c, d\ne\r\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });

  it("folds long lines at 75 octets without splitting characters", () => {
    const line = `DESCRIPTION:${"ação ".repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(physical.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldLine("SUMMARY:curto")).toBe("SUMMARY:curto");
  });

  it("builds a calendar with CRLF endings and every required property", () => {
    const body = buildCalendar({
      name: "Agenda | Coop",
      now: new Date("2026-01-02T03:04:05Z"),
      events: [
        {
          uid: "7@coop.org.br",
          start: "2026-11-21T22:00:00.000Z",
          end: "2026-11-22T01:00:00.000Z",
          summary: "Feira, música; dança",
          description: "Linha 1\nLinha 2",
          location: "Sede, Rua A",
          url: "https://coop.org.br/agenda/feira",
          updatedAt: "2026-01-01T00:00:00.000Z",
        },
      ],
    });
    expect(body.endsWith("\r\n")).toBe(true);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = body.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toEqual(
      expect.arrayContaining([
        "VERSION:2.0",
        "X-WR-CALNAME:Agenda | Coop",
        "BEGIN:VEVENT",
        "UID:7@coop.org.br",
        "DTSTAMP:20260102T030405Z",
        "DTSTART:20261121T220000Z",
        "DTEND:20261122T010000Z",
        "SUMMARY:Feira\\, música\\; dança",
        "DESCRIPTION:Linha 1\\nLinha 2",
        "LOCATION:Sede\\, Rua A",
        "URL:https://coop.org.br/agenda/feira",
        "LAST-MODIFIED:20260101T000000Z",
        "END:VEVENT",
        "END:VCALENDAR",
      ]),
    );
    expect(lines.indexOf("BEGIN:VEVENT")).toBeLessThan(lines.indexOf("END:VEVENT"));
  });

  it("drops control characters from values", () => {
    const body = buildCalendar({
      events: [{ uid: "1@x", start: "2026-01-01T00:00:00Z", end: "2026-01-01T01:00:00Z", summary: "a\u0007b" }],
    });
    expect(body).toContain("SUMMARY:ab\r\n");
  });
});
