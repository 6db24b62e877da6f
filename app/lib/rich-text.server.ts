import type { RouterContextProvider } from "react-router";
import { truncate } from "../../common/seo.ts";
import { getApp } from "./context.server.ts";
import type { RichText } from "./rich-text.ts";

/** Keeps a rich text out of the hydration data of a document request (see rich-text.ts). */
export function keepRichText(context: Readonly<RouterContextProvider>, html: string): RichText {
  const app = getApp(context);
  if (!app.documentRequest || !html.trim()) return html;
  const key = String(app.keptRichText.size + 1);
  app.keptRichText.set(key, html);
  return { kept: key };
}

/**
 * A page's text for a visitor, and what its description falls back to when it has no summary: the
 * meta function runs without the text once it is kept on the server.
 */
export function publicText(context: Readonly<RouterContextProvider>, item: { summary: string; content: string }) {
  return {
    content: keepRichText(context, item.content),
    textExcerpt: item.summary ? "" : truncate(item.content, DESCRIPTION_SOURCE_LENGTH),
  };
}

/** The longest description a page gets is cut from this much of its text (common/seo.ts truncates it again). */
const DESCRIPTION_SOURCE_LENGTH = 300;
