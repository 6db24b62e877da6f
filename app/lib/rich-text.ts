import { createContext } from "react";

/**
 * Rich text the document's own HTML already carries. A page's loader sends this reference instead of
 * the text when it answers a document request, so the text is not sent a second time in the
 * hydration data; the browser takes it from the element the server rendered
 * (app/components/site/content-body.tsx). Data requests (client navigation) get the text itself.
 */
export type KeptRichText = { kept: string };
export type RichText = string | KeptRichText;

/** The kept texts of one server render, by reference (app/entry.server.tsx provides them). */
export const KeptRichTextContext = createContext<ReadonlyMap<string, string> | null>(null);
