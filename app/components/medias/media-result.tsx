import { fileUrl } from "../../../common/file-url.ts";
import { mediaTypeLabels } from "../../../common/media.ts";
import type { MediaView } from "../../../common/views/medias.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import { MembersOnlyBadge } from "../site/members-only.tsx";
import { Badge } from "../site/ui/ui.tsx";
import { formatNames, LISTED_AUTHORS } from "./media-format.ts";
import styles from "./media-result.module.css";

/** Authors, or organisers marked "(org.)" when a work has only those. */
export function creditLine(item: Pick<MediaView, "authors" | "organizers">, max = LISTED_AUTHORS): string {
  if (item.authors.length > 0) return formatNames(item.authors, max);
  if (item.organizers.length > 0) return `${formatNames(item.organizers, max)} (org.)`;
  return "";
}

/** One item of the public list: cover, type, year, title linking to it, authors and source. */
export function MediaResult({ item }: { item: MediaView }) {
  const { filesUrl } = useRootData();
  const credits = creditLine(item);
  return (
    <li className={styles.result}>
      {item.cover ? (
        <img
          src={fileUrl(item.cover, filesUrl ?? undefined)}
          alt=""
          width={72}
          height={96}
          loading="lazy"
          className={styles.cover}
        />
      ) : null}
      <div className={styles.text}>
        <div className={styles.meta}>
          <Badge>
            <span className={styles.type}>{mediaTypeLabels[item.type]}</span>
          </Badge>
          {item.year ? <span className={styles.muted}>{item.year}</span> : null}
          <MembersOnlyBadge item={item} />
        </div>
        <h2 className={styles.title}>
          <AppLink to={item.url_path}>{item.title}</AppLink>
        </h2>
        {credits ? <p className={styles.line}>{credits}</p> : null}
        {item.source ? <p className={`${styles.line} ${styles.muted} ${styles.source}`}>{item.source}</p> : null}
      </div>
    </li>
  );
}
