/** How an item's video/audio is played, worked out from its address alone (no oEmbed call). */
export type MediaEmbed =
  | { kind: "iframe"; provider: "youtube" | "vimeo"; src: string }
  | { kind: "video" | "audio"; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_FILE = /\.(mp4|webm|ogv|mov)$/i;
const AUDIO_FILE = /\.(mp3|ogg|oga|wav|m4a|aac|opus|flac)$/i;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, "");
  if (host === "youtu.be") return url.pathname.slice(1).split("/")[0] ?? null;
  if (host !== "youtube.com" && host !== "youtube-nocookie.com") return null;
  if (url.pathname === "/watch") return url.searchParams.get("v");
  const match = /^\/(embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
  return match?.[2] ?? null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, "");
  if (host === "vimeo.com")
    return /^\/(?:channels\/[^/]+\/|groups\/[^/]+\/videos\/)?(\d+)(?:\/|$)/.exec(url.pathname)?.[1] ?? null;
  if (host === "player.vimeo.com") return /^\/video\/(\d+)/.exec(url.pathname)?.[1] ?? null;
  return null;
}

/** The player for an address, or null when it is neither YouTube, Vimeo nor an audio/video file. */
export function mediaEmbed(address: string): MediaEmbed | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const youtube = youtubeId(url);
  if (youtube && YOUTUBE_ID.test(youtube)) {
    return { kind: "iframe", provider: "youtube", src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  }
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: "iframe", provider: "vimeo", src: `https://player.vimeo.com/video/${vimeo}` };
  if (VIDEO_FILE.test(url.pathname)) return { kind: "video", src: url.href };
  if (AUDIO_FILE.test(url.pathname)) return { kind: "audio", src: url.href };
  return null;
}
