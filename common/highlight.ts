export type HighlightPart = { text: string; mark: boolean };

/**
 * Splits a search excerpt whose matches the server wrapped in «» into plain and marked
 * parts, to be rendered as text nodes and <mark> elements (never as HTML).
 * A marker without its pair is kept as an ordinary character.
 */
export function highlightParts(excerpt: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const push = (text: string, mark: boolean) => {
    if (text === "") return;
    const last = parts.at(-1);
    if (last && last.mark === mark) last.text += text;
    else parts.push({ text, mark });
  };
  let rest = excerpt;
  while (rest !== "") {
    const open = rest.indexOf("«");
    const close = open === -1 ? -1 : rest.indexOf("»", open + 1);
    if (open === -1 || close === -1) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, open), false);
    push(rest.slice(open + 1, close), true);
    rest = rest.slice(close + 1);
  }
  return parts;
}
