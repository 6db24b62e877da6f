import { mediaEmbed } from "../../../common/media-embed.ts";
import styles from "./media-player.module.css";

/**
 * The player of an item's video or audio, worked out from the address alone (no call to the provider
 * while the page is built): the provider's player for YouTube and Vimeo, the browser's own for files.
 */
export function MediaPlayer({ url, title }: { url: string; title: string }) {
  const embed = url ? mediaEmbed(url) : null;
  if (!embed) return null;
  if (embed.kind === "iframe") {
    return (
      <div className={styles.frame}>
        <iframe
          src={embed.src}
          title={`Vídeo: ${title}`}
          loading="lazy"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  if (embed.kind === "video") {
    return (
      // biome-ignore lint/a11y/useMediaCaption: items carry no caption file; the page describes the content
      <video controls preload="metadata" src={embed.src} aria-label={`Vídeo: ${title}`} className={styles.media} />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: items carry no caption file; the page describes the content
    <audio controls preload="metadata" src={embed.src} aria-label={`Áudio: ${title}`} className={styles.media} />
  );
}
