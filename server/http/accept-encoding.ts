export type Encoding = "br" | "gzip" | "identity";

/** What a browser asked for in Accept-Encoding, brotli first: every current browser offers it. */
export function preferredEncoding(acceptEncoding: string): Encoding {
  const accepted = acceptEncoding
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, quality]) => quality?.trim() !== "q=0")
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}
