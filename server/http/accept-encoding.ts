export type Encoding = "br" | "gzip" | "identity";

/** Browsers send a handful of distinct Accept-Encoding values: each is read once. */
const readHeaders = new Map<string, Encoding>();
const READ_HEADERS_KEPT = 64;

/** What a browser asked for in Accept-Encoding, brotli first: every current browser offers it. */
export function preferredEncoding(acceptEncoding: string): Encoding {
  const known = readHeaders.get(acceptEncoding);
  if (known) return known;
  const encoding = readPreferredEncoding(acceptEncoding);
  if (readHeaders.size >= READ_HEADERS_KEPT) readHeaders.clear();
  readHeaders.set(acceptEncoding, encoding);
  return encoding;
}

function readPreferredEncoding(acceptEncoding: string): Encoding {
  const accepted = acceptEncoding
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, quality]) => quality?.trim() !== "q=0")
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}
