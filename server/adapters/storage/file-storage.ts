/**
 * Where uploaded files live. Keys are relative paths such as
 * `images/2026/11/<id>/thumb.webp`; the local folder is the default and an
 * object store can implement the same contract.
 */
export type StoredFile = { body: ReadableStream<Uint8Array>; size: number; contentType: string };

export type FileStorage = {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order (backups, moving files to another storage). */
  list(): AsyncIterable<string>;
  /** The public url of a key: `/files/<key>`, prefixed with FILES_URL when set. */
  url(key: string): string;
};
