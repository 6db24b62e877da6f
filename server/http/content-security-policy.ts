import { createHash, randomBytes } from "node:crypto";

/** A fresh secret per render: only the scripts the app itself renders carry it. */
export const newCspNonce = (): string => randomBytes(18).toString("base64url");

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;

/**
 * SHA-256 sources of the inline scripts that carry `nonce`, as the browser hashes them: the text
 * between the tags, with line breaks normalised the way the HTML parser does. Scripts without the
 * nonce (anything that slipped into stored content) are left out, so the policy blocks them.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const marker = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (!attributes.includes(marker) || /\ssrc=/i.test(attributes)) continue;
    const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/** Google's tag and where it reports (developers.google.com/tag-platform/security/guides/csp). */
const ANALYTICS = {
  script: ["https://*.googletagmanager.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
};

/** The players the library and the rich text may embed (common/media-embed.ts, content/sanitize.ts). */
const PLAYERS = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"];

/**
 * The policy of one HTML document: scripts only from our origin plus the inline scripts of this very
 * body (by hash, so the header stays true when the body is cached and served again), Google's tag
 * only while analytics is configured. See docs/decisions/0007-content-security-policy.md.
 */
export function contentSecurityPolicy(input: { scriptHashes: string[]; analytics: boolean }): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...input.scriptHashes, ...(input.analytics ? ANALYTICS.script : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "http:", "https:"],
    ["media-src", "'self'", "http:", "https:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...(input.analytics ? ANALYTICS.connect : [])],
    ["frame-src", ...PLAYERS],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/**
 * Adds the policy to an HTML answer; `analytics` says whether Google's tag is configured. The body is read whole first: the header must name the hashes
 * of every script in it, including those React streams after the shell. The nonce has then done its
 * job (telling our scripts from any in stored content) and is taken out: the policy allows by hash,
 * and every copy of a cached page would otherwise carry the same dead secret.
 */
export async function withContentSecurityPolicy(
  response: Response,
  nonce: string,
  analytics: () => Promise<boolean>,
): Promise<Response> {
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  const policy = contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html, nonce), analytics: await analytics() });
  headers.set("Content-Security-Policy", policy);
  return new Response(html.replaceAll(` nonce="${nonce}"`, ""), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
