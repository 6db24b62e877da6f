const hasControlOrBackslash = (value: string) =>
  [...value].some((char) => char === "\\" || (char.codePointAt(0) ?? 0) < 0x20 || char === "\u007f");

/**
 * Only a local path that starts with a single "/" may be a return target:
 * "//host", "/\host", absolute urls and paths with control characters
 * (browsers drop tabs and newlines, turning "/\t/host" into "//host") lead home instead.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (hasControlOrBackslash(target)) return fallback;
  return target;
}
