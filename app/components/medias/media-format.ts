/** The list shows this many authors, then "et al.". */
export const LISTED_AUTHORS = 3;

/** A name as typed, without the braces that mark an organisation ("{Embrapa}" is shown as "Embrapa"). */
export function displayName(name: string): string {
  const corporate = /^\{(.*)\}$/.exec(name.trim());
  return corporate ? (corporate[1] ?? "").trim() : name.trim();
}

/** "Silva, Ana; Souza, João" — with more than `max` names, the first ones and "et al.". */
export function formatNames(names: string[], max = Number.POSITIVE_INFINITY): string {
  const shown = names.slice(0, max).map(displayName).join("; ");
  return names.length > max ? `${shown} et al.` : shown;
}

/** "1 item" / "12 itens". */
export const itemCount = (count: number) => `${count} ${count === 1 ? "item" : "itens"}`;
