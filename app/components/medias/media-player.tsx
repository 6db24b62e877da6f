import { AspectRatio, Box } from "@mantine/core";
import { mediaEmbed } from "../../../common/media-embed.ts";

/**
 * The player of an item's video or audio, worked out from the address alone (no call to the provider
 * while the page is built): the provider's player for YouTube and Vimeo, the browser's own for files.
 */
export function MediaPlayer({ url, title }: { url: string; title: string }) {
  const embed = url ? mediaEmbed(url) : null;
  if (!embed) return null;
  if (embed.kind === "iframe") {
    return (
      <AspectRatio ratio={16 / 9} maw={800}>
        <iframe
          src={embed.src}
          title={`Vídeo: ${title}`}
          loading="lazy"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0 }}
        />
      </AspectRatio>
    );
  }
  if (embed.kind === "video") {
    return (
      <Box>
        {/* biome-ignore lint/a11y/useMediaCaption: items carry no caption file; the page describes the content */}
        <video controls preload="metadata" src={embed.src} aria-label={`Vídeo: ${title}`} style={{ width: "100%" }} />
      </Box>
    );
  }
  return (
    <Box>
      {/* biome-ignore lint/a11y/useMediaCaption: items carry no caption file; the page describes the content */}
      <audio controls preload="metadata" src={embed.src} aria-label={`Áudio: ${title}`} style={{ width: "100%" }} />
    </Box>
  );
}
