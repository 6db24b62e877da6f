import type { TagCount } from "../../../common/views/content.ts";
import { AppLink } from "../app-link.tsx";
import { TagIcon } from "./icons.tsx";
import styles from "./tags.module.css";

const tagHref = (basePath: string, tag: string) => `${basePath}?${new URLSearchParams({ tag })}`;

/** The tags of one item; with `basePath` each links to the list filtered by it. */
export function TagList({ tags, basePath }: { tags: string[]; basePath?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Etiquetas">
      {tags.map((tag) => (
        <li key={tag}>
          {basePath ? (
            <AppLink className={styles.tag} to={tagHref(basePath, tag)}>
              <TagIcon size={12} />
              {tag}
            </AppLink>
          ) : (
            <span className={styles.tag}>
              <TagIcon size={12} />
              {tag}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Every tag in use with its count, to filter a list; the active one is marked. */
export function TagFilter({ tags, active, basePath }: { tags: TagCount[]; active: string | null; basePath: string }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label="Filtrar por etiqueta">
      <ul className={styles.list}>
        <li>
          <AppLink className={styles.filter} to={basePath} aria-current={active ? undefined : "page"}>
            Todas
          </AppLink>
        </li>
        {tags.map(({ tag, count }) => (
          <li key={tag}>
            <AppLink
              className={styles.filter}
              to={tagHref(basePath, tag)}
              aria-current={tag === active ? "page" : undefined}
            >
              {tag} ({count})
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
