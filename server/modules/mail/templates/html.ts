/** Markup that is safe to place in an e-mail as it is: only `html` and the layout make it. */
export type Html = { readonly markup: string };

type HtmlValue = Html | string | number | null | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

function render(value: HtmlValue): string {
  if (value === null) return "";
  if (typeof value === "string" || typeof value === "number") return escapeHtml(String(value));
  if (Array.isArray(value)) return value.map(render).join("");
  return (value as Html).markup;
}

/**
 * Markup with every interpolated text escaped (in element content and in quoted attributes alike);
 * only other `html` results go in as they are.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let markup = strings[0] ?? "";
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? "");
  });
  return { markup };
}

/** Text someone typed, its line breaks kept. */
export const multiline = (text: string): Html => ({ markup: escapeHtml(text).replace(/\r?\n/g, "<br>") });
