// iCalendar (RFC 5545) files for the agenda: one event to add to a calendar, or the whole agenda as a feed.

export type IcsEvent = {
  /** Globally unique and stable, e.g. "12@www.cooperativa.org.br". */
  uid: string;
  start: string | Date;
  end: string | Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** Last change, written as LAST-MODIFIED. */
  updatedAt?: string | Date;
};

export type IcsCalendar = {
  events: IcsEvent[];
  /** Shown by calendar apps as the subscribed calendar's name. */
  name?: string;
  /** DTSTAMP of every event: when the file was made. */
  now?: Date;
};

const CRLF = "\r\n";
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** A UTC DATE-TIME: 20261122T220000Z. */
export function icsDateTime(value: string | Date): string {
  return toDate(value)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line so no physical line passes 75 octets (RFC 5545 §3.1): continuation
 * lines start with one space, and a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = lines.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** Control characters are not allowed in property values; tab and line breaks (escaped later) stay. */
const clean = (value: string) =>
  Array.from(value)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join("");

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${clean(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(clean(event.summary))}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(clean(event.description))}`);
  if (event.location) lines.push(`LOCATION:${escapeText(clean(event.location))}`);
  if (event.url) lines.push(`URL:${clean(event.url)}`);
  if (event.updatedAt) lines.push(`LAST-MODIFIED:${icsDateTime(event.updatedAt)}`);
  lines.push("STATUS:CONFIRMED", "END:VEVENT");
  return lines;
}

/** A complete VCALENDAR with CRLF line endings and folded lines. */
export function buildCalendar(calendar: IcsCalendar): string {
  const stamp = icsDateTime(calendar.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//cms//Agenda//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(clean(calendar.name))}`);
  for (const event of calendar.events) lines.push(...eventLines(event, stamp));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
