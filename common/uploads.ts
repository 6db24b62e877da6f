/** What an upload holds: a picture (resized and checked by content) or a document (PDF, office files). */
export const uploadKinds = ["image", "document"] as const;
export type UploadKind = (typeof uploadKinds)[number];
