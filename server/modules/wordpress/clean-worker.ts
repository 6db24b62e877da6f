/** Runs in a worker thread (see cleanWordPressContent): cleans the posts it is sent, one at a time. */
import { parentPort } from "node:worker_threads";
import { type CleanedContent, cleanWordPressContentNow, type ImportedImage } from "./wp-content.ts";

export type CleanRequest = {
  id: number;
  html: string;
  images: [number, ImportedImage][];
  attachedImageIds: number[] | undefined;
  /** The new address of each old one the post links to, looked up by the caller. */
  rewrites: [string, string][];
};
export type CleanReply = { id: number; cleaned: CleanedContent } | { id: number; failure: string };

parentPort?.on("message", ({ id, html, images, attachedImageIds, rewrites }: CleanRequest) => {
  let reply: CleanReply;
  try {
    const rewritten = new Map(rewrites);
    const cleaned = cleanWordPressContentNow(html, {
      images: new Map(images),
      attachedImageIds,
      rewriteUrl: (url) => rewritten.get(url) ?? null,
    });
    reply = { id, cleaned };
  } catch (error) {
    reply = { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
