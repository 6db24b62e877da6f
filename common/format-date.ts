// Dates are stored in UTC and always shown on the cooperative's clock, whatever the server's or browser's zone.
const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  dateStyle: "short",
  timeStyle: "short",
});

/** A stored instant as pt-BR date and time in America/Sao_Paulo, e.g. "31/12/2025, 23:30". */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(typeof value === "string" ? new Date(value) : value);
}
