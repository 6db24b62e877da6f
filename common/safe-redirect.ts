/**
 * Only a local path that starts with a single "/" may be a return target:
 * "//host", "/\host" and absolute urls all lead home instead.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  return target;
}
