import type { DocumentUpload, ImageUpload } from "../../common/views/uploads.ts";
import { trackRequest } from "./background-requests.ts";

/**
 * Sends one file to the upload API (server/modules/uploads/routes.ts) from the browser; the top
 * progress bar follows the request like any navigation. A refusal is thrown as `{ data }` with the
 * API's `{message, errors}`, which notifyError and requestErrorText (./notify.ts) read.
 */
async function upload<T>(path: string, file: File): Promise<T> {
  const body = new FormData();
  body.append("file", file);
  const response = await trackRequest(fetch(path, { method: "POST", body, credentials: "same-origin" }));
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw { data: answer ?? response.statusText };
  return answer as T;
}

/** An image (covers, logos, pictures in rich text), stored with its smaller versions. */
export const uploadImage = (file: File) => upload<ImageUpload>("/api/uploads/images", file);

/** A PDF or office document attached to content or to a library item. */
export const uploadDocument = (file: File) => upload<DocumentUpload>("/api/uploads/documents", file);
