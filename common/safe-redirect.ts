const hasControlOrBackslash = (value: string) =>
  [...value].some((char) => char === "\\" || (char.codePointAt(0) ?? 0) < 0x20 || char === "\u007f");

const LOCAL = "http://local.invalid";

/**
 * Only a local path that starts with a single "/" may be a return target:
 * "//host", "/\host", absolute urls and paths with control characters
 * (browsers drop tabs and newlines, turning "/\t/host" into "//host") lead home instead.
 * The target comes back percent-encoded as a browser would send it: a Location header
 * takes bytes up to U+00FF only, and "/busca?q=日本" would fail the whole response.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (hasControlOrBackslash(target)) return fallback;
  let url: URL;
  try {
    // Not URL.parse: this also runs in the browser, and older phones lack it.
    url = new URL(target, LOCAL);
  } catch {
    return fallback;
  }
  if (url.origin !== LOCAL) return fallback;
  return url.pathname + url.search + url.hash;
}
