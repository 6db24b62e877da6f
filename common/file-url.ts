/** Urls that already name their host (or are in-browser previews) are left alone. */
const ABSOLUTE = /^(https?:|blob:|data:|\/\/)/i;

/**
 * The address of an uploaded file: urls not starting with http are relative
 * to the file storage, so they get its address (FILES_URL) when one is set.
 */
export function fileUrl(url: string | null | undefined, filesUrl?: string): string {
  if (!url) return "";
  if (!filesUrl || ABSOLUTE.test(url)) return url;
  return `${filesUrl.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`;
}
